"""001 to the letter: the Epic goal in an adjustment, Drittel-Blut and Chimäre, the Goth monsters' order, the
two-player card lists, and the kill that ends the game (issue "To the letter, every set", section "Epic, Mixer
and two players")."""

from __future__ import annotations

from typing import Any

from judge.rules import GameSetup
from judge.rulesets.munchkin.variants.two_players import NEVER_INVOLVE, NEVER_INVOLVE_MONSTERS
from tests.rules.harness import A, Table


def _table(variants: tuple[str, ...], ruleset: str = "munchkin", n: int = 3,
           options: dict[str, Any] | None = None, custom: tuple[dict[str, Any], ...] = ()) -> Table:
    t = Table(n, window_ms=0, ruleset=ruleset, custom=custom)
    t.setup = GameSetup(ruleset, variants, t.setup.seats, {**t.setup.options, **(options or {})}, t.setup.mode,
                        custom)
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    return t


# ------------------------------------------------------------------ the Epic goal

def test_epic_goal_the_organizer_sets_a_level_up_to_20() -> None:
    """001: "die Stufe 10 (bzw. 20 beim Epischen Spiel)": an adjustment sets any level up to the game's goal
    (in an Epic game 15 is accepted, 21 is not); without the Epic goal 10 stays the top."""
    t = _table(("epic-kick",), options={"epic_goal": True})
    t.do(None, A.RecordAdjustment(reason="Stufe nach Kartentext", target_seat=1, set_level=15))
    assert t.p(1).level == 15
    t.malformed("record_adjustment.set_level", None, A.RecordAdjustment(reason="zu hoch", target_seat=1,
                                                                        set_level=21))
    t = _table(())
    t.malformed("record_adjustment.set_level", None, A.RecordAdjustment(reason="zu hoch", target_seat=1,
                                                                        set_level=15))


# ------------------------------------------------------------------ the two-player lists

POWER = {"id": "t-betoerung", "name": "Betörung", "deck": "treasure", "kind": "curse", "set": "t",
         "curse": {"lose_levels": 1}}


def test_zwei_spieler_each_name_of_the_never_list_is_one_card() -> None:
    """"Kraft: Betörung, Faszination, Herrschaft, Hypnose, Austausch, Anfeuerung, Rudelgefährten" names seven
    powers, and "Untote Monster, Fledermäuse, Hong-Kong-Monster, Monster in Schwarz, Goth-Monster, Drachen,
    Goblins, Weihnachtsmonster und Haie" nine kinds of monsters: each entry is one card's name."""
    assert all(", " not in name for name in NEVER_INVOLVE)
    assert {"Betörung", "Rudelgefährten", "Handlanger Schurke"} <= set(NEVER_INVOLVE)
    assert NEVER_INVOLVE_MONSTERS == {"undead", "bat", "hong-kong", "men-in-black", "goth", "dragon", "goblin",
                                      "christmas", "shark"}
    t = _table(("two-players",), n=4, custom=(POWER,))
    t.set_level(2, 3)
    t.give(0, "t-betoerung")
    t.rejects("twoplayer.alter-ego.never-involved", 0, A.PlayCard(card="t-betoerung", target_seat=2))


# ------------------------------------------------------------------ Drittel-Blut and Chimäre

DRITTEL = {"id": "t-drittel-blut", "name": "Drittel-Blut", "deck": "door", "kind": "other", "set": "t"}
CHIMAERE = {"id": "t-chimaere", "name": "Chimäre", "deck": "door", "kind": "other", "set": "t"}


