"""Strength breakdowns and combat forecasts (000 KAMPF, Um Hilfe bitten,
Weitere Aktionen im Kampf, Gewonnen!, Verloren!): each term with its card and
rule id, and totals that are the numbers the judge decides by."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import ORGANIZER
from judge.rules.analysis import breakdown_of
from judge.rulesets.munchkin.ruleset import _Tx
from tests.rules.harness import A, Table


def _analysis(t: Table) -> dict[str, Any]:
    return t.rules.analysis(t.state, ORGANIZER)


def _breakdown(t: Table, subject: str) -> dict[str, Any]:
    return next(b for b in _analysis(t)["breakdowns"] if b["subject"] == subject)


def _terms(b: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(t["label"], t["card"], t["amount"], t["rule"]) for t in b["terms"]]


def _issue_table() -> Table:
    """Anna (seat 0), a level-5 elf with the Flammende Rüstung, fights the
    Plutoniumdrache; Ben (seat 1, level 3) helps; Cem (seat 2) plays Uralt on it."""
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


def test_kampf_breakdown_of_a_fighter_level_plus_items():
    """000 KAMPF: "Die Kampfstärke errechnet sich aus deiner eigenen Stufe plus sämtlichen Modifizierern"."""
    t = _issue_table()
    anna = _breakdown(t, "seat:0")
    assert _terms(anna) == [("level", "", 5, "munchkin.strength.level"),
                            ("item", "flammende-ruestung", 2, "munchkin.strength.item")]
    assert anna["total"] == 7
    assert breakdown_of(anna).reads() == "7 = level 5 + Flammende Rüstung 2"


def test_um_hilfe_bitten_players_side_adds_the_helper_and_weitere_aktionen_enhancer_on_the_monster():
    """000 Um Hilfe bitten ("addierst du dessen Kampfstärke") and Weitere Aktionen im Kampf
    (a monster enhancer): 10 players against 30 monsters (20 + Uralt 10)."""
    t = _issue_table()
    players = _breakdown(t, "players")
    assert _terms(players)[-1] == ("help", "", 3, "munchkin.strength.help")
    assert players["total"] == 10
    dragon = _breakdown(t, "monster:0")
    assert _terms(dragon) == [("monster level", "plutoniumdrache", 20, "munchkin.strength.monster-level"),
                              ("enhancer", "uralt", 10, "munchkin.strength.enhancer")]
    assert (players["total"], _breakdown(t, "monsters")["total"]) == t.strengths() == (10, 30)


def test_forecast_plutoniumdrache_pursues_nobody_of_level_5_or_less_and_gewonnen_treasures():
    """000 Weitere Aktionen im Kampf ("Plutoniumdrachen ... verfolgt niemanden der Stufe 5 oder weniger"),
    Verloren! ("mindestens eine 5"), Gewonnen! ("zuzüglich eventueller Extraschätz")."""
    t = _issue_table()
    f = _analysis(t)["forecast"]
    assert (f["winner"], f["players"], f["monsters"], f["margin"]) == ("monsters", 10, 30, -20)
    runs = {r["seat"]: r for r in f["runs"]}
    assert runs[0]["pursues"] is False and runs[0]["rule"] == "munchkin.forecast.pursuit"
    assert runs[1]["pursues"] is False  # Ben, level 3
    assert f["treasures"]["total"] == 7  # 5 printed + Uralt's 2
    assert [(x["card"], x["amount"]) for x in f["treasures"]["terms"]] == [("plutoniumdrache", 5), ("uralt", 2)]
    assert f["levels"] == 2
    # One level more and the dragon pursues Anna: the elf needs a 4 (5, less the elf's +1).
    t.set_level(0, 6)
    run = next(r for r in _analysis(t)["forecast"]["runs"] if r["seat"] == 0)
    assert run["pursues"] is True and run["needs"] == 4 and run["escape_sixths"] == 3
    assert [(x["card"], x["amount"]) for x in run["terms"]] == [("elf", 1)]


def test_sabbernder_schleim_bonus_counts_once_in_the_breakdown():
    """000 Um Hilfe bitten, the seed's example: the slime's +4 against elves counts once with two elves."""
    t = Table()
    t.state.players[0].races = ["elf"]
    t.state.players[1].races = ["elf"]
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    slime = _breakdown(t, "monster:0")
    assert [(x[0], x[2], x[3]) for x in _terms(slime)] == [
        ("monster level", 1, "munchkin.strength.monster-level"),
        ("bonus against race:elf", 4, "munchkin.strength.monster-bonus")]
    assert slime["total"] == 5 == t.strengths()[1]


def test_baby_floor_is_a_term_of_its_own():
    """Baby: "-5 auf die Stufe des Monsters (mindestens Stufe 1)": Sabbernder Schleim (1) stays at 1."""
    t = Table()
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.give(1, "baby")
    t.do(1, A.PlayCard(card="baby"))
    assert [(x[0], x[2]) for x in _terms(_breakdown(t, "monster:0"))] == [
        ("monster level", 1), ("enhancer", -5), ("floor", 5)]
    assert _breakdown(t, "monster:0")["total"] == 1


ITEMS = ["flammende-ruestung", "ganzkoerper-schild", "stiefel-des-kraeftigen-tretens", "gehoernter-helm",
         "kettensaege", "schwert-der-singenden-hymne", "dolch-des-verrats", "stiefel-des-weglaufens"]
MONSTERS = ["sabbernder-schleim", "plutoniumdrache", "lahmer-goblin", "bigfoot", "gewaltiger-kaefer", "netztroll"]


@settings(max_examples=60, deadline=None)
@given(levels=st.lists(st.integers(1, 9), min_size=3, max_size=3),
       races=st.lists(st.sampled_from(["", "elf", "zwerg", "halbling"]), min_size=3, max_size=3),
       classes=st.lists(st.sampled_from(["", "krieger", "zauberer", "priester"]), min_size=3, max_size=3),
       items=st.lists(st.lists(st.sampled_from(ITEMS), max_size=3), min_size=3, max_size=3),
       monster=st.sampled_from(MONSTERS),
       helped=st.booleans(),
       plays=st.lists(st.sampled_from(["uralt", "wuetend", "baby", "trank-der-idiotischen-tapferkeit",
                                       "eiskalter-sprengtrank"]), max_size=3))
def test_kampf_breakdown_totals_are_the_strengths_the_judge_decides_by(levels, races, classes, items, monster,
                                                                       helped, plays):
    """000 KAMPF: whatever is in play, the players' and the monsters' breakdowns add up to ``strengths``,
    each seat's to its ``power``, and the forecast's winner is what a claim would be judged by."""
    t = Table()
    for seat in range(3):
        t.set_level(seat, levels[seat])
        t.state.players[seat].races = [races[seat]] if races[seat] else []
        t.state.players[seat].classes = [classes[seat]] if classes[seat] else []
        t.equip(seat, *items[seat])
    t.do(0, A.KickDoor(card=monster))
    if helped:
        t.do(0, A.AskForHelp(helper=1))
        t.do(1, A.AnswerHelp(accept=True))
    for card in plays:
        t.give(2, card)
        side = "players" if card.startswith(("trank", "eiskalter")) else ""
        t.do(2, A.PlayCard(card=card, side=side))
    analysis = _analysis(t)
    by = {b["subject"]: b for b in analysis["breakdowns"]}
    for b in analysis["breakdowns"]:
        assert b["total"] == sum(x["amount"] for x in b["terms"])
    assert (by["players"]["total"], by["monsters"]["total"]) == t.strengths()
    tx = _Tx.reading(t.rules, t.state)
    for seat in range(3):
        assert by[f"seat:{seat}"]["total"] == t.rules.power(tx, seat)
    f = analysis["forecast"]
    assert (f["winner"] == "players") == t.rules.winning(tx)
    assert f["treasures"]["total"] == t.rules.treasures_due(tx)
    for r in f["runs"]:
        assert r["modifier"] == t.rules.run_modifier(tx, r["seat"], r["monster"])


def test_rassen_klassen_an_ability_used_in_the_combat_is_a_term_of_its_own():
    """000 Rassen / Klassen ("Jede Rasse/Klasse hat besondere Fähigkeiten"): Krieger's Berserker, two cards
    discarded, +2 in the players' breakdown, and a warrior wins the 6 against 6 tie (000 Um Hilfe bitten)."""
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.set_level(0, 4)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(0, A.UseAbility(ability="berserk", discard_unknown=2))
    players = _breakdown(t, "players")
    assert _terms(players)[-1] == ("ability berserk", "", 2, "munchkin.strength.ability")
    assert players["total"] == 6 == t.strengths()[0]
    f = _analysis(t)["forecast"]
    assert (f["winner"], f["margin"], f["ties_to_players"]) == ("players", 0, True)


