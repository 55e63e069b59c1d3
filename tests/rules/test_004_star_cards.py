"""The cards and classes 004 prints, judged by their printed text; each test names the 004 section (or card)
it checks and uses 004's numbers. The layer's refusals carry ``star.*`` rulings."""

from __future__ import annotations

from judge.rules.engine import ORGANIZER
from tests.rules.harness import A, Table

RUESTUNG = {"id": "t-ruestung", "name": "Rüstung", "deck": "treasure", "kind": "item", "slot": "armor", "bonus": 1,
            "set": "t"}


def star(n: int = 3, **kw: object) -> Table:
    return Table(n, ruleset="star", window_ms=0, **kw)  # type: ignore[arg-type]


def _caught(t: Table, monster: str) -> None:
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))


def test_schreckliches_gruenes_ding_lose_two_levels_and_discard_two_hand_cards() -> None:
    """004 Schreckliches grünes Ding (Stufe 8): "Schlimme Dinge: Es verpasst dir einen derben Schlag! Wham!
    Verliere 2 Stufen und lege 2 Handkarten ab." The victim chooses the two cards, one by one."""
    t = star()
    t.set_level(0, 4)
    t.give(0, "laser", "dazer")
    _caught(t, "schreckliches-gruenes-ding")
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 2 and t.combat is None
    hand = t.p(0).hand_size
    ch = t.state.choice
    assert (ch.seat, ch.reason, ch.count) == (0, "discard", 2) and ch.options == ["dazer", "laser", ""]
    t.rejects("munchkin.choice.not-an-option", 0, A.ChooseCard(card="bobaser"))
    t.rejects("munchkin.choice.pending", 1, A.KickDoor())
    t.do(0, A.ChooseCard(card="laser"))
    assert t.state.choice.count == 1 and t.state.choice.options == ["dazer", ""]
    t.do(0, A.ChooseCard(card=""))  # a card not yet identified
    assert t.state.choice is None and t.p(0).hand_size == hand - 2 and t.p(0).hand == ["dazer"]
    assert "laser" in t.state.discards["treasure"]


def test_schreckliches_gruenes_ding_with_two_cards_or_fewer_the_whole_hand_goes() -> None:
    """004 Schreckliches grünes Ding: "lege 2 Handkarten ab": with one card in the hand, that one is discarded;
    nothing is left to choose."""
    t = star()
    t.set_level(0, 4)
    t.state.players[0].unknown = 1
    _caught(t, "schreckliches-gruenes-ding")
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).hand_size == 0 and t.state.choice is None and t.p(0).level == 2


# ------------------------------------------------------------------ Räume with their own monsters

#: 004 prints no room card; a room "mit eigenen Monstern" prints its monster's numbers (docs/cards.md).
ZOO = {"id": "t-zoo", "name": "Xeno-Zoo", "deck": "door", "kind": "room", "level": 3, "treasures": 1,
       "bad_stuff": {"lose_levels": 1}, "set": "t"}


def test_raeume_a_rooms_own_monsters_are_fought_together_with_the_kicked_ones() -> None:
    """004 "Räume": "Wenn ein Spieler sich mit einem Monster und einem Raum gleichzeitig befassen muss, wird der
    Raum zuerst abgehandelt ... Aber wenn der Raum mit eigenen Monstern aufwartet, werden alle Monster, die der
    Spieler aufgedeckt hat, als er die Tür eintrat, dazu gerechnet. Er bekämpft sie zusammen!" Har Har (4) and
    the room's monster (3): 7; both killed give 2 levels and 2 + 1 treasures; the room stays for the turn."""
    t = star(custom=(ZOO,))
    t.give(1, "t-zoo")
    t.set_level(0, 6)
    t.equip(0, "diamanten-zaehne")
    t.do(0, A.KickDoor(card="har-har"))
    assert t.strengths() == (8, 4)
    t.do(1, A.PlayCard(card="t-zoo", target_seat=0))
    assert [m.card for m in t.combat.monsters] == ["har-har", "t-zoo"] and t.strengths() == (8, 7)
    hand = t.p(0).hand_size
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.p(0).level == 6 + 2
    assert t.p(0).table == ["t-zoo"] and "t-zoo" not in t.state.discards["door"]
    assert t.p(0).hand_size == hand + 2 + 1 + 1  # treasures, and Har Har's face-down door