def test_mixer_drittel_blut_und_chimaere_one_of_the_half_breed_family() -> None:
    """001: "Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut und Chimäre", under "nicht mehr als
    eine Rasse ..., es sei denn, er hat eine Karte, die mehr erlaubt" (docs/rules.md, decisions): Halb-Blut lies
    in front of the elf; Drittel-Blut and Chimäre beside it (three at once) are refused, as is Drittel-Blut
    without a race at all."""
    t = Table(3, ruleset="mixer", window_ms=0, custom=(DRITTEL, CHIMAERE), options={"sets": "munchkin,babys"})
    t.give(0, "t-drittel-blut")
    t.rejects("munchkin.half-breed.needs-race", 0, A.PlayCard(card="t-drittel-blut"))
    t.state.players[0].races = ["elf"]
    t.give(0, "halb-blut", "t-chimaere")
    t.do(0, A.PlayCard(card="halb-blut"))
    t.rejects("mixer.identity.one-half-breed", 0, A.PlayCard(card="t-drittel-blut"))
    t.rejects("mixer.identity.one-half-breed", 0, A.PlayCard(card="t-chimaere"))
    assert t.p(0).table == ["halb-blut"]


# ------------------------------------------------------------------ Goth monsters

def _goth(i: int, **fields: Any) -> dict[str, Any]:
    return {"id": f"t-goth{i}", "name": f"Goth-Vampir {i}", "deck": "door", "kind": "monster", "level": 2,
            "treasures": 1, "bad_stuff": {}, "set": "t", **fields}


def test_goth_monster_one_thrown_in_in_total_whatever_else_it_shares() -> None:
    """001: "Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler ... ein weiteres Goth-Monster in den
    Kampf werfen, insgesamt jedoch nur eines (außer mit einem Wandernden Monster)": an undead Goth monster
    thrown in after an undead Goth is that one too; a second is refused."""
    goths = (_goth(0, undead=True), _goth(1, undead=True), _goth(2, undead=True))
    t = Table(3, ruleset="mixer", window_ms=0, custom=goths, options={"sets": "munchkin,star"})
    t.give(1, "t-goth1")
    t.give(2, "t-goth2")
    t.do(0, A.KickDoor(card="t-goth0"))
    t.do(0, A.PassInRound())
    t.do(1, A.PlayCard(card="t-goth1"))
    t.rejects("mixer.family.goth-one-only", 2, A.PlayCard(card="t-goth2"))


def test_goth_monster_one_brought_by_a_wandering_monster_is_not_the_one_thrown_in() -> None:
    """"(außer mit einem Wandernden Monster)": a Goth monster a Wandering Monster brings leaves the one throw
    open; after that throw, the next is refused."""
    goths = tuple(_goth(i) for i in range(3))
    t = Table(3, ruleset="mixer", window_ms=0, custom=goths, options={"sets": "munchkin,babys"})
    t.give(1, "t-goth1", "wanderndes-monster")
    t.give(2, "t-goth2")
    t.do(0, A.KickDoor(card="t-goth0"))
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="t-goth1"))
    t.do(0, A.PassInRound())
    t.do(1, A.PassInRound())
    t.do(2, A.PlayCard(card="t-goth2"))
    assert [m.card for m in t.combat.monsters] == ["t-goth0", "t-goth1", "t-goth2"]


def test_goth_monster_round_starts_with_the_player_whose_turn_it_is() -> None:
    """001: "darf reihum jeder Spieler – beginnend mit dem Spieler am Zug – ein weiteres Goth-Monster in den
    Kampf werfen": seat 1 kicks open the door to a Goth monster; seat 1 is asked first, then 2, then 0. Seat 2
    may not throw before seat 1 has passed, nor pass in seat 1's place; once seat 2 has thrown, seat 0, who
    was not yet asked, can throw none ("insgesamt jedoch nur eines")."""
    goths = tuple(_goth(i) for i in range(3))
    t = Table(3, ruleset="mixer", window_ms=0, custom=goths, options={"sets": "munchkin,babys"})
    t.state.active = 1
    t.give(2, "t-goth1")
    t.give(0, "t-goth2")
    effects = t.do(1, A.KickDoor(card="t-goth0"))
    assert {"type": "GothRoundOpened", "seat": 1, "order": [1, 2, 0]} in effects
    assert A.PassInRound() in t.legal(1)
    assert A.PassInRound() not in t.legal(2) and A.PlayCard(card="t-goth1") not in t.legal(2)
    t.rejects("mixer.family.goth-not-your-turn", 2, A.PlayCard(card="t-goth1"))
    t.rejects("mixer.family.goth-not-asked", 2, A.PassInRound())
    assert t.do(1, A.PassInRound()) == [{"type": "GothRoundPassed", "seat": 1}]
    t.rejects("mixer.family.goth-not-your-turn", 0, A.PlayCard(card="t-goth2"))
    assert A.PlayCard(card="t-goth1") in t.legal(2)
    t.do(2, A.PlayCard(card="t-goth1"))
    t.rejects("mixer.family.goth-one-only", 0, A.PlayCard(card="t-goth2"))
    t.rejects("munchkin.round.nothing-to-pass", 0, A.PassInRound())


