"""Star Munchkin (004) on the core: each test names the section of 004 it checks
and uses 004's own numbers. The layer's refusals carry ``star.*`` rulings."""

from __future__ import annotations

from typing import Any

from judge.common.i18n import in_lang
from judge.rules import Viewer
from judge.rules.ruling import RULES, SEED_004
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.star import Star
from tests.rules.harness import A, Table

HELM = {"id": "t-helm", "name": "Helm", "deck": "treasure", "kind": "item", "slot": "headgear", "bonus": 1, "set": "t"}
HUT = {"id": "t-hut", "name": "Hut", "deck": "treasure", "kind": "item", "slot": "headgear", "bonus": 2, "set": "t"}
RUESTUNG = {"id": "t-ruestung", "name": "Rüstung", "deck": "treasure", "kind": "item", "slot": "armor", "bonus": 1,
            "set": "t"}
STURMTRUPPLER = {"id": "t-sturmtruppler", "name": "Sturmtruppler", "deck": "door", "kind": "hireling", "bonus": 2,
                 "set": "t"}


def star(n: int = 3, **kw: Any) -> Table:
    return Table(n, ruleset="star", window_ms=0, **kw)


def _lose(t: Table) -> None:
    t.do(0, A.GiveUp())


def test_the_star_rules_cite_004() -> None:
    assert Star.name == "star"
    ids = [r for r in RULES if r.startswith("star.")]
    assert ids and {RULES[r].citation.source for r in ids} == {SEED_004}


# ------------------------------------------------------------------ races and classes

def test_spielvorbereitungen_cyborg_starts_at_two_and_never_sinks_below() -> None:
    """004 "Spielvorbereitungen": "So lange du ein Cyborg bist, kann sie sogar niemals unter 2 sinken";
    cyBorg: "Ein Charakter mit Stufe 1, der ein Cyborg wird, erhält Stufe 2." """
    t = star()
    t.give(0, "cyborg")
    t.do(0, A.PlayCard(card="cyborg"))
    assert t.p(0).level == 2
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))  # bad stuff: lose 2 levels
    _lose(t)
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 2


def test_cyborg_loses_two_levels_instead_of_dying() -> None:
    """004 cyBorg: "Wenn er getötet wird, kann der Cyborg wählen, stattdessen 2 Stufen zu verlieren (oder auf
    Stufe 2 zu sinken) und am Leben zu bleiben." The game waits for the Cyborg's choice; a non-Cyborg dies of
    the same bad stuff."""
    custom = ({"id": "t-tod", "name": "Tod", "deck": "door", "kind": "monster", "level": 20, "treasures": 1,
               "bad_stuff": {"death": True}, "set": "t"},)
    t = star(custom=custom)
    t.state.players[0].races.append("cyborg")
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="t-tod"))
    _lose(t)
    t.do(0, A.RunAway(monster_index=0, die=1))
    effects = t.do(0, A.SufferBadStuff(monster_index=0))
    # The choice is the Cyborg's: the game waits for it.
    assert "PlayerDied" not in t.types(effects) and "DeathAverted" not in t.types(effects)
    ch = t.state.choice
    assert (ch.seat, ch.reason, ch.options) == (0, "cyborg", ["cyborg", "t-tod"])
    assert A.ChooseCard(card="cyborg") in t.legal(0) and A.ChooseCard(card="t-tod") in t.legal(0)
    t.rejects("munchkin.choice.pending", 1, A.KickDoor())
    t.rejects("munchkin.choice.not-an-option", 0, A.ChooseCard(card="har-har"))
    effects = t.do(0, A.ChooseCard(card="cyborg"))
    assert "DeathAverted" in t.types(effects) and "PlayerDied" not in t.types(effects)
    assert t.p(0).level == 3 and t.state.corpse is None and t.state.choice is None
    # Choosing death, the Cyborg dies and keeps its race (000 "Tod").
    d = star(custom=custom)
    d.state.players[0].races.append("cyborg")
    d.set_level(0, 5)
    d.do(0, A.KickDoor(card="t-tod"))
    _lose(d)
    d.do(0, A.RunAway(monster_index=0, die=1))
    d.do(0, A.SufferBadStuff(monster_index=0))
    assert "PlayerDied" in d.types(d.do(0, A.ChooseCard(card="t-tod")))
    assert d.p(0).dead and d.p(0).races == ["cyborg"] and d.p(0).level == 5
    human = star(custom=custom)
    human.set_level(0, 5)
    human.do(0, A.KickDoor(card="t-tod"))
    _lose(human)
    human.do(0, A.RunAway(monster_index=0, die=1))
    assert "PlayerDied" in human.types(human.do(0, A.SufferBadStuff(monster_index=0)))


