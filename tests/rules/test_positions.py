"""Positions (docs/position.md): a table written down and loaded again is the
same table, for every game that has positions; a table no legal game could
reach is refused with the ruling it breaks (000 SPIELVORBEREITUNGEN,
Gegenstände, Rassen / Klassen) or as malformed, naming the field; a seat's
position never shows another seat's hand."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import ORGANIZER, Command, Context, GameSetup, Malformed, Rejected, SeatSetup, Viewer
from judge.rules.engine import canonical_json
from judge.rulesets.munchkin.actions import PlayCard
from tests.bot import awaited, choose
from tests.rules.monkic.harness import values as monkic_values

FAMILIES = ("munchkin", "monkic")


def _new(name: str) -> tuple[Any, Any]:
    rules = rulesets.get(name)
    n = rules.min_seats
    traits = {"sex": "female"} if name != "monkic" else {}
    custom: tuple[dict[str, Any], ...] = tuple(monkic_values()) if name == "monkic" else ()
    setup = GameSetup(name, (), tuple(SeatSetup(f"P{i}", traits) for i in range(n)), {}, "reported", custom)
    rules.validate_setup(setup)
    return rules, rules.initial_state(setup)


def _play(rules: Any, state: Any, rng: random.Random, steps: int, now: int) -> tuple[Any, int]:
    cards = rules.catalogue() if hasattr(rules, "catalogue") else None
    n = len(rules.view(state, ORGANIZER)["seats"])
    for _ in range(steps):
        view = rules.view(state, ORGANIZER)
        if view.get("status") == "GAME_STATUS_FINISHED":
            break
        now += rng.choice([0, 3000])
        ctx = Context(now)
        deadline = rules.pending_deadline_ms(state)
        if deadline is not None and now >= deadline and rules.deadline_command(state) is not None:
            command = rules.deadline_command(state)
        else:
            waiting = awaited(view) or [int(view.get("active_seat", 0))]
            seat = rng.randrange(n) if rng.random() < 0.1 else rng.choice(waiting)
            legal = rules.legal_actions(state, seat, ctx)
            if not legal:
                continue
            command = Command(seat, choose(rng, legal, seat, cards))
        state = rules.evolve_all(state, rules.decide(state, command, ctx))
    return state, now


def _load(rules: Any, position: dict[str, Any]) -> Any:
    data = json.loads(json.dumps(position))  # as written to a file and read back
    setup = rules.setup_of_position(data)
    rules.validate_setup(setup)
    return rules.initial_state(GameSetup.from_dict(json.loads(json.dumps(setup.to_dict()))))


@pytest.mark.parametrize("name", ("munchkin", "babys", "star", "mixer", "monkic"))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_a_position_written_and_loaded_again_gives_the_same_view_and_plays_on_identically(name, seed, steps):
    rules, state = _new(name)
    rng = random.Random(seed)
    state, now = _play(rules, state, rng, steps, 1_000_000)
    loaded = _load(rules, rules.position(state, ORGANIZER))
    assert canonical_json(rules.view(loaded, ORGANIZER)) == canonical_json(rules.view(state, ORGANIZER))
    assert canonical_json(rules.position(loaded, ORGANIZER)) == canonical_json(rules.position(state, ORGANIZER))
    # Plays on identically: the same continuation from both gives the same views.
    a, _ = _play(rules, state, random.Random(seed + 1), 8, now)
    b, _ = _play(rules, loaded, random.Random(seed + 1), 8, now)
    assert canonical_json(rules.view(a, ORGANIZER)) == canonical_json(rules.view(b, ORGANIZER))


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_a_seats_munchkin_position_never_shows_another_seats_hand(seed, steps):
    """000: a seat knows its own hand; another's is a count."""
    rules, state = _new("munchkin")
    state, _ = _play(rules, state, random.Random(seed), steps, 1_000_000)
    full = rules.position(state, ORGANIZER)
    for seat in range(len(full["seats"])):
        mine = rules.position(state, Viewer("seat", seat))
        for other, s in enumerate(mine["seats"]):
            if other != seat:
                assert s["hand"] == [] and s.get("received", []) == []
        text = canonical_json(mine)
        for other, s in enumerate(full["seats"]):
            if other == seat:
                continue
            for card in s["hand"]:
                shown_elsewhere = card in canonical_json({k: v for k, v in full.items() if k != "seats"}) or any(
                    card in canonical_json({k: v for k, v in t.items() if k not in ("hand", "received")})
                    for t in full["seats"]) or card in canonical_json(full["seats"][seat])
                if not shown_elsewhere:
                    assert card not in text, (seat, other, card)
    assert canonical_json(rules.position(state, Viewer("spectator"))).count('"hand":[]') == len(full["seats"])


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_a_monkic_position_is_the_same_for_every_viewer(seed, steps):
    """002 Spielfeld: "Die Karten werden offen hingelegt": nothing is hidden, so every viewer's position is one."""
    rules, state = _new("monkic")
    state, _ = _play(rules, state, random.Random(seed), steps, 1_000_000)
    full = canonical_json(rules.position(state, ORGANIZER))
    assert all(canonical_json(rules.position(state, v)) == full
               for v in (Viewer("seat", 0), Viewer("seat", 1), Viewer("spectator")))


