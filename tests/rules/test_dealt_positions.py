"""Positions of a dealt table (docs/position.md, "A dealt table"; 000
SPIELVORBEREITUNGEN: "Die Karten werden in 2 Stapel aufgeteilt ... Beide
Stapel werden gemischt"): the judge knows every card, so a dealt position
names every hand card, its draw piles are known (written, or the rest of each
deck), and a card placed more often than the game has it is refused with
``munchkin.position.card-twice``, naming the field of the copy too many. A
dealt game's position, written with its seed and loaded into a new dealt
game, gives the same view but for the new seed's commitment."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.app.positions import position_of
from judge.rules import ORGANIZER, Command, Context, GameSetup, Malformed, Rejected, SeatSetup, Viewer, chance
from judge.rules.engine import canonical_json
from judge.rulesets.munchkin.dealing import deck_composition
from judge.rulesets.munchkin.position_dealt import placed_cards
from tests.bot import awaited, choose
from tests.rules.test_positions import _schema

SEED, OTHER = bytes(range(32)), bytes(range(1, 33))


def _dealt_game(name: str, seed: bytes) -> tuple[Any, Any]:
    rules = rulesets.get(name)
    seats = tuple(SeatSetup(f"P{i}", {"sex": "female"}) for i in range(3))
    setup = GameSetup(name, (), seats, {"seed_sha256": chance.commitment(seed)}, "dealt")
    rules.validate_setup(setup)
    state = rules.initial_state(setup)
    opening = rules.opening_command(state)
    return rules, rules.evolve_all(state, rules.decide(state, opening, Context(1_000_000, secret_seed=seed)))


def _play(rules: Any, state: Any, rng: random.Random, steps: int, seed: bytes) -> Any:
    cards = rules.catalogue()
    now = 1_000_000
    for _ in range(steps):
        view = rules.view(state, ORGANIZER)
        if view["status"] == "GAME_STATUS_FINISHED":
            break
        now += rng.choice([0, 3000])
        ctx = Context(now, secret_seed=seed)
        deadline = rules.pending_deadline_ms(state)
        if deadline is not None and now >= deadline:
            command = rules.deadline_command(state)
        else:
            seat = rng.choice(awaited(view) or [view["active_seat"]])
            legal = rules.legal_actions(state, seat, ctx)
            if not legal:
                continue
            command = Command(seat, choose(rng, legal, seat, cards))
        state = rules.evolve_all(state, rules.decide(state, command, ctx))
    return state


def _load(rules: Any, position: dict[str, Any], seed: bytes) -> Any:
    data = json.loads(json.dumps(position))  # as written to a file and read back
    setup = rules.setup_of_position(data)
    setup = GameSetup.from_dict({**setup.to_dict(), "options": {**setup.options,
                                                                "seed_sha256": chance.commitment(seed)}})
    rules.validate_setup(setup)
    return rules.initial_state(setup)


def _without_seed(view: dict[str, Any]) -> str:
    return canonical_json({k: v for k, v in view.items() if k not in ("seed_sha256", "seed")})


@pytest.mark.parametrize("name", ["munchkin", "star"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_spielvorbereitungen_a_dealt_games_position_accounts_for_every_card_and_loads_as_the_same_table(
        name, seed, steps):
    """Every card of both decks is placed exactly as often as the game has it (hands, play, discards,
    piles); loaded with a new seed, the table is the same: the same view but for the seed's commitment."""
    rules, state = _dealt_game(name, SEED)
    state = _play(rules, state, random.Random(seed), steps, SEED)
    position = position_of(rules, state, ORGANIZER, SEED)
    assert position is not None and position["mode"] == "dealt"
    _schema("munchkin").validate(json.loads(json.dumps(position)))
    cards = rules.catalogue()
    placed = Counter(c for _, c in placed_cards(position, rules.position_layer_cards(position)))
    everything = Counter(deck_composition(cards, "door") + deck_composition(cards, "treasure"))
    assert placed == everything
    loaded = _load(rules, position, OTHER)
    assert _without_seed(rules.view(loaded, ORGANIZER)) == _without_seed(rules.view(state, ORGANIZER))
    assert loaded.seed_sha256 == chance.commitment(OTHER) and loaded.dealt_out
    again = position_of(rules, loaded, ORGANIZER, OTHER)
    assert again is not None and again["piles"] == position["piles"]


def _position(**extra: Any) -> dict[str, Any]:
    seats = [{"name": n, "sex": "female", "level": 1} for n in ("Anna", "Ben", "Cem")]
    return {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "munchkin",
            "mode": "dealt", "seats": seats, **extra}


def _check(position: dict[str, Any]) -> None:
    """Validate as CreateGameFromPosition does (the judge adds a dealt game's seed commitment)."""
    rules = rulesets.get("munchkin")
    setup = rules.setup_of_position(position)
    rules.validate_setup(GameSetup.from_dict({**setup.to_dict(), "options": {
        **setup.options, "seed_sha256": chance.commitment(SEED)}}))


def _refused(position: dict[str, Any]) -> Rejected:
    with pytest.raises(Rejected) as info:
        _check(position)
    return info.value