def test_gewonnen_space_ranger_helper_gains_a_level() -> None:
    """004 "Gewonnen!": "Hattest du einen Helfer, steigt dieser nicht auf, es sei denn, es ist ein Space Ranger!" """
    t = star()
    t.state.players[1].classes.append("space-ranger")
    t.state.players[2].classes.append("medium")
    t.set_level(0, 4)
    t.do(0, A.KickDoor(card="har-har"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.ClaimVictory())
    assert (t.p(0).level, t.p(1).level) == (5, 2)
    u = star()
    u.state.players[2].classes.append("medium")
    u.set_level(0, 4)
    u.do(0, A.KickDoor(card="har-har"))
    u.do(0, A.AskForHelp(helper=2))
    u.do(2, A.AnswerHelp(accept=True))
    u.do(0, A.ClaimVictory())
    assert (u.p(0).level, u.p(2).level) == (5, 1)


def test_medium_bonus_counts_once_for_fighter_and_helper() -> None:
    """004 "Um Hilfe bitten": "Du stehst vor dem Schrecklichen Grünen Ding (+3 gegen Medien), und dir hilft ein
    Medium. Nun steigt die Kampfstärke des Monsters um 3 – es sei denn, du bist selbst ein Medium, und die
    Kampfstärke hatte sich bereits erhöht, dann steigt sie nicht noch mal!" """
    t = star()
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    assert t.strengths()[1] == 8
    t.state.players[1].classes.append("medium")
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths()[1] == 11
    t.state.players[0].classes.append("medium")
    assert t.strengths()[1] == 11


def test_rassen_klassen_super_munchkin_with_one_class_has_none_of_its_disadvantages() -> None:
    """004 "Rassen / Klassen", Super Munchkin: "halb diese Klasse und halb Mensch. Du hast dann alle
    Vorteile der Klasse aber keine ihrer Nachteile usw." as Halb-Blut: "(Monster, die beispiels-weise einen
    Bonus gegen diese Rasse haben, erhalten keinen Bonus gegen dich.)" The Schreckliche grüne Ding's
    +3 against Medien does not see a lone Medium with Super Munchkin; with a second class it does."""
    t = star()
    t.state.players[0].classes = ["medium"]
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    assert t.strengths()[1] == 11
    t.state.players[0].table.append("star-super-munchkin")
    assert t.strengths()[1] == 8
    t.state.players[0].classes = ["medium", "gadgeteer"]
    assert t.strengths()[1] == 11


def test_kopfgeldjaeger_neuer_auftrag() -> None:
    """004 Kopfgeldjäger: "Neuer Auftrag: Wenn eine Monsterkarte oben auf dem Ablagestapel liegt, darfst du alle
    Handkarten ablegen und dafür das Monster nehmen. Das darfst du nicht während eines Kampfes tun." """
    t = star()
    t.state.players[0].classes.append("kopfgeldjaeger")
    t.give(0, "laser", "katze")
    contract = A.UseAbility(ability="new-contract")
    t.rejects("star.contract.no-monster-on-top", 0, contract)
    t.state.discards["door"] = ["gehirn-im-glas", "har-har"]
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    t.rejects("star.contract.not-in-combat", 0, contract)
    t.state.combat = None  # arranged: the combat is over
    t.rejects("munchkin.ability.not-yours", 1, contract)
    t.do(0, contract)
    assert t.p(0).hand == ["har-har"] and t.p(0).unknown == 0
    assert t.state.discards["door"][:1] == ["gehirn-im-glas"] and "har-har" not in t.state.discards["door"]
    assert sorted(t.state.discards["treasure"]) == ["laser"]


def test_kopfgeldjaeger_freiberufliche_mitarbeit_draws_a_door_after_helping_to_kill() -> None:
    """004 Kopfgeldjäger: "Du ziehst eine verdeckte Türkarte als Belohnung, nachdem du jemand anderem geholfen
    hast, ein Monster zu töten." """
    t = star()
    t.state.players[1].classes.append("kopfgeldjaeger")
    t.set_level(0, 4)
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    t.set_level(1, 5)
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    before = t.p(1).unknown
    t.do(0, A.ClaimVictory())
    assert t.p(1).unknown == before + 1


# ------------------------------------------------------------------ complex items

def test_gegenstaende_one_complex_item_unless_gadgeteer() -> None:
    """004 "Gegenstände": "Du darfst eine beliebige Anzahl an normalen Gegenständen tragen, aber nur 1 Komplexen
    ... Der Gadegeteer kann beliebig viele Komplexe Gegenstände tragen und benutzen." """
    t = star()
    t.give(0, "cyberdeck", "cyberdeck", "laser", "dazer")
    t.do(0, A.PlayCard(card="cyberdeck"))
    t.do(0, A.PlayCard(card="laser"))
    t.do(0, A.PlayCard(card="dazer"))  # normal items: any number
    t.rejects("star.item.one-complex", 0, A.PlayCard(card="cyberdeck"))
    t.state.players[0].classes.append("gadgeteer")
    t.do(0, A.PlayCard(card="cyberdeck"))
    assert [i.card for i in t.p(0).items].count("cyberdeck") == 2


def test_cyberdeck_only_for_gadgeteers() -> None:
    """004 "Gegenstände": "Manche Gegenstände haben Einschränkungen ihrer Nutzung, wie beispielsweise „Nur von
    Gadgeteeren nutzbar“. Andere Charaktere können solche Gegenstände zwar auch tragen, aber sie können ihre
    Fähigkeit nicht nutzen." Cyberdeck: +4, Komplex, 1 Hand, 700 Goldstücke."""
    t = star()
    t.equip(0, "cyberdeck")
    t.do(0, A.KickDoor(card="har-har"))
    assert t.strengths() == (1, 4)
    t.state.players[0].classes.append("gadgeteer")
    assert t.strengths() == (5, 4)


def test_mutant_uses_a_second_headgear() -> None:
    """004 "Gegenstände": "es sei denn du hast Karten oder spezielle Fähigkeiten (beispielsweise ein Mutant), die
    dir erlauben, mehr zu nutzen" (how many is open: one more headgear, docs/rules.md)."""
    t = star(custom=(HELM, HUT))
    t.give(0, "t-helm", "t-hut")
    t.do(0, A.PlayCard(card="t-helm"))
    t.do(0, A.PlayCard(card="t-hut"))
    assert [i.in_use for i in t.p(0).items] == [True, False]
    m = star(custom=(HELM, HUT))
    m.state.players[0].races.append("mutant")
    m.give(0, "t-helm", "t-hut")
    m.do(0, A.PlayCard(card="t-helm"))
    m.do(0, A.PlayCard(card="t-hut"))
    assert [i.in_use for i in m.p(0).items] == [True, True]


# ------------------------------------------------------------------ hirelings

def test_handlanger_one_in_play_unless_haendler_even_in_combat() -> None:
    """004 "Handlanger": "Einen Handlanger darfst du zu jeder Zeit, sogar während eins Kampfes, ausspielen,
    solange du lediglich immer nur 1 Handlanger im Spiel hast. (Es sei denn du bist ein Händler)." """
    t = star(custom=(STURMTRUPPLER,))
    t.give(1, "rothemd", "t-sturmtruppler")
    t.do(0, A.KickDoor(card="har-har"))
    t.do(1, A.PlayCard(card="rothemd"))  # in someone else's combat
    t.rejects("star.hireling.only-one", 1, A.PlayCard(card="t-sturmtruppler"))
    t.state.players[1].classes.append("haendler")
    t.do(1, A.PlayCard(card="t-sturmtruppler"))
    assert t.p(1).table == ["rothemd", "t-sturmtruppler"]
    # "Du kannst einen Handlanger zu jeder Zeit ablegen."
    t.do(1, A.DiscardCard(card="rothemd", from_table=True))
    assert t.p(1).table == ["t-sturmtruppler"]


def test_hireling_is_no_item_and_cannot_be_given() -> None:
    """004 "Handlanger": "Handlanger darfst du nicht handeln; sie sind keine „Gegenstände“." Its printed bonus
    counts for its owner (docs/rules.md, decisions)."""
    t = star(custom=(STURMTRUPPLER,))
    t.give(0, "t-sturmtruppler")
    t.do(0, A.PlayCard(card="t-sturmtruppler"))
    t.rejects("star.hireling.not-an-item", 0, A.GiveItem(card="t-sturmtruppler", to_seat=1))
    t.rejects("star.hireling.not-an-item", 0, A.ProposeTrade(with_seat=1, give=("t-sturmtruppler",)))
    t.do(0, A.KickDoor(card="har-har"))
    assert t.strengths() == (3, 4)


def test_handlanger_sacrificed_escapes_every_monster_even_the_brain() -> None:
    """004 "Handlanger": "kannst du einen Handlanger ablegen, anstatt einen Weglaufwurf zu machen. Du entkommst
    automatisch allen Monstern in dem Kampf, sogar wenn eine Monsterkarte sagt, dass Weglaufen nicht möglich ist."
    Gehirn im Glas (Stufe 16): "Für alle anderen ist Flucht unmöglich!" """
    t = star()
    t.give(0, "rothemd")
    t.do(0, A.PlayCard(card="rothemd"))
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="gehirn-im-glas"))
    sacrifice = A.UseAbility(ability="sacrifice-hireling", item="rothemd")
    t.rejects("star.hireling.sacrifice-when-lost", 0, sacrifice)  # still fighting
    _lose(t)
    effects = t.do(0, sacrifice)
    assert "HirelingSacrificed" in t.types(effects) and t.combat is None
    assert t.p(0).level == 5 and t.p(0).table == [] and "rothemd" in t.state.discards["treasure"]


