"""A group's card library (judge/domain/library.py, judge/app/library.py), on SQLite and PostgreSQL:
a card defined once is known to every later game of its collection and pinned in that game's record;
another collection's games do not know it; a correction or removal leaves old games as they were; an
import is all or none and idempotent, a conflicting redefinition is refused naming both versions."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.app import JudgeApp
from judge.app.library import read_cards
from judge.common.errors import InvalidArgument
from judge.rules.engine import ORGANIZER, Command, action_table
from tests.app.app_support import SETUP, seat

SLIME = {"id": "schleimiger-schleim", "name": "Schleimiger Schleim", "deck": "door", "kind": "monster",
         "level": 3, "treasures": 1, "text": "Schlimme Dinge: Verliere 1 Stufe.",
         "bad_stuff": {"lose_levels": 1}}


def pinned(app: JudgeApp, game_id: str) -> list[dict]:
    return list(app.store.game(game_id).setup.get("custom_cards", []))


def test_a_card_defined_once_is_known_to_the_next_game_of_the_collection(app: JudgeApp) -> None:
    card_id, added = app.library.add("stammtisch", "munchkin", SLIME, "admin")
    assert (card_id, added) == ("schleimiger-schleim", True)
    game = app.create_game(replace(SETUP, collection="stammtisch"))
    assert pinned(app, game.game_id) == [SLIME]
    anna = seat(app, game, 0)
    accepted = app.submit(game.game_id, "k1", Command(0, action_table("munchkin")["kick_door"](
        card="Schleimiger Schleim")), None, anna)
    assert accepted.version == 2
    view = app.view(game.game_id, ORGANIZER)
    assert view["combat"]["monsters"][0]["card"] == "schleimiger-schleim"


def test_another_collection_does_not_know_it(app: JudgeApp) -> None:
    app.library.add("stammtisch", "munchkin", SLIME, "admin")
    other = app.create_game(replace(SETUP, collection="turnier"))
    assert pinned(app, other.game_id) == []
    default = app.create_game(SETUP)
    assert pinned(app, default.game_id) == []


def test_a_correction_leaves_older_games_as_they_were(app: JudgeApp) -> None:
    app.library.add("stammtisch", "munchkin", SLIME, "admin")
    before = app.create_game(replace(SETUP, collection="stammtisch"))
    corrected = {**SLIME, "level": 4}
    card_id, was = app.library.edit("stammtisch", "munchkin", corrected, "admin")
    assert (card_id, was["level"]) == ("schleimiger-schleim", 3)
    after = app.create_game(replace(SETUP, collection="stammtisch"))
    assert pinned(app, before.game_id)[0]["level"] == 3
    assert pinned(app, after.game_id)[0]["level"] == 4
    app.library.remove("stammtisch", "munchkin", card_id, "admin")
    assert pinned(app, app.create_game(replace(SETUP, collection="stammtisch")).game_id) == []
    assert pinned(app, after.game_id)[0]["level"] == 4
    assert app.audit(before.game_id, ORGANIZER).clean and app.audit(after.game_id, ORGANIZER).clean


def test_a_definition_is_checked_as_a_game_checks_it(app: JudgeApp) -> None:
    with pytest.raises(InvalidArgument) as wrong:
        app.library.add("stammtisch", "munchkin", {**SLIME, "level": "drei"}, "admin")
    assert wrong.value.field == "card.level"
    with pytest.raises(InvalidArgument, match="shipped card"):
        app.library.add("stammtisch", "munchkin", {**SLIME, "id": "topfpflanze"}, "admin")
    assert app.library.cards("stammtisch", "munchkin") == {}


def test_an_import_is_idempotent_and_a_clash_names_both_versions(app: JudgeApp) -> None:
    text = '[[card]]\nid = "schleimiger-schleim"\nname = "Schleimiger Schleim"\ndeck = "door"\nkind = "monster"\n' \
           'level = 3\ntreasures = 1\ntext = "Schlimme Dinge: Verliere 1 Stufe."\nbad_stuff = { lose_levels = 1 }\n'
    first = app.library.import_cards("stammtisch", "munchkin", read_cards(text), "admin")
    again = app.library.import_cards("stammtisch", "munchkin", read_cards(text), "admin")
    assert (first.added, first.unchanged, again.added, again.unchanged) == (["schleimiger-schleim"], 0, [], 1)
    with pytest.raises(InvalidArgument) as clash:
        app.library.import_cards("stammtisch", "munchkin", read_cards(text.replace("level = 3", "level = 5")), "admin")
    assert '"level":3' in clash.value.message and '"level":5' in clash.value.message
    exported, count = app.library.export_toml("stammtisch", "munchkin")
    assert count == 1 and read_cards(exported) == [SLIME]


def test_an_import_is_all_or_none(app: JudgeApp) -> None:
    good = dict(SLIME)
    bad = {**SLIME, "id": "kaputt", "kind": "drache"}
    with pytest.raises(InvalidArgument) as refused:
        app.library.import_cards("stammtisch", "munchkin", [good, bad], "admin")
    assert refused.value.field.startswith("card[1]")
    assert app.library.cards("stammtisch", "munchkin") == {}


def test_monkic_values_in_the_library_start_a_game_without_a_values_file(app: JudgeApp) -> None:
    """002 prints no attack and shield points: a group enters its cards' values once."""
    from judge.rulesets.monkic.cards import load_values_file
    from tests.support.judge_process import ROOT

    values = load_values_file(ROOT / "examples" / "monkic" / "karten.toml")
    app.library.import_cards("mia-und-tom", "monkic", values, "admin")
    from judge.rules.engine import GameSetup, SeatSetup
    setup = GameSetup("monkic", (), (SeatSetup("Mia"), SeatSetup("Tom")), {}, "reported", collection="mia-und-tom")
    created = app.create_game(setup)
    assert len(pinned(app, created.game_id)) == len(values)
    with pytest.raises(InvalidArgument, match="no attack and shield values"):
        app.create_game(replace(setup, collection=""))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(levels=st.lists(st.integers(1, 20), min_size=1, max_size=4))
def test_a_game_replays_identically_after_its_library_changed(app: JudgeApp, levels: list[int]) -> None:
    """Whatever the library becomes after a game was created, the game's record and audit stay the same."""
    collection = f"c{abs(hash(tuple(levels))) % 10**9}"
    app.library.add(collection, "munchkin", {**SLIME, "level": levels[0]}, "admin")
    game = app.create_game(replace(SETUP, collection=collection))
    record = app.export_game(game.game_id, ORGANIZER)
    for level in levels[1:]:
        app.library.edit(collection, "munchkin", {**SLIME, "level": level}, "admin")
    app.library.remove(collection, "munchkin", "schleimiger-schleim", "admin")
    assert app.export_game(game.game_id, ORGANIZER) == record
    assert app.audit(game.game_id, ORGANIZER).clean
