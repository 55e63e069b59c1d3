"""The terms of a breakdown and a forecast that the issue "Rulings mid-game"
names one by one (000 KAMPF, Weitere Aktionen im Kampf, Verloren!): a
one-shot played for the players, a monster's bonus against a sex, and the
die a runner needs with every modifier (race, item, the monster's own),
each term with its card and rule id."""

from __future__ import annotations


from judge.rules.analysis import breakdown_of
from tests.rules.harness import A, Table
from tests.rules.test_000_breakdowns import _analysis, _breakdown, _terms


def test_weitere_aktionen_im_kampf_a_one_shot_for_the_players_is_a_term_with_its_card():
    """000 Weitere Aktionen im Kampf: Trank der idiotischen Tapferkeit ("+2 für eine Seite") played by Cem
    for Anna's side: 1 + 2 = 3 against the Lahmer Goblin, the potion a term of the players' side."""
    t = Table()
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    t.give(2, "trank-der-idiotischen-tapferkeit")
    t.do(2, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))
    players = _breakdown(t, "players")
    assert _terms(players) == [("level", "", 1, "munchkin.strength.level"),
                               ("one-shot", "trank-der-idiotischen-tapferkeit", 2, "munchkin.strength.one-shot")]
    assert players["total"] == 3 == t.strengths()[0]
    assert "seat:2" in [x["owner"] for x in players["terms"]]


def test_kampf_a_monsters_bonus_against_a_sex_is_a_term_of_the_monster():
    """000 KAMPF, Untoter Gaul ("+5 gegen Frauen"): 4 + 5 = 9 against Anna, 4 against Ben."""
    t = Table(3, sexes="fmm")
    t.do(0, A.KickDoor(card="untoter-gaul"))
    assert _terms(_breakdown(t, "monster:0")) == [
        ("monster level", "untoter-gaul", 4, "munchkin.strength.monster-level"),
        ("bonus against sex:female", "untoter-gaul", 5, "munchkin.strength.monster-bonus")]
    assert _breakdown(t, "monsters")["total"] == 9 == t.strengths()[1]
    # Read out, the bonus says whom it is against (not "Untoter Gaul 4 + Untoter Gaul 5").
    assert breakdown_of(_breakdown(t, "monster:0")).reads() == \
        "9 = Untoter Gaul 4 + Untoter Gaul (against sex:female) 5"
    ben = Table(3, sexes="mmm")
    ben.do(0, A.KickDoor(card="untoter-gaul"))
    assert _breakdown(ben, "monsters")["total"] == 4 == ben.strengths()[1]


def test_verloren_the_die_a_runner_needs_counts_every_modifier():
    """000 Verloren! ("Du brauchst mindestens eine 5 ... Manche Rassen oder Gegenstände sowie einige Monster
    geben einen Bonus oder Malus auf Weglaufen"): Anna, a level-1 elf with the Stiefel des schnellen
    Weglaufens, against the Gewaltiger Käfer needs 5 - 1 - 2 = 2; from the Lahmer Goblin (+1) she needs 1."""
    t = Table()
    t.state.players[0].races = ["elf"]
    t.equip(0, "stiefel-des-weglaufens")
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    f = _analysis(t)["forecast"]
    assert f["winner"] == "monsters"
    run = next(r for r in f["runs"] if r["seat"] == 0)
    assert run["pursues"] is True and run["needs"] == 2 and run["escape_sixths"] == 5
    assert [(x["card"], x["amount"], x["rule"]) for x in run["terms"]] == [
        ("elf", 1, "munchkin.forecast.run-die"), ("stiefel-des-weglaufens", 2, "munchkin.forecast.run-die")]
    assert run["modifier"] == 3
    g = Table()
    g.state.players[0].races = ["elf"]
    g.equip(0, "stiefel-des-weglaufens")
    g.do(0, A.KickDoor(card="lahmer-goblin"))
    g.give(2, "uralt")
    g.do(2, A.PlayCard(card="uralt"))  # 11 against her 1: she has to run
    run = next(r for r in _analysis(g)["forecast"]["runs"] if r["seat"] == 0)
    assert run["needs"] == 1 and run["escape_sixths"] == 6
    assert [(x["card"], x["amount"]) for x in run["terms"]] == [
        ("elf", 1), ("stiefel-des-weglaufens", 2), ("lahmer-goblin", 1)]


def test_the_cli_reads_a_bonus_against_a_sex_and_an_items_bonus_for_a_race_with_whom_it_is_for():
    """000 Gegenstände, Gehörnter Helm ("+3 für Elfen"), and the Untoter Gaul's "+5 gegen Frauen", as
    ``judge view`` prints them (judge_client.analysis_view.reads)."""
    from judge.v1 import position_pb2 as ppb
    from judge_client.analysis_view import reads

    helm = ppb.Breakdown(total=9, terms=[
        ppb.BreakdownTerm(label="level", amount=6),
        ppb.BreakdownTerm(label="item for race:elf", amount=3, card="gehoernter-helm", card_name="Gehörnter Helm")])
    assert reads(helm) == "9 = level 6 + Gehörnter Helm (for elf) 3"
    assert reads(helm, "de") == "9 = Stufe 6 + Gehörnter Helm (für elf) 3"
    gaul = ppb.Breakdown(total=9, terms=[
        ppb.BreakdownTerm(label="monster level", amount=4, card="untoter-gaul", card_name="Untoter Gaul"),
        ppb.BreakdownTerm(label="bonus against sex:female", amount=5, card="untoter-gaul",
                          card_name="Untoter Gaul")])
    assert reads(gaul) == "9 = Untoter Gaul 4 + Untoter Gaul (against female) 5"
    assert reads(gaul, "de") == "9 = Untoter Gaul 4 + Untoter Gaul (gegen weiblich) 5"
