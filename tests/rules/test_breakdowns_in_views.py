"""A breakdown beside every strength in the view (000 KAMPF, Um Hilfe bitten,
Weitere Aktionen im Kampf): each seat's strength with its terms, both sides of
the combat and each monster, each term with its card, its printed name and
its rule id; and the terms a set layer adds (003 Verloren!: bad stuff until
the next turn; 004 Handlanger and Gegenstandsverstärker; 003 Halb-Blut with
one race), so every total is the number the judge decides by."""

from __future__ import annotations

from typing import Any

from judge.rules import ORGANIZER, Viewer
from judge.rules.analysis import breakdown_of
from judge.rulesets.munchkin.ruleset import _Tx
from tests.rules.harness import A, Table
from tests.rules.test_004_star import RUESTUNG, STURMTRUPPLER, VERSTAERKER


def _terms(b: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(t["label"], t["card"], t["amount"], t["rule"]) for t in b["terms"]]


def _issue_table() -> Table:
    """Anna (level-5 elf, Flammende Rüstung) against the Plutoniumdrache, Ben (level 3) helps, Cem plays Uralt."""
    t = Table(3, sexes="fmm")
    t.set_level(0, 5)
    t.state.players[0].races = ["elf"]
    t.equip(0, "flammende-ruestung")
    t.set_level(1, 3)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.give(2, "uralt")
    t.do(2, A.PlayCard(card="uralt"))
    return t


def test_kampf_each_seat_in_the_view_has_its_strength_and_its_breakdown_read_out_with_card_names():
    """000 KAMPF: "Die Kampfstärke errechnet sich aus deiner eigenen Stufe plus sämtlichen Modifizierern"."""
    t = _issue_table()
    for viewer in (ORGANIZER, Viewer("seat", 2), Viewer("spectator")):
        anna = t.rules.view(t.state, viewer)["seats"][0]
        assert anna["strength"] == anna["breakdown"]["total"] == 7
        assert _terms(anna["breakdown"]) == [("level", "", 5, "munchkin.strength.level"),
                                             ("item", "flammende-ruestung", 2, "munchkin.strength.item")]
        assert anna["breakdown"]["terms"][1]["card_name"] == "Flammende Rüstung"
        assert breakdown_of(anna["breakdown"]).reads() == "7 = level 5 + Flammende Rüstung 2"
    tx = _Tx.reading(t.rules, t.state)
    assert [s["strength"] for s in t.rules.view(t.state, ORGANIZER)["seats"]] == [
        t.rules.power(tx, i) for i in range(3)]


def test_um_hilfe_bitten_the_combat_view_has_both_sides_and_each_monster_broken_down():
    """000 Um Hilfe bitten ("addierst du dessen Kampfstärke") and Weitere Aktionen im Kampf (Uralt +10):
    10 against 30, each number beside its terms."""
    t = _issue_table()
    combat = t.rules.view(t.state, ORGANIZER)["combat"]
    players, monsters = combat["players_breakdown"], combat["monsters_breakdown"]
    assert (combat["players_strength"], combat["monsters_strength"]) == (players["total"], monsters["total"]) == \
        t.strengths() == (10, 30)
    assert _terms(players) == [("level", "", 5, "munchkin.strength.level"),
                               ("item", "flammende-ruestung", 2, "munchkin.strength.item"),
                               ("help", "", 3, "munchkin.strength.help")]
    assert players["terms"][2]["owner"] == "seat:1"
    dragon = combat["monsters"][0]
    assert dragon["strength"] == dragon["breakdown"]["total"] == 30
    assert breakdown_of(dragon["breakdown"]).reads() == "30 = Plutoniumdrache 20 + Uralt 10"