def test_raeume_a_room_with_its_own_monster_entered_on_the_kick_is_fought() -> None:
    """004 "Räume": "Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort ein";
    "Wenn ein Raum keine Monster enthält ... darfst du anschließend ganz normal auf Ärger aus sein": one that has
    its own monster is fought at once, and lost, its bad stuff hits; the room lies until the turn ends."""
    t = star(custom=(ZOO,))
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="t-zoo"))
    assert t.p(0).table == ["t-zoo"] and t.combat is not None and t.strengths() == (2, 3)
    t.rejects("munchkin.combat.in-progress", 0, A.LootRoom())
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.combat is None and t.p(0).level == 1 and t.p(0).table == ["t-zoo"]
    t.state.players[0].unknown = 5  # arranged: nothing to give away
    t.do(0, A.EndTurn())
    assert t.p(0).table == [] and t.state.discards["door"].count("t-zoo") == 1



def test_raeume_phases_2_and_3_after_a_room_unless_the_room_says_otherwise() -> None:
    """004 "Räume": "Wenn ein Raum keine Monster enthält und du die anderen Auswirkungen des Raumes überlebst,
    darfst du anschließend ganz normal auf Ärger aus sein (Phase 2) und/oder den Raum plündern (Phase 3), es sei
    denn, die Raumkarte sagt anderes." A room that forbids both refuses them with star.room.says-otherwise."""
    verlies = {"id": "t-verlies", "name": "Verlies", "deck": "door", "kind": "room", "no_trouble": True,
               "no_looting": True, "set": "t"}
    t = star(custom=(verlies,))
    t.give(0, "har-har")
    t.do(0, A.KickDoor(card="t-verlies"))
    t.rejects("star.room.says-otherwise", 0, A.LookForTrouble(card="har-har"))
    t.rejects("star.room.says-otherwise", 0, A.LootRoom())
    assert not any(isinstance(x, (A.LootRoom, A.LookForTrouble)) for x in t.legal(0))
    plain = star(custom=({**verlies, "no_trouble": False, "no_looting": False},))
    plain.give(0, "har-har")
    plain.do(0, A.KickDoor(card="t-verlies"))
    plain.do(0, A.LookForTrouble(card="har-har"))
    assert plain.combat is not None


# ------------------------------------------------------------------ Medium, Handlanger

#: 004 names the Medium without printing its card; a group's printing with a bonus for fighting alone.
MEDIUM = {"id": "t-medium", "name": "Medium", "deck": "door", "kind": "class", "alone_bonus": 2,
          "counts_as": ["class:medium"], "set": "t"}


def test_handlanger_do_not_affect_the_bonus_of_a_medium_fighting_alone() -> None:
    """004 "Handlanger": "Sie beeinflussen nicht den Bonus eines Mediums, das alleine kämpft." A Medium whose card
    gives a bonus for fighting alone keeps it with a hireling beside it (Rothemd), loses it with a helper; and,
    as a Medium, it meets the Schreckliches grünes Ding's "+3 gegen Medien"."""
    t = star(custom=(MEDIUM,))
    t.state.players[0].classes.append("t-medium")
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    assert t.strengths() == (5 + 2, 8 + 3)
    t.give(0, "rothemd")
    t.do(0, A.PlayCard(card="rothemd"))  # "sogar während eines Kampfes"
    assert t.strengths() == (5 + 2, 8 + 3)
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (5 + 1, 8 + 3)


# ------------------------------------------------------------------ Fallen

def test_fallen_chromosomentausch_stays_as_a_reminder_until_its_effect_ends() -> None:
    """004 "Fallen": "Eine Falle wirkt immer sofort auf ihr Opfer (falls möglich) und wird dann abgelegt. Achtung:
    Die Karte Falle! Chromosomentausch wird nicht sofort abgelegt, sondern bleibt als Gedächtnisstütze liegen,
    bis ihre Wirkung endet." Its effect (not printed in 004) is the sex change: -5 in the next combat."""
    t = star()
    t.do(0, A.KickDoor(card="falle-chromosomentausch"))
    t.do(0, A.AnswerCurse())
    assert t.p(0).sex == "female" and t.p(0).table == ["falle-chromosomentausch"]
    assert "falle-chromosomentausch" not in t.state.discards["door"]
    t.rejects("munchkin.curse.lasting-stays", 0, A.DiscardCard(card="falle-chromosomentausch", from_table=True))
    t.set_level(0, 9)
    t.give(0, "har-har")
    t.do(0, A.LookForTrouble(card="har-har"))
    assert t.strengths() == (9 - 5, 4)
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=6))
    assert t.combat is None and t.p(0).table == [] and "falle-chromosomentausch" in t.state.discards["door"]