def test_forecast_says_what_the_players_side_still_needs_and_a_warrior_needs_one_less():
    """000 KAMPF ("Ist deine Stufe niedriger oder gleich hoch, verlierst du") and Um Hilfe bitten (Krieger win
    ties): 10 against 30 needs 21 more; Ben as a warrior fighting alone at 4 against Gewaltiger Käfer 6 needs 2."""
    t = _issue_table()
    assert _analysis(t)["forecast"]["players_need"] == 21
    k = Table()
    k.state.players[0].classes = ["krieger"]
    k.set_level(0, 4)
    k.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    assert _analysis(k)["forecast"]["players_need"] == 2
    k.state.players[0].classes = []
    assert _analysis(k)["forecast"]["players_need"] == 3
    k.set_level(0, 9)
    assert _analysis(k)["forecast"]["players_need"] == 0


def test_gegenstaende_an_items_bonus_for_a_race_is_named_in_its_term():
    """000 Gegenstände, Gehörnter Helm ("+1; +3 für Elfen"): an elf's helmet is a term of 3 for race:elf."""
    t = Table()
    t.equip(0, "gehoernter-helm")
    assert _terms(_breakdown(t, "seat:0"))[-1] == ("item", "gehoernter-helm", 1, "munchkin.strength.item")
    t.state.players[0].races = ["elf"]
    assert _terms(_breakdown(t, "seat:0"))[-1] == ("item for race:elf", "gehoernter-helm", 3,
                                                   "munchkin.strength.item")