# ---------------------------------------------------------------- Munchkin: refused positions


def _munchkin_position(**seat0: Any) -> dict[str, Any]:
    seats = [{"name": n, "sex": "female", "level": 1} for n in ("Anna", "Ben", "Cem")]
    seats[0].update(seat0)
    return {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "munchkin",
            "seats": seats, "active_seat": 0, "turn": 1, "phase": "start"}


def _refused(position: dict[str, Any]) -> Rejected:
    rules = rulesets.get("munchkin")
    with pytest.raises(Rejected) as info:
        rules.validate_setup(rules.setup_of_position(position))
    return info.value


def _malformed(position: dict[str, Any]) -> Malformed:
    rules = rulesets.get("munchkin")
    with pytest.raises(Malformed) as info:
        rules.validate_setup(rules.setup_of_position(position))
    return info.value


def test_spielvorbereitungen_level_0_is_refused_with_the_ruling_and_the_field():
    """000 SPIELVORBEREITUNGEN: "Deine Stufe kann nie unter 1 sinken."."""
    e = _refused(_munchkin_position(level=0))
    assert e.ruling.rule_id == "munchkin.position.level"
    assert e.ruling.details["field"] == "position.seats[0].level"
    assert _refused(_munchkin_position(level=11)).ruling.rule_id == "munchkin.position.level"


def test_gegenstaende_two_big_items_on_a_non_dwarf_are_refused_and_a_dwarf_may():
    """000 Gegenstände: "maximal einen Großen", "Zwerge können beliebig viele Große Gegenstände tragen"."""
    rules = rulesets.get("munchkin")
    big = sorted(c.id for c in rules.catalogue().values() if c.big and c.kind == "item")[:2]
    assert len(big) == 2
    items = [{"card": big[0], "in_use": False}, {"card": big[1], "in_use": False}]
    e = _refused(_munchkin_position(items=items))
    assert e.ruling.rule_id == "munchkin.item.one-big" and e.ruling.details["field"] == "position.seats[0].items"
    rules.validate_setup(rules.setup_of_position(_munchkin_position(items=items, races=["zwerg"])))


def test_rassen_klassen_two_races_need_halb_blut():
    """000 Rassen / Klassen: one race, two with Halb-Blut."""
    assert _refused(_munchkin_position(races=["elf", "zwerg"])).ruling.rule_id == "munchkin.race.only-one"
    rules = rulesets.get("munchkin")
    rules.validate_setup(rules.setup_of_position(_munchkin_position(races=["elf", "zwerg"],
                                                                     other_cards=["halb-blut"])))


def test_gegenstaende_two_footgear_in_use_are_refused_one_in_the_backpack_is_not():
    """000 Gegenstände: "1 Schuhwerk" in use at once; more may be carried in the backpack."""
    rules = rulesets.get("munchkin")
    armor = ["stiefel-des-kraeftigen-tretens", "stiefel-des-weglaufens"]
    assert all(rules.catalogue()[c].slot == "footgear" for c in armor)
    assert len(armor) == 2
    e = _refused(_munchkin_position(items=[{"card": armor[0], "in_use": True}, {"card": armor[1], "in_use": True}]))
    assert e.ruling.rule_id == "munchkin.item.slot-full" and e.ruling.details["field"] == "position.seats[0].items[1]"
    rules.validate_setup(rules.setup_of_position(
        _munchkin_position(items=[{"card": armor[0], "in_use": True}, {"card": armor[1], "in_use": False}])))