def test_um_hilfe_bitten_a_monsters_bonus_against_a_race_is_in_its_view_strength():
    """000 Um Hilfe bitten: "Die besonderen Stärken oder Schwächen eines Monsters treffen auch deinen Helfer":
    the Sabbernder Schleim (1, +4 against elves) is 5 against an elf, and its view says so."""
    t = Table()
    t.state.players[0].races = ["elf"]
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    slime = t.rules.view(t.state, ORGANIZER)["combat"]["monsters"][0]
    assert slime["strength"] == 5 == t.strengths()[1]
    assert _terms(slime["breakdown"])[-1] == ("bonus against race:elf", "sabbernder-schleim", 4,
                                              "munchkin.strength.monster-bonus")


def test_babys_verloren_bad_stuff_until_the_next_turn_is_a_term_of_the_victims_strength():
    """003 Verloren!: "Das kann bedeuten, dass du bis zum Beginn deines nächsten Zuges irgendwas Bescheuertes
    tun musst." Ben's -2 until his next turn (arranged as the effect leaves it) is a term with its card."""
    t = Table(ruleset="babys")
    t.set_level(1, 3)
    t.state.lingering = [{"seat": 1, "card": "quengelmonster", "combat_modifier": -2}]  # type: ignore[attr-defined]
    ben = t.rules.view(t.state, ORGANIZER)["seats"][1]
    assert _terms(ben["breakdown"]) == [("level", "", 3, "munchkin.strength.level"),
                                        ("bad stuff until the next turn", "quengelmonster", -2,
                                         "babys.strength.lingering-bad-stuff")]
    assert ben["strength"] == 1 == t.rules.power(_Tx.reading(t.rules, t.state), 1)


def test_babys_halb_blut_with_one_race_the_monster_breakdown_drops_the_bonus_as_the_judge_does():
    """003 Halb-Blut: "alle Vorteile, aber keine der Nachteile (z.B. Monster, die Elflinge hassen, haben diesen
    Bonus nicht gegen Halb-Elflinge)": the slime's +4 is neither in its breakdown nor in the strength."""
    t = Table(ruleset="babys")
    t.state.players[0].races = ["elfling"]
    t.state.players[0].table.append("babys-halb-blut")
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    combat = t.rules.view(t.state, ORGANIZER)["combat"]
    assert _terms(combat["monsters"][0]["breakdown"]) == [
        ("monster level", "sabbernder-schleim", 1, "munchkin.strength.monster-level")]
    assert combat["monsters_breakdown"]["total"] == t.strengths()[1] == 1


def test_star_handlanger_and_gegenstandsverstaerker_are_terms_of_their_owners_strength():
    """004 Handlanger ("Jeder Handlanger hat bestimmte Fähigkeiten, die dir helfen können": its printed bonus)
    and Gegenstandsverstärker ("Diese Verstärker erhöhen den Kampfbonus des Gegenstands")."""
    t = Table(ruleset="star", window_ms=0, custom=(STURMTRUPPLER, VERSTAERKER, RUESTUNG))
    t.give(0, "t-sturmtruppler", "t-ruestung", "t-verstaerker")
    t.do(0, A.PlayCard(card="t-sturmtruppler"))
    t.do(0, A.PlayCard(card="t-ruestung"))
    t.do(0, A.PlayCard(card="t-verstaerker", with_card="t-ruestung"))
    anna = t.rules.view(t.state, ORGANIZER)["seats"][0]
    assert _terms(anna["breakdown"]) == [("level", "", 1, "munchkin.strength.level"),
                                         ("item", "t-ruestung", 1, "munchkin.strength.item"),
                                         ("enhancer on t-ruestung", "t-verstaerker", 2, "star.strength.enhancer"),
                                         ("hireling", "t-sturmtruppler", 2, "star.strength.hireling")]
    assert breakdown_of(anna["breakdown"]).reads() == "6 = level 1 + Rüstung 1 + Verstärker 2 + Sturmtruppler 2"
    t.do(0, A.KickDoor(card="har-har"))
    combat = t.rules.view(t.state, ORGANIZER)["combat"]
    assert combat["players_breakdown"]["total"] == t.strengths()[0] == 6 == anna["strength"]