def test_handlanger_the_victim_decides_for_the_helper() -> None:
    """004 "Handlanger": "Wenn jemand dir im Kampf geholfen hat, entscheidest DU, ob diese Person ebenfalls
    automatisch entkommt oder würfeln muss, um zu entkommen." """
    t = star()
    t.give(0, "rothemd")
    t.do(0, A.PlayCard(card="rothemd"))
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    _lose(t)
    t.rejects("star.hireling.none", 1, A.UseAbility(ability="sacrifice-hireling", item="rothemd"))
    t.do(0, A.UseAbility(ability="sacrifice-hireling", item="rothemd", target_seat=1))
    assert t.combat is None
    # Without taking the helper along, the helper still rolls.
    u = star()
    u.give(0, "rothemd")
    u.do(0, A.PlayCard(card="rothemd"))
    u.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    u.do(0, A.AskForHelp(helper=1))
    u.do(1, A.AnswerHelp(accept=True))
    _lose(u)
    u.do(0, A.UseAbility(ability="sacrifice-hireling", item="rothemd"))
    assert u.combat is not None and u.combat.monsters[0].runs == {"0": "escaped", "1": "pending"}


# ------------------------------------------------------------------ traps, clones

def test_phase_1_a_trap_on_the_door_hits_the_kicker() -> None:
    """004 "Phase 1: Tür eintreten": "Hast du eine Falle aufgedeckt, wirkt diese sofort auf dich (falls möglich).
    Die Karte wird danach abgelegt." Falle! Dosenöffner: "Verliere die Rüstung, die du trägst." """
    t = star(custom=(RUESTUNG,))
    t.equip(0, "t-ruestung")
    t.do(0, A.KickDoor(card="falle-dosenoeffner"))
    t.do(0, A.AnswerCurse())
    assert t.p(0).items == [] and "falle-dosenoeffner" in t.state.discards["door"]