def test_spielvorbereitungen_a_card_twice_at_a_dealt_table_is_refused_naming_the_copy_too_many():
    """The Flammende Rüstung (one copy) in front of Anna and in Ben's hand: refused, the field is Ben's hand."""
    p = _position()
    p["seats"][0]["items"] = [{"card": "flammende-ruestung", "in_use": True}]
    p["seats"][1]["hand"] = ["flammende-ruestung"]
    e = _refused(p)
    assert e.ruling.rule_id == "munchkin.position.card-twice"
    assert e.ruling.details["field"] == "position.seats[1].hand[0]" and e.ruling.details["card"] == "flammende-ruestung"
    # Also against a written pile, the discards and the combat.
    q = _position(piles={"treasure": ["flammende-ruestung"]}, discards={"treasure": ["flammende-ruestung"]})
    assert _refused(q).ruling.details["field"] == "position.piles.treasure[0]"
    r = _position(phase="combat", combat={"fighter": 0, "monsters": [{"card": "bigfoot"}, {"card": "bigfoot"}]})
    assert _refused(r).ruling.details["field"] == "position.combat.monsters[1].card"


def test_a_reported_position_takes_the_table_as_given_and_does_not_count_copies():
    """docs/rules.md, decisions ("Positions at a reported table"): the judge does not see the decks there."""
    rules = rulesets.get("munchkin")
    p = {**_position(), "mode": "reported"}
    p["seats"][0]["items"] = [{"card": "flammende-ruestung", "in_use": True}]
    p["seats"][1]["hand"] = ["flammende-ruestung"]
    rules.validate_setup(rules.setup_of_position(p))
    p["mode"] = "dealt"
    assert _refused(p).ruling.rule_id == "munchkin.position.card-twice"


def test_a_kumpel_is_a_copy_of_its_monster_not_a_second_card():
    """000 Weitere Aktionen im Kampf: a Kumpel brings a copy of the monster; only the Kumpel card itself counts."""
    p = _position(phase="combat", combat={"fighter": 0, "monsters": [
        {"card": "bigfoot"}, {"card": "bigfoot", "mate_of": 0, "modifiers": ["kumpel"]}]})
    _check(p)


@pytest.mark.parametrize("change, field", [
    (lambda p: p["seats"][0].update(hand_unknown=2), "position.seats[0].hand_unknown"),
    (lambda p: p.update(piles={"door": ["flammende-ruestung"]}), "position.piles.door[0]"),
    (lambda p: p.update(piles={"attic": []}), "position.piles"),
    (lambda p: p.update(mode="shuffled"), "position.mode"),
])
def test_a_dealt_position_that_is_not_a_table_is_malformed_naming_the_field(change, field):
    p = _position()
    change(p)
    with pytest.raises(Malformed) as info:
        _check(p)
    assert info.value.field == field


def test_left_out_the_draw_piles_are_the_rest_of_each_deck_and_the_judge_draws_from_them():
    """000 Phase 1: Tür eintreten: the judge kicks the door open from the pile, here the rest of the door deck."""
    rules = rulesets.get("munchkin")
    p = _position()
    p["seats"][0]["hand"] = ["elf", "flammende-ruestung"]
    state = _load(rules, p, SEED)
    cards = rules.catalogue()
    door = deck_composition(cards, "door")
    door.remove("elf")
    assert state.piles["door"] == {"base": door, "taken": 0, "shuffles": 0}
    assert len(state.piles["treasure"]["base"]) == len(deck_composition(cards, "treasure")) - 1
    written = _position(piles={"door": ["bigfoot"], "treasure": []})
    one = _load(rules, written, SEED)
    from tests.rules.harness import A
    after = rules.evolve_all(one, rules.decide(one, Command(0, A.KickDoor()), Context(1, secret_seed=SEED)))
    assert after.combat is not None and after.combat.monsters[0].card == "bigfoot"
    assert rules.view(after, ORGANIZER)["draw_piles"] == {"door": 0, "treasure": 0}


def test_a_seats_position_of_a_dealt_game_shows_no_piles():
    """The pile's cards with every hand the seat sees would tell it the others' hands."""
    rules, state = _dealt_game("munchkin", SEED)
    assert "piles" in position_of(rules, state, ORGANIZER, SEED)  # type: ignore[operator]
    for viewer in (Viewer("seat", 0), Viewer("spectator")):
        seen = position_of(rules, state, viewer, SEED)
        assert seen is not None and "piles" not in seen and seen["mode"] == "dealt"


def test_rassen_klassen_super_munchkin_goes_with_a_class_not_before():
    """000 Rassen / Klassen: "Sobald du eine der beiden Klassen verlierst, verlierst du auch die Super
    Munchkin-Karte." Discarding Super Munchkin first would leave two classes without it, a table a position
    refuses (munchkin.class.only-one): refused, and not offered; discarding a class takes it along."""
    from tests.rules.harness import A, Table

    t = Table()
    t.state.players[0].classes = ["krieger", "dieb"]
    t.state.players[0].table = ["super-munchkin"]
    t.rejects("munchkin.discard.enabler-in-use", 0, A.DiscardCard(card="super-munchkin", from_table=True))
    assert A.DiscardCard(card="super-munchkin", from_table=True) not in t.legal(0)
    t.do(0, A.DiscardCard(card="dieb", from_table=True))
    assert t.p(0).classes == ["krieger"] and t.p(0).table == []
    # Halb-Blut with two races likewise; with one race it may go (the character is then wholly that race).
    t.state.players[1].races = ["elf", "zwerg"]
    t.state.players[1].table = ["halb-blut"]
    t.rejects("munchkin.discard.enabler-in-use", 1, A.DiscardCard(card="halb-blut", from_table=True))
    t.state.players[1].races = ["elf"]
    t.do(1, A.DiscardCard(card="halb-blut", from_table=True))
    assert t.p(1).table == []