def test_goth_monster_round_once_everyone_passed_none_joins() -> None:
    """"reihum jeder Spieler ...": once every seat was asked and passed, the chance has gone round the table;
    a Goth monster from a hand is refused for the rest of the combat, one brought by a Wandering Monster is
    not ("außer mit einem Wandernden Monster")."""
    goths = tuple(_goth(i) for i in range(3))
    t = Table(3, ruleset="mixer", window_ms=0, custom=goths, options={"sets": "munchkin,babys"})
    t.give(2, "t-goth1", "t-goth2", "wanderndes-monster")
    t.do(0, A.KickDoor(card="t-goth0"))
    for seat in (0, 1, 2):
        t.do(seat, A.PassInRound())
    t.rejects("mixer.family.goth-round-over", 2, A.PlayCard(card="t-goth1"))
    t.rejects("munchkin.round.nothing-to-pass", 0, A.PassInRound())
    t.do(2, A.PlayCard(card="wanderndes-monster", with_card="t-goth2"))
    assert [m.card for m in t.combat.monsters] == ["t-goth0", "t-goth2"]


def test_goth_monster_round_nothing_to_pass_without_a_goth_monster() -> None:
    """Only a Goth monster's combat goes round the table: a pass elsewhere has nothing to pass, in the Mixer as
    in the base game."""
    t = Table(3, ruleset="mixer", window_ms=0, options={"sets": "munchkin,babys"})
    t.rejects("munchkin.round.nothing-to-pass", 0, A.PassInRound())
    t = Table(3, window_ms=0)
    t.rejects("munchkin.round.nothing-to-pass", 0, A.PassInRound())


# ------------------------------------------------------------------ the kill that ends the game

SCHWERT = {"id": "t-schwert", "name": "Riesenschwert", "deck": "treasure", "kind": "item", "slot": "2hands",
           "bonus": 10, "set": "t"}


def test_impfgegner_the_kill_that_ends_the_game_draws_no_treasures() -> None:
    """003 Impfgegner (level 16, 2 levels): "Falls das Monster besiegt wird, erhält jeder 1 Schatz!" on the kill
    that takes the fighter from 8 to 10. 003 "Spielende": "Der erste Spieler, der Stufe 10 erreicht, gewinnt das
    Spiel": the game ends with the kill, and no treasure is drawn after it, neither the fighter's nor everyone's
    (docs/rules.md, decisions)."""
    t = Table(3, ruleset="babys", window_ms=0, custom=(SCHWERT,))
    t.set_level(0, 8)
    t.equip(0, "t-schwert")
    t.do(0, A.KickDoor(card="impfgegner"))
    hands = [t.p(seat).hand_size for seat in range(3)]
    effects = t.do(0, A.ClaimVictory())
    assert {"type": "GameWon", "winners": [0]} in effects
    assert t.p(0).level == 10 and t.state.finished
    assert [e for e in effects if e["type"] == "CardsDrawn"] == []
    assert [t.p(seat).hand_size for seat in range(3)] == hands