def test_monsterverstaerker_what_enhances_the_original_enhances_its_clone() -> None:
    """004 "Weitere Aktionen im Kampf": "Im Falle einer Klonkarte gilt jedoch alles, was das ursprüngliche Monster
    verstärkt, auch für seinen Klon." Har Har (4) + ... aus einer anderen Dimension (+10), cloned: 28."""
    t = star()
    t.give(1, "aus-einer-anderen-dimension", "klon")
    t.do(0, A.KickDoor(card="har-har"))
    t.do(1, A.PlayCard(card="aus-einer-anderen-dimension", monster_index=0))
    t.do(1, A.PlayCard(card="klon", monster_index=0))
    assert t.strengths() == (1, 28)


def test_the_base_game_is_untouched_by_star() -> None:
    """A base game has no hireling handler and does not include the Star cards."""
    assert "hireling" not in Munchkin.play_handlers and "cyborg" not in Munchkin().catalogue()
    base = Table(custom=(STURMTRUPPLER,))
    base.give(0, "t-sturmtruppler")
    base.rejects("munchkin.card.not-playable", 0, A.PlayCard(card="t-sturmtruppler"))


# ------------------------------------------------------------------ laser weapons, portals

def test_laserwaffen_combine_into_one_two_handed_weapon() -> None:
    """004 "Laserwaffen": "verbinden sich ein Laser (+2) und ein Dazer (+3) zu einem Laser-Dazer (+5). Füge noch
    einen Laser hinzu, und du erhältst ein Laser-Laser-Dazer (+7). Und es ist immer noch bloß 1 einzige 2-händige
    Waffe." Each card stays one item."""
    schwert = {"id": "t-schwert", "name": "Schwert", "deck": "treasure", "kind": "item", "slot": "1hand",
               "bonus": 1, "set": "t"}
    two = star()
    two.give(0, "laser", "dazer")
    two.do(0, A.PlayCard(card="laser"))
    two.do(0, A.PlayCard(card="dazer"))
    two.do(0, A.KickDoor(card="har-har"))
    assert two.strengths() == (1 + 5, 4)  # Laser-Dazer
    t = star(custom=(schwert,))
    t.give(0, "laser", "dazer", "laser", "t-schwert")
    for card in ("laser", "dazer", "laser"):
        t.do(0, A.PlayCard(card=card))
    assert [i.in_use for i in t.p(0).items] == [True, True, True]
    t.do(0, A.PlayCard(card="t-schwert"))  # no hand is free beside the one two-handed weapon
    assert [i.in_use for i in t.p(0).items] == [True, True, True, False]
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    assert t.strengths() == (1 + 7, 8)  # Laser-Laser-Dazer
    # Each card is one item: taken apart, one of them can be handed on by itself after the combat.
    t.state.combat = None  # arranged: the combat is over
    t.do(0, A.GiveItem(card="dazer", to_seat=1))
    assert [i.card for i in t.p(1).items] == ["dazer"] and [i.in_use for i in t.p(0).items] == [True, True, False]