@pytest.mark.parametrize("position, field", [
    (_munchkin_position(races=["krieger"]), "position.seats[0].races[0]"),
    (_munchkin_position(hand=["no-such-card"]), "position.seats[0].hand[0]"),
    (_munchkin_position(hand_unknown=-1), "position.seats[0].hand_unknown"),
    (_munchkin_position(sex="other"), "position.seats[0].sex"),
    ({**_munchkin_position(), "active_seat": 3}, "position.active_seat"),
    ({**_munchkin_position(), "phase": "kampf"}, "position.phase"),
    ({**_munchkin_position(), "version": 99}, "position.version"),
    ({**_munchkin_position(), "combat": {"fighter": 0, "monsters": [{"card": "elf"}]}},
     "position.combat.monsters[0].card"),
    ({**_munchkin_position(), "combat": {"fighter": 0, "helper": 0, "monsters": [{"card": "bigfoot"}]}},
     "position.combat.helper"),
])
def test_a_position_that_is_not_a_table_is_malformed_naming_the_field(position, field):
    assert _malformed(position).field == field


def test_a_hand_written_combat_takes_the_enhancers_numbers_from_the_cards():
    """000 Weitere Aktionen im Kampf: a monster enhancer written into a position counts as if played."""
    rules = rulesets.get("munchkin")
    position = {**_munchkin_position(level=5, races=["elf"], items=[{"card": "flammende-ruestung", "in_use": True}]),
                "phase": "combat", "met_monster": True,
                "combat": {"fighter": 0, "helper": 1, "monsters": [{"card": "plutoniumdrache", "modifiers": ["uralt"]}]}}
    setup = rules.setup_of_position(position)
    rules.validate_setup(setup)
    state = rules.initial_state(setup)
    view = rules.view(state, ORGANIZER)
    assert (view["combat"]["players_strength"], view["combat"]["monsters_strength"]) == (8, 30)
    forecast = rules.analysis(state, ORGANIZER)["forecast"]
    assert forecast["treasures"]["total"] == 7 and forecast["winner"] == "monsters"


def test_weitere_aktionen_a_position_says_who_played_each_card_on_a_monster():
    """000 Weitere Aktionen im Kampf: "Jeder Spieler kann ... Monsterverstärker ... spielen". The
    position of a combat names who played what, on the players' side and on each monster."""
    rules = rulesets.get("munchkin")
    position = {**_munchkin_position(level=5), "phase": "combat", "met_monster": True,
                "combat": {"fighter": 0, "monsters": [{"card": "plutoniumdrache", "modifiers": ["uralt"],
                                                        "played_by": [2]}]}}
    position["seats"][1]["hand"] = ["wuetend"]
    state = rules.initial_state(rules.setup_of_position(position))
    ctx = Context(1_000_000)
    state = rules.evolve_all(state, rules.decide(state, Command(1, PlayCard(card="wuetend", monster_index=0)), ctx))
    written = rules.position(state, ORGANIZER)["combat"]["monsters"][0]
    assert (written["modifiers"], written["played_by"]) == (["uralt", "wuetend"], [2, 1])
    again = rules.initial_state(rules.setup_of_position({**position, "combat": rules.position(state, ORGANIZER)["combat"]}))
    assert rules.position(again, ORGANIZER)["combat"]["monsters"][0]["played_by"] == [2, 1]
    # Left out, who played them is not known; given, it names a seat for each card.
    unknown = {**position, "combat": {"fighter": 0, "monsters": [{"card": "plutoniumdrache", "modifiers": ["uralt"]}]}}
    assert rules.position(rules.initial_state(rules.setup_of_position(unknown)), ORGANIZER)[
        "combat"]["monsters"][0]["played_by"] == [None]
    for bad, field in (([2, 1], "played_by"), ([7], "played_by[0]"), (["Cem"], "played_by[0]")):
        wrong = {**position, "combat": {"fighter": 0, "monsters": [
            {"card": "plutoniumdrache", "modifiers": ["uralt"], "played_by": bad}]}}
        assert _malformed(wrong).field == f"position.combat.monsters[0].{field}"


