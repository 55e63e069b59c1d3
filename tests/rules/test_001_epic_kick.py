"""001 "1. Alternatives Türöffnen für Epische Munchkins": the variant epic-kick, composed onto every set
of the family, and the Epic goal of level 20 (001 "MUNCHKIN FÜR ZWEI SPIELER", last line)."""

from __future__ import annotations

from typing import Any

import pytest

from judge import rulesets
from judge.common.errors import InvalidArgument
from judge.rules import GameSetup
from tests.rules.harness import A, Table

EPIC = "epic-kick"
SEED = bytes(range(32))
RAUM = {"id": "t-raum", "name": "Messe", "deck": "door", "kind": "room", "set": "t"}
RAUM2 = {**RAUM, "id": "t-raum2", "name": "Brücke"}
FALLE = {"id": "t-falle", "name": "Falle! Stufenverlust", "deck": "door", "kind": "trap", "set": "t",
         "curse": {"lose_levels": 1}}


def _table(variants: tuple[str, ...] = (EPIC,), ruleset: str = "munchkin", seed: bytes | None = None,
           options: dict[str, Any] | None = None, custom: tuple[dict[str, Any], ...] = ()) -> Table:
    t = Table(window_ms=0, ruleset=ruleset, seed=seed, custom=custom)
    t.setup = GameSetup(ruleset, variants, t.setup.seats, {**t.setup.options, **(options or {})}, t.setup.mode,
                        custom)
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    return t


@pytest.mark.parametrize(("ruleset", "monster", "enhancer"), [
    ("munchkin", "gewaltiger-kaefer", "wuetend"), ("babys", "topfpflanze", "wuetend"),
    ("star", "har-har", "aus-einer-anderen-dimension")])
def test_epische_munchkins_the_variant_is_offered_by_every_set_of_the_family(ruleset: str, monster: str,
                                                                              enhancer: str) -> None:
    rules = rulesets.get(ruleset)
    assert EPIC in rules.variants and EPIC in rules.variant_docs
    t = _table(ruleset=ruleset)
    t.do(0, A.KickTwoDoors(cards=(monster, enhancer)))
    assert [m.card for m in t.combat.monsters] == [monster] and t.combat.monsters[0].mods == [enhancer]


def test_epische_munchkins_ziehe_zwei_tuerkarten_the_single_kick_is_replaced() -> None:
    """"Ziehe zwei Türkarten." The ordinary kick is refused; the two-door kick names two cards."""
    t = _table()
    t.rejects("epic.kick.two-doors", 0, A.KickDoor(card="elf"))
    t.malformed("kick_two_doors.cards", 0, A.KickTwoDoors(cards=("elf",)))
    t.malformed("kick_two_doors.cards[1]", 0, A.KickTwoDoors(cards=("elf", "1000-goldstuecke")))
    t.rejects("munchkin.turn.not-your-turn", 1, A.KickTwoDoors(cards=("elf", "zwerg")))
    t.do(0, A.KickTwoDoors(cards=("elf", "zwerg")))
    t.rejects("munchkin.turn.door-already-kicked", 0, A.KickTwoDoors(cards=("elf", "zwerg")))


def test_without_the_variant_two_doors_are_refused() -> None:
    t = _table(())
    t.rejects("epic.kick.not-in-this-game", 0, A.KickTwoDoors(cards=("elf", "zwerg")))
    t.do(0, A.KickDoor(card="elf"))


def test_epische_munchkins_a_curse_first_then_the_monster_is_fought() -> None:
    """"Zunächst werden Fallen und Flüche ... abgearbeitet"; "Hast du ein Monster gezogen, musst du es
    bekämpfen." The curse waits for its victim's answer like one from the ordinary kick, then the combat."""
    t = _table()
    t.set_level(0, 3)
    effects = t.do(0, A.KickTwoDoors(cards=("gewaltiger-kaefer", "fluch-verliere-eine-stufe")))
    assert {"type": "CursePending", "seat": 0, "card": "fluch-verliere-eine-stufe"} in effects
    assert t.state.combat is None and t.state.epic_kick == {"seat": 0, "cards": ["gewaltiger-kaefer"]}
    effects = t.do(0, A.AnswerCurse())
    assert t.types(effects).index("LevelChanged") < t.types(effects).index("CombatStarted")
    assert t.p(0).level == 2 and [m.card for m in t.combat.monsters] == ["gewaltiger-kaefer"]
    assert t.state.epic_kick is None and t.state.phase == "combat"