def test_laserwaffen_in_the_base_game_do_not_combine() -> None:
    """The combining is Star's rule: in the base game two two-handed weapons need four hands."""
    laser = {"id": "t-laser", "name": "Laser", "deck": "treasure", "kind": "item", "slot": "2hands", "bonus": 2,
             "tags": ["laser"], "set": "t"}
    dazer = {**laser, "id": "t-dazer", "name": "Dazer", "bonus": 3}
    base = Table(custom=(laser, dazer))
    base.give(0, "t-laser", "t-dazer")
    base.do(0, A.PlayCard(card="t-laser"))
    base.do(0, A.PlayCard(card="t-dazer"))
    assert [i.in_use for i in base.p(0).items] == [True, False]


PORTAL = {"id": "t-portal", "name": "Portal", "deck": "door", "kind": "portal", "set": "t"}


def test_portalkarten_own_turn_once_then_a_face_down_door() -> None:
    """001 timing table: "Portalkarten: Jederzeit während eines eigenen Zuges, jedoch nicht während eines Kampfes,
    und nur einmal pro Zug. Danach sofort eine verdeckte Türkarte ziehen." """
    t = star(custom=(PORTAL,))
    t.give(0, "t-portal", "t-portal")
    t.give(1, "t-portal")
    t.rejects("munchkin.timing.portal", 1, A.PlayCard(card="t-portal"))
    unknown = t.p(0).unknown
    t.do(0, A.PlayCard(card="t-portal"))
    assert t.p(0).unknown == unknown + 1 and "t-portal" in t.state.discards["door"]
    t.rejects("munchkin.timing.once-per-turn", 0, A.PlayCard(card="t-portal"))
    # "jedoch nicht während eines Kampfes": not even the first portal of the turn.
    fight = star(custom=(PORTAL,))
    fight.give(0, "t-portal")
    fight.do(0, A.KickDoor(card="har-har"))
    fight.rejects("munchkin.timing.portal", 0, A.PlayCard(card="t-portal"))
    assert "t-portal" in fight.p(0).hand


