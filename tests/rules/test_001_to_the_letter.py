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