# ---------------------------------------------------------------- the schema files


def _schema(family: str) -> Any:
    import jsonschema

    path = Path(__file__).resolve().parents[2] / "docs" / "position" / f"{family}-1.schema.json"
    return jsonschema.Draft202012Validator(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", FAMILIES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_every_written_position_follows_its_schema_file(name, seed, steps):
    rules, state = _new(name)
    state, _ = _play(rules, state, random.Random(seed), steps, 1_000_000)
    _schema(name).validate(json.loads(json.dumps(rules.position(state, ORGANIZER))))


def test_the_documented_example_follows_the_schema_and_loads():
    path = Path(__file__).resolve().parents[2] / "docs" / "position" / "anna-vs-plutoniumdrache.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    _schema("munchkin").validate(data)
    _load(rulesets.get("munchkin"), data)


def test_the_documented_monkic_example_follows_the_schema_and_loads():
    path = Path(__file__).resolve().parents[2] / "docs" / "position" / "mia-vs-tom.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    _schema("monkic").validate(data)
    _load(rulesets.get("monkic"), data)


def test_star_gegenstaende_laser_weapons_in_use_together_load_as_one_two_handed_weapon():
    """004 Laserwaffen: "Und es ist immer noch bloß 1 einzige 2-händige Waffe": two lasers in use beside each
    other are no full hands (the set's own slot rule, as when they are put in use)."""
    rules = rulesets.get("star")
    lasers = sorted(c.id for c in rules.catalogue().values() if "laser" in c.tags and c.slot == "2hands")[:2]
    assert len(lasers) == 2
    position = {**_munchkin_position(items=[{"card": c, "in_use": True} for c in lasers]), "ruleset": "star"}
    rules.validate_setup(rules.setup_of_position(position))
    # The joined laser still takes both hands: a one-handed Cyberdeck beside it does not fit.
    position["seats"][0]["items"].append({"card": "cyberdeck", "in_use": True})
    with pytest.raises(Rejected) as info:
        rules.validate_setup(rules.setup_of_position(position))
    assert info.value.ruling.rule_id == "munchkin.item.slot-full"
    assert info.value.ruling.details["field"] == "position.seats[0].items[2]"


def test_every_field_but_the_envelope_and_the_seats_may_be_left_out():
    """docs/position.md: the phase and the rest take their defaults (start, seat 0, turn 1)."""
    rules = rulesets.get("munchkin")
    position = {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "munchkin",
                "seats": [{"name": "Anna", "sex": "female"}, {"name": "Ben", "sex": "male"},
                          {"name": "Cem", "sex": "male"}]}
    state = _load(rules, position)
    assert (state.phase, state.active, state.turn, state.players[0].level) == ("start", 0, 1, 1)


def test_a_position_written_during_an_epic_kick_carries_the_cards_still_to_resolve():
    """001 "1. Alternatives Türöffnen für Epische Munchkins": the curse of a two-door kick is answered first,
    the monster waits; a position written then holds the waiting monster, and the loaded table goes on to fight
    it exactly as the running game does."""
    from judge.rulesets.munchkin import actions as A
    from tests.rules.harness import Table

    t = Table(3, window_ms=0, variants=("epic-kick",))
    t.do(0, A.KickTwoDoors(cards=("fluch-verliere-eine-stufe", "gewaltiger-kaefer")))
    assert t.state.epic_kick is not None and t.state.epic_kick["cards"] == ["gewaltiger-kaefer"]
    position = t.rules.position(t.state, ORGANIZER)
    assert position["pending"]["epic_kick"] == {"seat": 0, "cards": ["gewaltiger-kaefer"]}
    loaded = _load(t.rules, position)
    assert canonical_json(t.rules.view(loaded, ORGANIZER)) == canonical_json(t.rules.view(t.state, ORGANIZER))
    ctx = Context(t.now)
    after = t.rules.evolve_all(loaded, t.rules.decide(loaded, Command(0, A.AnswerCurse()), ctx))
    assert [m.card for m in after.combat.monsters] == ["gewaltiger-kaefer"] and after.epic_kick is None