def test_a_portal_on_the_door_opens_another_door() -> None:
    """001 "1. Tür öffnen": "ein Portal: Befolge die Anweisung auf der Karte und öffne gleich noch eine Tür"."""
    t = star(custom=(PORTAL,))
    t.do(0, A.KickDoor(card="t-portal"))
    assert t.state.phase == "start"
    t.do(0, A.KickDoor(card="har-har"))
    assert t.combat is not None


# ------------------------------------------------------------------ item enhancers, traps from the hand

VERSTAERKER = {"id": "t-verstaerker", "name": "Verstärker", "deck": "treasure", "kind": "item_enhancer",
               "bonus": 2, "set": "t"}


def test_gegenstandsverstaerker_on_an_item_in_play_and_discarded_with_it() -> None:
    """004 "Gegenstandsverstärker": "werden auf Gegenstände gespielt, die du bereits im Spiel hast; sie können nicht
    alleine gespielt werden ... wird auch zusammen mit dem Gegenstand abgelegt, wenn Du den Gegenstand verlierst." """
    t = star(custom=(VERSTAERKER, RUESTUNG))
    t.give(0, "t-verstaerker", "t-ruestung")
    t.rejects("star.enhancer.needs-item", 0, A.PlayCard(card="t-verstaerker"))
    t.rejects("star.enhancer.needs-item", 0, A.PlayCard(card="t-verstaerker", with_card="t-ruestung"))
    bad = t.malformed("play_card.with_card", 0, A.PlayCard(card="t-verstaerker", with_card="har-har"))
    # Said in Star Munchkin's own words, in the reader's language (issue 28).
    assert (in_lang(bad.message, "de"), in_lang(bad.message, "en")) == ("har-har ist kein Gegenstand",
                                                                        "har-har is not an item")
    t.do(0, A.PlayCard(card="t-ruestung"))
    t.do(0, A.PlayCard(card="t-verstaerker", with_card="t-ruestung"))
    assert t.rules.view(t.state, Viewer("seat", 1))["seats"][0]["other_cards"] == ["t-verstaerker"]
    t.do(0, A.KickDoor(card="har-har"))
    assert t.strengths() == (1 + 1 + 2, 4)
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.state.combat = None  # arranged: the run is over; now the armor is lost to a trap
    t.give(1, "falle-dosenoeffner")
    t.do(1, A.PlayCard(card="falle-dosenoeffner", target_seat=0))  # a trap at any time, on anyone
    assert t.p(0).items == [] and t.state.enhancers == []
    assert {"t-ruestung", "t-verstaerker"} <= set(t.state.discards["treasure"])
    again = t.rules.from_dict(t.rules.to_dict(t.state))
    assert type(again).__name__ == "StarState"


def test_gegenstandsverstaerker_does_not_follow_its_item_to_another_player() -> None:
    """004 "Gegenstandsverstärker": "kann der Verstärker nicht zu einem anderen Gegenstand getauscht werden":
    an item given away is lost to its owner, and the enhancer is discarded (docs/rules.md, decisions)."""
    t = star(custom=(VERSTAERKER, RUESTUNG))
    t.give(0, "t-verstaerker", "t-ruestung")
    t.do(0, A.PlayCard(card="t-ruestung"))
    t.do(0, A.PlayCard(card="t-verstaerker", with_card="t-ruestung"))
    t.do(0, A.GiveItem(card="t-ruestung", to_seat=1))
    assert [i.card for i in t.p(1).items] == ["t-ruestung"] and t.state.enhancers == []
    assert "t-verstaerker" in t.state.discards["treasure"]


# ------------------------------------------------------------------ rooms

RAUM = {"id": "t-raum", "name": "Messe", "deck": "door", "kind": "room", "set": "t"}
RAUM2 = {**RAUM, "id": "t-raum2", "name": "Brücke"}