# ------------------------------------------------------------------ Gadgeteer

def test_gadgeteer_defuses_a_trap_from_the_door_paying_one_card() -> None:
    """004 "Kombiniere dieses Spiel mit anderen Munchkin-Spielen!": "Fallen und Flüche werden als derselbe Typ von
    Karten behandelt ... Ja, Gadgeteere können Flüche „entschärfen“." A Gadgeteer hit by Falle! Dosenöffner on
    the door defuses it (one card discarded): the armor stays. Anyone else has no such ability."""
    t = star(custom=(RUESTUNG,))
    t.state.players[0].classes.append("gadgeteer")
    t.equip(0, "t-ruestung")
    t.give(0, "laser")
    t.do(0, A.KickDoor(card="falle-dosenoeffner"))
    defuse = A.UseAbility(ability="defuse", discard=("laser",))
    assert any(isinstance(x, A.UseAbility) and x.ability == "defuse" for x in t.legal(0))
    t.rejects("munchkin.ability.discard-count", 0, A.UseAbility(ability="defuse"))
    effects = t.do(0, defuse)
    assert "CurseCancelled" in t.types(effects) and t.state.pending_curse is None
    assert [i.card for i in t.p(0).items] == ["t-ruestung"]
    assert {"laser", "falle-dosenoeffner"} <= set(t.state.discards["treasure"] + t.state.discards["door"])
    t.rejects("star.defuse.nothing-to-defuse", 0, A.UseAbility(ability="defuse", discard_unknown=1))
    u = star(custom=(RUESTUNG,))
    u.equip(0, "t-ruestung")
    u.do(0, A.KickDoor(card="falle-dosenoeffner"))
    u.rejects("munchkin.ability.not-yours", 0, A.UseAbility(ability="defuse", discard_unknown=1))


def test_gadgeteer_defuses_a_lasting_trap_lying_in_front_of_it() -> None:
    """004 "Fallen": Chromosomentausch "bleibt als Gedächtnisstütze liegen, bis ihre Wirkung endet"; a Gadgeteer
    defuses it (004: "Ja, Gadgeteere können Flüche „entschärfen“"): it is discarded and its -5 ends."""
    t = star()
    t.state.players[0].classes.append("gadgeteer")
    t.do(0, A.KickDoor(card="falle-chromosomentausch"))
    t.do(0, A.AnswerCurse())
    assert t.p(0).table == ["falle-chromosomentausch"]
    t.do(0, A.UseAbility(ability="defuse", item="falle-chromosomentausch", discard_unknown=1))
    assert t.p(0).table == [] and "falle-chromosomentausch" in t.state.discards["door"]


# ------------------------------------------------------------------ Laserwaffen

VERNICHTUNG = {"id": "t-vernichtung", "name": "Vernichtung", "deck": "door", "kind": "trap",
               "curse": {"lose_item": "hands"}, "set": "t"}


def test_laserwaffen_vernichtung_hits_one_card_of_the_combined_weapon() -> None:
    """004 "Laserwaffen": "jede einzelne Karte, aus der sich der kombinierte Laser zusammensetzt, zählt als 1
    Gegenstand. Du kannst Vernichtung oder Antimaterie nicht auf die gesamte Waffe spielen – nur auf eine einzelne
    Karte!" The victim of a trap taking a hand weapon chooses one card of its Laser-Dazer; the other stays."""
    t = star(custom=(VERNICHTUNG,))
    t.give(0, "laser", "dazer")
    t.do(0, A.PlayCard(card="laser"))
    t.do(0, A.PlayCard(card="dazer"))
    t.do(0, A.KickDoor(card="t-vernichtung"))
    t.do(0, A.AnswerCurse())
    assert t.state.choice.options == ["dazer", "laser"]
    t.do(0, A.ChooseCard(card="dazer"))
    assert [(i.card, i.in_use) for i in t.p(0).items] == [("laser", True)]


