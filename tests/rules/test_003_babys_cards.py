"""The cards 003 prints, judged by their printed text: each test names the card
(and the 003 section that prints it) and uses its printed numbers."""

from __future__ import annotations

from tests.rules.harness import A, Table


SCHWERT = {"id": "t-schwert", "name": "Schwert", "deck": "treasure", "kind": "item", "slot": "1hand", "bonus": 5,
           "set": "t"}


def babys(**kw: object) -> Table:
    return Table(ruleset="babys", window_ms=0, **kw)  # type: ignore[arg-type]


def test_der_naechste_meilenstein_only_after_a_combat_not_necessarily_yours():
    """003 Der nächste Meilenstein (printed under "Fluch"): "Steige 1 Stufe auf. Du kannst diese Karte nur nach
    einem Kampf spielen, aber es muss nicht deiner sein." Refused before the turn's combat and during it; after
    the combat of another player's turn it raises its player by 1."""
    t = babys()
    t.give(1, "der-naechste-meilenstein")
    meilenstein = A.PlayCard(card="der-naechste-meilenstein")
    t.rejects("babys.level-up.after-combat-only", 1, meilenstein)  # no combat yet this turn
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.rejects("babys.level-up.after-combat-only", 1, meilenstein)  # during the combat
    t.do(0, A.ClaimVictory())
    assert t.combat is None
    t.do(1, meilenstein)  # after player 0's combat: "es muss nicht deiner sein"
    assert t.p(1).level == 2 and t.p(0).level == 3 and "der-naechste-meilenstein" in t.state.discards["treasure"]
    # An ordinary level-up card has no such limit (000 "Sonstige Karten": "zu jedem beliebigen Zeitpunkt").
    u = babys()
    u.give(1, "1000-goldstuecke")
    u.do(1, A.PlayCard(card="1000-goldstuecke"))
    assert u.p(1).level == 2


def _help_and_lose(t: Table, monster: str) -> None:
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.GiveUp())


def test_lauflernhilfe_plus_one_to_run_away_only_as_the_helper():
    """003 Aufgemotzte Lauflernhilfe (+3, Rüstung, Groß, 400 Goldstücke): "Du hast +1 auf Weglaufen, wenn du im
    Kampf der Helfer bist." A helper with it escapes on a 4; the fighter with it needs the 5 of "Verloren!"."""
    t = babys()
    t.equip(1, "aufgemotzte-lauflernhilfe")
    t.set_level(0, 2)
    _help_and_lose(t, "netztroll")  # 10 against 2 + 1 + 3
    t.do(1, A.RunAway(monster_index=0, die=4))
    assert t.combat.monsters[0].runs["1"] == "escaped"
    u = babys()
    u.equip(0, "aufgemotzte-lauflernhilfe")
    u.do(0, A.KickDoor(card="netztroll"))
    u.do(0, A.GiveUp())
    u.do(0, A.RunAway(monster_index=0, die=4))
    assert u.combat.monsters[0].runs["0"] == "caught"


def test_abgelenkt_the_monster_pursues_nobody_and_gives_two_extra_treasures():
    """003 Abgelenkt (Monsterverstärker, +10 für das Monster, +2 Schätze): "Im Kampf auf ein einzelnes Monster
    spielen. Falls du Weglaufen musst, wird es dich nicht verfolgen. Wenn das Monster besiegt wird, ziehe 2
    Extraschätze." Fighter and helper escape it without a roll; won, it gives 2 more treasures."""
    t = babys()
    t.give(2, "abgelenkt")
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(2, A.PlayCard(card="abgelenkt", monster_index=0))
    assert t.strengths()[1] == 20
    effects = t.do(0, A.GiveUp())
    assert t.combat is None and "RunRolled" not in t.types(effects)
    assert (t.p(0).level, t.p(1).level) == (1, 1)
    # Without it the Netztroll pursues both.
    u = babys()
    _help_and_lose(u, "netztroll")
    assert u.combat.monsters[0].runs == {"0": "pending", "1": "pending"}
    # Defeated, it draws the Sabbernder Schleim's 1 treasure and 2 extra.
    w = babys(custom=(SCHWERT,))
    w.give(2, "abgelenkt")
    w.set_level(0, 7)
    w.equip(0, "t-schwert")
    w.do(0, A.KickDoor(card="sabbernder-schleim"))
    w.do(2, A.PlayCard(card="abgelenkt", monster_index=0))
    assert w.strengths() == (12, 11)
    w.do(0, A.ClaimVictory())
    assert w.combat is None and w.p(0).unknown == 8 + 1 + 2