def test_raeume_a_room_on_the_kick_is_entered_for_this_turn_then_phase_2_and_3() -> None:
    """004 "Räume": "Wenn du einen Raum während Phase 1: Tür eintreten aufdeckst, bedeutet das, dass du ihn
    betreten hast ... halten nur für die Dauer des Zuges an"; "darfst du anschließend ganz normal auf Ärger aus
    sein (Phase 2) und/oder den Raum plündern (Phase 3)"."""
    t = star(custom=(RAUM,))
    t.do(0, A.KickDoor(card="t-raum"))
    assert t.p(0).table == ["t-raum"] and t.state.phase == "after-door"
    t.do(0, A.LootRoom())
    t.state.players[0].unknown = 5  # arranged: nothing to give away
    t.do(0, A.EndTurn())
    assert t.p(0).table == [] and "t-raum" in t.state.discards["door"] and t.state.active == 1


def test_raeume_a_room_from_the_hand_right_after_a_kick_without_a_room() -> None:
    """004 "Räume": "Du darfst die Karte auf jeden Spieler spielen, solange du sie sofort spielst, nachdem dieser
    Spieler eine Tür eingetreten und dabei keinen Raum gezogen hat." The room comes before the monster."""
    t = star(custom=(RAUM, RAUM2))
    t.give(1, "t-raum", "t-raum2")
    t.rejects("star.room.right-after-kick", 1, A.PlayCard(card="t-raum", target_seat=0))  # no kick yet
    t.do(0, A.KickDoor(card="har-har"))
    t.rejects("star.room.right-after-kick", 1, A.PlayCard(card="t-raum", target_seat=2))  # not the kicker
    t.do(1, A.PlayCard(card="t-raum", target_seat=0))
    assert t.p(0).table == ["t-raum"] and t.combat is not None
    # "gilt der Raum, der zuerst auf dem Tisch lag, und der andere Raum geht auf die Hand ... zurück"
    t.rejects("star.room.one-per-turn", 1, A.PlayCard(card="t-raum2", target_seat=0))
    late = star(custom=(RAUM,))
    late.give(1, "t-raum")
    late.do(0, A.KickDoor(card="katze"))
    late.do(0, A.LootRoom())  # something else happened first: no longer "sofort"
    late.rejects("star.room.right-after-kick", 1, A.PlayCard(card="t-raum", target_seat=0))


def test_raeume_a_second_room_kicked_open_goes_to_the_hand() -> None:
    """004 "Räume": of two rooms in one turn "gilt der Raum, der zuerst auf dem Tisch lag"; after a portal the
    second door is a room: it goes to the kicker's hand."""
    t = star(custom=(RAUM, RAUM2, PORTAL))
    t.give(1, "t-raum")
    t.do(0, A.KickDoor(card="t-portal"))
    t.do(1, A.PlayCard(card="t-raum", target_seat=0))  # right after the kick, which found no room
    t.do(0, A.KickDoor(card="t-raum2"))
    assert t.p(0).table == ["t-raum"] and "t-raum2" in t.p(0).hand


def test_raeume_a_wandering_monster_into_a_room_without_monsters() -> None:
    """004 "Räume": "Ein Wanderndes Monster kann in einen Raum gespielt werden, als ob es ein ganz gewöhnlicher
    Kampf wäre, sogar dann, wenn in dem Raum gar kein anderes Monster ist." """
    t = star(custom=(RAUM,))
    t.give(2, "wanderndes-monster", "har-har")
    t.rejects("munchkin.timing.wandering-monster", 2,
              A.PlayCard(card="wanderndes-monster", with_card="har-har"))  # no room, no combat
    t.do(0, A.KickDoor(card="t-raum"))
    t.do(2, A.PlayCard(card="wanderndes-monster", with_card="har-har"))
    assert t.combat is not None and t.combat.fighter == 0 and [m.card for m in t.combat.monsters] == ["har-har"]


def test_gehirn_im_glas_no_escape_except_for_the_low_levels() -> None:
    """004 Gehirn im Glas (Stufe 16, 2 Stufen, 4 Schätze): "Wird niemanden der Stufe 3 oder niedriger verfolgen.
    Für alle anderen ist Flucht unmöglich!" Schlimme Dinge: "Verliere 2 Stufen und deine Klasse(n)." """
    t = star()
    t.state.players[0].classes.append("medium")
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="gehirn-im-glas"))
    t.do(0, A.GiveUp())
    rolled = next(e for e in t.do(0, A.RunAway(monster_index=0, die=6)) if e["type"] == "RunRolled")
    assert rolled["escaped"] is False
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 3 and t.p(0).classes == []
    low = star()
    low.set_level(0, 3)
    low.do(0, A.KickDoor(card="gehirn-im-glas"))
    low.do(0, A.GiveUp())
    assert low.combat is None  # it pursues nobody of level 3 or lower