def test_epische_munchkins_traps_and_curses_in_the_order_the_kicker_chooses() -> None:
    """"in beliebiger Reihenfolge": with two curses the judge waits for the kicker's choice of the first."""
    t = _table()
    t.set_level(0, 3)
    t.equip(0, "flammende-ruestung")
    effects = t.do(0, A.KickTwoDoors(cards=("fluch-verliere-eine-stufe", "fluch-verliere-ruestung")))
    assert effects[-1] == {"type": "ChoiceRequired", "seat": 0, "reason": "epic-order",
                           "source": "fluch-verliere-eine-stufe",
                           "options": ["fluch-verliere-eine-stufe", "fluch-verliere-ruestung"]}
    t.rejects("munchkin.choice.pending", 0, A.LootRoom())
    t.rejects("munchkin.choice.not-an-option", 0, A.ChooseCard(card="elf"))
    effects = t.do(0, A.ChooseCard(card="fluch-verliere-ruestung"))
    assert effects[-1] == {"type": "CursePending", "seat": 0, "card": "fluch-verliere-ruestung"}
    t.do(0, A.AnswerCurse())
    assert t.p(0).items == [] and t.state.pending_curse == {"seat": 0, "card": "fluch-verliere-eine-stufe"}
    t.do(0, A.AnswerCurse())
    assert t.p(0).level == 2 and t.state.epic_kick is None and t.state.phase == "after-door"


def test_epische_munchkins_a_trap_and_a_curse_are_ordered_alike_in_star() -> None:
    """"Fallen und Flüche" (004: a trap is handled as a curse)."""
    t = _table(ruleset="star", custom=(FALLE,))
    effects = t.do(0, A.KickTwoDoors(cards=("falle-dosenoeffner", "t-falle")))
    assert effects[-1]["reason"] == "epic-order" and effects[-1]["options"] == ["falle-dosenoeffner", "t-falle"]
    effects = t.do(0, A.ChooseCard(card="t-falle"))
    assert {"type": "CursePending", "seat": 0, "card": "t-falle"} in effects


def test_epische_munchkins_the_other_cards_go_to_the_hand_after_the_curse() -> None:
    """"Als nächstes kommen alle anderen Karten außer Räumen, Monstern und Monsterverstärkern. Diese Karten
    können sofort gespielt werden oder kommen auf die Hand." The race goes to the hand and may be played."""
    t = _table()
    t.do(0, A.KickTwoDoors(cards=("elf", "fluch-verliere-eine-stufe")))
    assert "elf" not in t.p(0).hand
    effects = t.do(0, A.AnswerCurse())
    assert {"type": "CardsDrawn", "seat": 0, "deck": "door", "cards": ["elf"], "unknown": 0} in effects
    assert t.state.phase == "after-door"
    t.do(0, A.PlayCard(card="elf"))
    assert t.p(0).races == ["elf"]


def test_epische_munchkins_goettliche_intervention_takes_effect_at_once() -> None:
    """A card that must be played at once (000 Sonstige Karten) takes effect as on the ordinary kick."""
    t = _table()
    t.give(1, "priester")
    t.do(1, A.PlayCard(card="priester"))
    t.do(0, A.KickTwoDoors(cards=("goettliche-intervention", "elf")))
    assert t.p(1).level == 2 and "elf" in t.p(0).hand and "goettliche-intervention" in t.state.discards["door"]


def test_epische_munchkins_two_monsters_are_fought_together() -> None:
    """"Hast du zwei Monster gezogen, bekämpfst du beide zusammen." (Gewaltiger Käfer 6 + Topfpflanze 1)"""
    t = _table()
    t.do(0, A.KickTwoDoors(cards=("gewaltiger-kaefer", "topfpflanze")))
    assert [m.card for m in t.combat.monsters] == ["gewaltiger-kaefer", "topfpflanze"]
    assert t.strengths() == (1, 7)


def test_epische_munchkins_an_enhancer_drawn_with_a_monster_applies_to_it() -> None:
    """"Hast du dazu einen Monsterverstärker gezogen, wirkt dieser auf das Monster." Wütend: +5, +1 Schatz."""
    t = _table()
    t.do(0, A.KickTwoDoors(cards=("wuetend", "gewaltiger-kaefer")))
    assert t.combat.monsters[0].mods == ["wuetend"] and t.strengths() == (1, 11)
    assert t.combat.monsters[0].extra_treasures == 1


def test_epische_munchkins_an_enhancer_without_a_monster_goes_to_the_hand() -> None:
    """"Hast du einen Monsterverstärker ohne Monster gezogen, geht er auf deine Hand." No combat:
    "Ansonsten weiter bei 2." """
    t = _table()
    t.do(0, A.KickTwoDoors(cards=("wuetend", "elf")))
    assert sorted(t.p(0).hand) == ["elf", "wuetend"] and t.state.combat is None
    assert t.state.phase == "after-door"
    t.give(0, "topfpflanze")
    t.do(0, A.LookForTrouble(card="topfpflanze"))
    assert t.state.phase == "combat"


def test_epische_munchkins_of_two_rooms_only_the_first_applies() -> None:
    """"Bei zwei Räumen wirkt nur der erste – der zweite kommt auf die Hand." (Star's rooms)"""
    t = _table(ruleset="star", custom=(RAUM, RAUM2))
    t.do(0, A.KickTwoDoors(cards=("t-raum", "t-raum2")))
    assert t.p(0).table == ["t-raum"] and t.p(0).hand == ["t-raum2"] and t.state.phase == "after-door"