def test_kruemeldieb_diebstahl_a_small_item_on_a_four_else_lose_a_level():
    """003 Krümeldieb: "Diebstahl: Lege 1 Karte ab, um einem anderen Spieler 1 kleinen Gegenstand zu stehlen.
    Würfle. Bei einer 4 oder mehr gelingt es. Ansonsten wirst du verhauen und verlierst 1 Stufe." The big
    Aufgemotzte Lauflernhilfe ("Groß") cannot be stolen."""
    t = babys(custom=(SCHWERT,))
    t.state.players[0].classes = ["kruemeldieb"]
    t.set_level(0, 3)
    t.equip(1, "t-schwert", "aufgemotzte-lauflernhilfe")
    t.rejects("munchkin.ability.steal-small-only", 0,
              A.UseAbility(ability="steal", target_seat=1, item="aufgemotzte-lauflernhilfe", discard_unknown=1, die=6))
    t.do(0, A.UseAbility(ability="steal", target_seat=1, item="t-schwert", discard_unknown=1, die=3))
    assert t.p(0).level == 2 and [i.card for i in t.p(1).items] == ["t-schwert", "aufgemotzte-lauflernhilfe"]
    t.do(0, A.UseAbility(ability="steal", target_seat=1, item="t-schwert", discard_unknown=1, die=4))
    assert [i.card for i in t.p(0).items] == ["t-schwert"] and t.p(0).level == 2


def test_fluch_zahnen_lose_one_level():
    """003 Fluch! Zahnen: "Verliere 1 Stufe." Turned up on the door it hits the kicker (003 "Phase 1: Tür
    eintreten": "Hast du einen Fluch aufgedeckt, wirkt dieser sofort auf dich")."""
    t = babys()
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="fluch-zahnen"))
    t.do(0, A.AnswerCurse())
    assert t.p(0).level == 2 and "fluch-zahnen" in t.state.discards["door"]



def test_impfgegner_falls_das_monster_besiegt_wird_erhaelt_jeder_1_schatz():
    """003 Impfgegner (Stufe 16, Untot, "2 Stufen 1 Schatz für jeden!"): "Falls das Monster besiegt wird, erhält
    jeder 1 Schatz!" Killed, the fighter draws its 1 treasure and each other player 1 as well; a monster whose
    card says nothing of it gives the others nothing."""
    kanone = {**SCHWERT, "id": "t-kanone", "name": "Kanone", "bonus": 10}
    t = babys(custom=(kanone,))
    t.set_level(0, 7)
    t.equip(0, "t-kanone")
    t.do(0, A.KickDoor(card="impfgegner"))
    assert t.strengths() == (17, 16)
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.p(0).level == 9
    assert [t.p(i).unknown for i in range(3)] == [8 + 1, 8 + 1, 8 + 1]
    u = babys(custom=(kanone,))
    u.set_level(0, 7)
    u.equip(0, "t-kanone")
    u.do(0, A.KickDoor(card="netztroll"))
    u.do(0, A.ClaimVictory())
    assert [u.p(i).unknown for i in range(3)] == [8 + 3, 8, 8]


def test_gegenstaende_a_giftzwerg_losing_its_race_keeps_one_big_item():
    """003 "Gegenstände": "Achtung: Wenn dir etwas erlaubt hat, mehr als 1 Großen Gegenstand zu haben und die
    verlierst diese Fähigkeit, und du trägst mehr als 1 Großen Gegenstand, musst du alle bis auf 1 sofort
    loswerden ... Ansonsten musst du sie dem Spieler mit der niedrigsten Stufe geben, der noch Große Gegenstände
    tragen kann." A Giftzwerg ("Kräftig") loses its race to the Impfgegner's bad stuff outside its own turn's
    sale: it keeps one Lauflernhilfe, the other goes to the lowest-level player."""
    t = babys()
    t.set_level(0, 4)
    t.set_level(1, 3)
    t.state.players[0].races = ["giftzwerg"]
    t.equip(0, "aufgemotzte-lauflernhilfe")
    t.equip(0, "aufgemotzte-lauflernhilfe", in_use=False)
    t.do(0, A.KickDoor(card="impfgegner"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).races == [] and t.state.choice.reason == "keep-big"
    t.do(0, A.ChooseCard(card="aufgemotzte-lauflernhilfe"))
    assert [i.card for i in t.p(0).items] == ["aufgemotzte-lauflernhilfe"]
    assert [i.card for i in t.p(2).items] == ["aufgemotzte-lauflernhilfe"]  # level 1, the lowest