def test_schreckliches_gruenes_ding_minus_one_to_run_away() -> None:
    """004 "KAMPF", Schreckliches grünes Ding (Stufe 8): "+3 gegen Medien. Du hast -1 auf Weglaufen." and
    "Verloren!": "Du brauchst mindestens eine 5, um fliehen zu können": a 5 is not enough, a 6 is."""
    t = star()
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    t.do(0, A.GiveUp())
    rolled = next(e for e in t.do(0, A.RunAway(monster_index=0, die=5)) if e["type"] == "RunRolled")
    assert (rolled["modifier"], rolled["escaped"]) == (-1, False)
    u = star()
    u.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    u.do(0, A.GiveUp())
    assert "CombatEnded" in u.types(u.do(0, A.RunAway(monster_index=0, die=6)))


def test_handlanger_a_helper_may_sacrifice_its_own_but_not_decide_for_the_fighter() -> None:
    """004 "Handlanger": "Wenn du einen Kampf verlierst, kannst du einen Handlanger ablegen" (the helper lost too);
    "entscheidest DU" is the fighter's word, not the helper's (docs/rules.md, decisions)."""
    t = star()
    t.give(1, "rothemd")
    t.do(1, A.PlayCard(card="rothemd"))
    t.do(0, A.KickDoor(card="schreckliches-gruenes-ding"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    _lose(t)
    t.rejects("star.hireling.victim-decides", 1,
              A.UseAbility(ability="sacrifice-hireling", item="rothemd", target_seat=0))
    t.do(1, A.UseAbility(ability="sacrifice-hireling", item="rothemd"))
    assert t.combat is not None and t.combat.monsters[0].runs == {"0": "pending", "1": "escaped"}


def test_kampfbeispiel_mit_zahlen_on_the_core() -> None:
    """004 "Kampfbeispiel mit Zahlen und allem Drumherum" on the core (the same over the API:
    tests/e2e/test_star_golden.py): 6 gegen 4, 14 gegen 6, Sven auf 9, 15 gegen 14, vier Schätze, Lars wählt
    zuerst, Sven als zweiter, Lars nimmt den Rest; beide ziehen eine verdeckte Tür."""
    t = Table(3, ruleset="star", window_ms=0)
    t.set_level(0, 4)
    t.set_level(1, 5)
    t.give(0, "katze", "diamanten-zaehne")
    t.give(1, "kopfgeldjaeger", "bobaser", "aus-einer-anderen-dimension")
    for seat, card in ((0, "katze"), (0, "diamanten-zaehne"), (1, "kopfgeldjaeger"), (1, "bobaser")):
        t.do(seat, A.PlayCard(card=card))
    t.do(0, A.KickDoor(card="har-har"))
    assert t.strengths() == (6, 4)
    t.do(1, A.PlayCard(card="aus-einer-anderen-dimension", monster_index=0))
    assert t.strengths() == (6, 14)
    t.do(0, A.AskForHelp(helper=1, bribe=A.Bribe(treasures=1)))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (6 + 9, 14)
    unknown = (t.p(0).unknown, t.p(1).unknown)
    won = t.do(0, A.ClaimVictory())
    assert next(e for e in won if e["type"] == "MonstersDefeated")["treasures"] == 4
    assert (t.p(0).level, t.p(1).level) == (5, 5)
    assert (t.p(0).unknown - unknown[0], t.p(1).unknown - unknown[1]) == (1, 1)
    t.do(0, A.DrawTreasures(cards=("laser", "dazer", "biergasgranate", "comics-leihen")))
    t.rejects("munchkin.treasure.not-your-pick", 1, A.PickTreasure(card="dazer"))
    t.do(0, A.PickTreasure(card="laser"))
    t.do(1, A.PickTreasure(card="dazer"))
    assert sorted(t.p(0).hand) == ["biergasgranate", "comics-leihen", "laser"] and t.p(1).hand == ["dazer"]