def test_laserwaffen_every_laser_weapon_counts_as_a_fire_weapon() -> None:
    """004 "Laserwaffen": "Als Laserwaffen gelten alle Gegenstände, deren Namen mehr oder weniger mit “aser“
    enden" ("mehr oder weniger": the Dazer too) and "Alle Laserwaffen gelten für Regelbelange als „Feuer verwendende Waffen“": in the catalogue each
    item named ...aser is a laser weapon, and each laser weapon a fire weapon."""
    from judge.rulesets import get

    cards = get("star").catalogue()
    lasers = [c for c in cards.values() if c.kind == "item" and c.name.endswith(("aser", "azer"))]
    assert {c.id for c in lasers} == {"laser", "dazer", "bobaser"}
    assert all("laser" in c.tags for c in lasers)
    assert all("fire" in c.tags for c in cards.values() if "laser" in c.tags)


def test_the_view_says_what_the_discard_choice_waits_for() -> None:
    """004 Schreckliches grünes Ding, "lege 2 Handkarten ab": the view names the choice, how many cards are owed
    and the option of a card not yet identified."""
    from judge.rules import Viewer

    t = star()
    t.set_level(0, 4)
    t.give(0, "laser")
    _caught(t, "schreckliches-gruenes-ding")
    t.do(0, A.SufferBadStuff(monster_index=0))
    waiting = t.rules.view(t.state, Viewer("seat", 1))["waiting_for"]
    assert waiting == "seat 0 to choose a card (discard, 2 to discard: laser, a card not yet identified)"


# ------------------------------------------------------------------ Gewonnen!

VANISH = {"id": "t-wegbeamen", "name": "Wegbeamen", "deck": "treasure", "kind": "one_shot", "eliminates_monster": True,
          "set": "t"}


def test_gewonnen_treasures_whether_killed_or_otherwise_eliminated() -> None:
    """004 "Gewonnen!": "Ziehe so viele Schatzkarten, wie auf der Monsterkarte angegeben ... – egal, ob du das
    Monster getötet oder anders eliminiert hast." and "Du steigst jedoch nie für ein Monster auf, das du besiegt
    hast, ohne es zu töten." Har Har eliminated: its 2 treasures, no level. The base game (000) says the same."""
    t = star(custom=(VANISH,))
    t.give(0, "t-wegbeamen")
    hand = t.p(0).hand_size
    t.do(0, A.KickDoor(card="har-har"))
    t.do(0, A.PlayCard(card="t-wegbeamen", monster_index=0))
    # and Har Har's face-down door: "Teil der Belohnung für denjenigen ..., der Har Har besiegt" (Kampfbeispiel)
    assert t.combat is None and t.p(0).level == 1 and t.p(0).hand_size == hand - 1 + 2 + 1
    har_har = {"id": "t-har-har", "name": "Har Har", "deck": "door", "kind": "monster", "level": 4, "treasures": 2,
               "bad_stuff": {}, "set": "t"}
    b = Table(window_ms=0, custom=(VANISH, har_har))
    b.give(0, "t-wegbeamen")
    hand = b.p(0).hand_size
    b.do(0, A.KickDoor(card="t-har-har"))
    b.do(0, A.PlayCard(card="t-wegbeamen", monster_index=0))
    assert b.combat is None and b.p(0).level == 1 and b.p(0).hand_size == hand - 1 + 2


def test_raeume_the_monsters_fought_in_a_room_follow_its_rules() -> None:
    """004 "Räume": "Wenn du auf Ärger aus bist, richten sich alle Monster, die du findest, nach den Regeln auf
    der Raumkarte." A room's bonus for monsters counts for a monster looked for in it, as a term of its own, and
    no longer once the turn (and the room) is over."""
    dungeon = {"id": "t-verlies", "name": "Verlies", "deck": "door", "kind": "room", "set": "t", "monster_bonus": 3}
    t = star(custom=(dungeon,))
    t.give(0, "har-har")
    t.do(0, A.KickDoor(card="t-verlies"))
    t.do(0, A.LookForTrouble(card="har-har"))
    printed = 4  # Har Har, level 4 (004)
    assert t.strengths()[1] == printed + 3
    terms = t.rules.analysis(t.state, ORGANIZER)["breakdowns"]
    monster = next(b for b in terms if b["subject"] == "monster:0")
    assert any(term["rule"] == "star.room.monster-rules" and term["amount"] == 3 and term["card"] == "t-verlies"
               for term in monster["terms"])
    plain = star(custom=(dungeon,))
    plain.give(0, "har-har")
    plain.do(0, A.KickDoor(card="katze"))
    plain.do(0, A.LookForTrouble(card="har-har"))
    assert plain.strengths()[1] == printed  # no room, no room rules