def test_epische_munchkins_a_room_then_the_monster_in_it() -> None:
    """"Hast du einen Raum geöffnet, wirkt dieser ggf. auf den Kampf": the room first, then the combat."""
    t = _table(ruleset="star", custom=(RAUM,))
    effects = t.do(0, A.KickTwoDoors(cards=("har-har", "t-raum")))
    assert t.types(effects).index("CardPutInPlay") < t.types(effects).index("CombatStarted")
    assert t.p(0).table == ["t-raum"] and t.state.phase == "combat"


def test_epische_munchkins_a_dealt_table_draws_both_doors() -> None:
    t = _table(seed=SEED)
    t.do(None, A.Deal())
    t.malformed("kick_two_doors.cards", 0, A.KickTwoDoors(cards=("elf", "zwerg")))
    effects = t.do(0, A.KickTwoDoors())
    kicked = [e for e in effects if e["type"] == "DoorKicked"]
    assert len(kicked) == 2 and {"type": "PileDrawn", "deck": "door", "count": 2} in effects


def test_epische_munchkins_a_dealt_table_offers_the_kick_without_cards() -> None:
    t = _table(seed=SEED)
    t.do(None, A.Deal())
    assert A.KickTwoDoors() in t.legal(0)


@pytest.mark.parametrize("ruleset", ["munchkin", "star"])
def test_epische_munchkins_no_door_card_left_anywhere_the_kick_turns_up_none(ruleset: str) -> None:
    """000 SPIELVORBEREITUNGEN and 004 Spielvorbereitungen: "Ist ein Stapel leer, und es gibt keine abgelegten
    Karten, dann kann niemand diese Art von Karten ziehen": at a dealt table whose door pile and discards are both
    empty the two-door kick is still offered; it turns up no card and the turn goes on to phase 2, so the seat
    always has a way on (docs/rules.md, decisions: "A door with no card left to draw")."""
    t = _table(ruleset=ruleset, seed=SEED)
    t.do(None, A.Deal())
    pile = t.state.piles["door"]
    pile["taken"] = len(pile["base"])
    t.state.discards["door"] = []
    assert A.KickTwoDoors() in t.legal(0)
    effects = t.do(0, A.KickTwoDoors())
    assert [e for e in effects if e["type"] in ("DoorDeckEmpty", "PhaseChanged")] == [
        {"type": "DoorDeckEmpty", "seat": 0}, {"type": "PhaseChanged", "phase": "after-door"}]
    assert t.state.phase == "after-door" and t.state.combat is None
    assert any(a.kind == "loot_room" for a in t.legal(0))


def test_epische_munchkins_the_legal_actions_offer_the_two_door_kick() -> None:
    t = _table()
    legal = t.legal(0)
    assert any(isinstance(a, A.KickTwoDoors) for a in legal)
    assert not any(isinstance(a, A.KickDoor) for a in legal)


# ------------------------------------------------------------------ the Epic goal

def test_epic_goal_level_20_wins() -> None:
    """001: "die Stufe 10 (bzw. 20 beim Epischen Spiel)": with the option epic_goal a kill at 19 wins,
    level 10 does not."""
    t = _table(options={"epic_goal": True})
    t.set_level(0, 9)
    t.do(0, A.KickTwoDoors(cards=("topfpflanze", "elf")))
    t.do(0, A.ClaimVictory())
    assert t.p(0).level == 10 and not t.state.finished
    t = _table(options={"epic_goal": True})
    t.set_level(0, 19)
    t.do(0, A.KickTwoDoors(cards=("topfpflanze", "elf")))
    effects = t.do(0, A.ClaimVictory())
    assert {"type": "GameWon", "winners": [0]} in effects


def test_epic_goal_no_level_up_card_reaches_20() -> None:
    """000 "Stufen" ("Die 10. Stufe ... nur durch das Töten eines Monsters") at the Epic goal: a level-up
    card stops at 19."""
    t = _table(options={"epic_goal": True})
    t.set_level(0, 19)
    t.give(0, "1000-goldstuecke")
    t.rejects("munchkin.level.tenth-only-by-kill", 0, A.PlayCard(card="1000-goldstuecke", target_seat=0))


def test_epic_goal_needs_the_variant() -> None:
    t = _table()
    with pytest.raises(InvalidArgument) as info:
        t.rules.validate_setup(GameSetup("munchkin", (), t.setup.seats, {"epic_goal": True}, "reported"))
    assert info.value.field == "options.epic_goal"


def test_epische_munchkins_a_room_may_be_played_after_an_epic_kick_without_one() -> None:
    """Star (004 "Räume"): "solange du sie sofort spielst, nachdem dieser Spieler eine Tür eingetreten und dabei
    keinen Raum gezogen hat" holds for the two-door kick as for the ordinary one."""
    t = _table(ruleset="star", custom=(RAUM,))
    t.give(1, "t-raum")
    t.do(0, A.KickTwoDoors(cards=("har-har", "aus-einer-anderen-dimension")))
    t.do(1, A.PlayCard(card="t-raum", target_seat=0))
    assert t.p(0).table == ["t-raum"]
