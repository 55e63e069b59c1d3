"""monkic (002) to the letter: card rules on an attack on the life points, the Gorilla's four dice,
Ritter's 9 and Zwerg's 2, SuperPower's immunity for the card it protects, the Dornenfalle as the
defender's choice, the defending Minotaurus, and the decisions where 002 allows two readings
(each documented in docs/rules.md with the sentence of 002 it reads; ``documented`` checks that).
Values of the test group: tests/rules/monkic/harness.py (Drache 8/5, Golem 4/4, Gorilla 6/6 ...)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from judge.rules.ruling import SEED_002
from judge.rulesets.monkic.decisions import DECISIONS
from tests.rules.monkic.harness import A, Table

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / SEED_002
QUOTED = re.compile(r"„(.+?)“")


def _norm(text: str) -> str:
    return " ".join(text.split())


def documented(title: str) -> None:
    """The decision ``title`` is listed (docs/rules.md is generated from the list) and quotes 002
    word for word wherever it quotes it („...“)."""
    texts = {t: text for t, text, _ in DECISIONS}
    assert title in texts, f"decision {title!r} is not documented"
    quotes = QUOTED.findall(texts[title])
    assert quotes, f"decision {title!r} quotes no sentence of 002"
    if SEED.exists():
        seed = _norm(SEED.read_text(encoding="utf-8"))
        for quote in quotes:
            assert _norm(quote) in seed, f"{title}: not word for word in 002: {quote!r}"


def table(rnd: int = 2, active: int = 0, **kw: object) -> Table:
    t = Table(**kw)  # type: ignore[arg-type]
    t.at_round(rnd, active=active)
    return t


def guard(t: Table, seat: int, card: str, guard_card: str) -> str:
    g = t.put(seat, "hand", guard_card)
    t.state.seats[seat].hand.remove(g)
    t.state.guards[card] = g
    return g


def at_life(t: Table, card: str, dice: tuple[int, ...], seat: int = 0) -> dict:
    """``card`` attacks the life points (the opponent has no hand cards); the fight's effect."""
    return t.fights(t.do(seat, A.Attack(card=card, dice=dice)))[0]


@pytest.mark.skipif(not SEED.exists(), reason="the rule texts are kept beside the project")
def test_every_quote_of_the_new_decisions_is_word_for_word_from_002():
    seed = _norm(SEED.read_text(encoding="utf-8"))
    for title, text, _ in DECISIONS:
        for quote in QUOTED.findall(text):
            assert _norm(quote) in seed, (title, quote)


# ------------------------------------------------------------------ Gorilla

def test_gorilla_on_the_life_points_a_five_hits_with_its_attack_points_only():
    """002 Karten: "Gorilla: Würfel vier mal. Wenn du einmal eine fünf gewürfel hast, hast du gewonnen,
    sonst verloren." Four fives took 6 + 20 = 26 life points in one hit; the dice only decide."""
    t = table()
    gorilla = t.put(0, "hand", "gorilla")
    f = at_life(t, gorilla, (5, 5, 5, 5))
    assert (f["attack"], f["winner"], f["reason"]) == ("6", "attacker", "gorilla")
    assert t.life(1) == 20 - 6
    t = table()
    gorilla = t.put(0, "hand", "gorilla")
    f = at_life(t, gorilla, (6, 6, 6, 6))  # no five: lost
    assert (f["winner"], f["reason"]) == ("defender", "gorilla")
    assert t.life(1) == 20 and t.graveyard(0) == ["gorilla"]
    t = table()
    gorilla, golem = t.put(0, "hand", "gorilla"), t.put(1, "hand", "golem")
    f = t.fights(t.do(0, A.Attack(card=gorilla, targets=(golem,), dice=(5, 6, 6, 6), defence_dice=(1,))))[0]
    assert (f["attack"], f["winner"]) == ("6", "attacker")
    documented("monkic: Gorilla's four dice")


# ------------------------------------------------------------------ card rules on the life points

def test_a_losing_roll_on_the_life_points_does_no_damage_and_the_card_is_lost():
    # Zyklop: "Wenn du eine vier würfelst, hast du verloren." 5 + 4 took 9 life points.
    t = table()
    zyklop = t.put(0, "hand", "zyklop")
    f = at_life(t, zyklop, (4,))
    assert (f["winner"], f["reason"]) == ("defender", "zyklop")
    assert t.life(1) == 20 and t.graveyard(0) == ["zyklop"]
    # A joker under it dies in its place.
    t = table()
    zyklop = t.put(0, "hand", "zyklop")
    guard(t, 0, zyklop, "joker")
    at_life(t, zyklop, (4,))
    assert t.life(1) == 20 and t.hand(0) == ["zyklop"] and t.graveyard(0) == ["joker"]
    # Pings: "addiere 2 zu der Augenzahl: Wenn die Augenzahl grade ist, hast du gewonnen, sonst verloren."
    t = table(variants=("extra",))
    pings = t.put(0, "hand", "pings")
    f = at_life(t, pings, (3,))  # 3 + 2 = 5: odd
    assert (f["winner"], f["reason"]) == ("defender", "pings") and t.life(1) == 20
    assert t.graveyard(0) == ["pings"]
    t = table(variants=("extra",))
    pings = t.put(0, "hand", "pings")
    at_life(t, pings, (4,))  # 4 + 2 = 6: even, 6 + 4 = 10 points
    assert t.life(1) == 10
    # Pings with a joker, odd quotient: "sonst passiert nichts". (9 + 5) / 2.5 = 5.6 -> 5.
    t = table(variants=("extra",))
    pings = t.put(0, "hand", "pings")
    guard(t, 0, pings, "joker")
    f = at_life(t, pings, (5,))
    assert f["winner"] == "none" and t.life(1) == 20 and t.hand(0) == ["pings"]
    # Ninja's two: the Ninja is destroyed, nothing else.
    t = table()
    ninja = t.put(0, "hand", "ninja")
    f = at_life(t, ninja, (2,))
    assert f["reason"] == "ninja" and t.life(1) == 20 and t.graveyard(0) == ["ninja"]
    # A winning roll hits with the points: Drache 8 + 6.
    t = table()
    drache = t.put(0, "hand", "drache")
    f = at_life(t, drache, (6,))
    assert f["winner"] == "attacker" and t.life(1) == 20 - 14
    documented("monkic: card rules on a life-point attack")


# ------------------------------------------------------------------ Ritter and Zwerg

def test_ritter_and_zwerg_change_the_attack_points_and_the_die_is_added():
    """One reading for both: "steigen deine Attack Punkte ... auf 9" and "hast du nur noch 2 Attack
    Punkte" set the attack points, and the die is added to them as always."""
    t = table()
    ritter, roboter = t.put(0, "hand", "ritter"), t.put(1, "hand", "roboter")
    f = t.fights(t.do(0, A.Attack(card=ritter, targets=(roboter,), dice=(3,), defence_dice=(4,))))[0]
    assert (f["attack"], f["shield"], f["winner"]) == ("12", "11", "attacker")  # 9 + 3 against 7 + 4
    t = table()
    zwerg, golem = t.put(0, "hand", "zwerg"), t.put(1, "hand", "golem")
    f = t.fights(t.do(0, A.Attack(card=zwerg, targets=(golem,), dice=(6,), defence_dice=(3,))))[0]
    assert (f["attack"], f["shield"], f["winner"]) == ("8", "7", "attacker")  # 2 + 6 against 4 + 3
    t = table()
    zwerg = t.put(0, "hand", "zwerg")
    at_life(t, zwerg, (6,))
    assert t.life(1) == 20 - 8
    documented("monkic: Ritter's 9 and Zwerg's 2 are attack points")


# ------------------------------------------------------------------ SuperPower

def test_the_card_superpower_protects_is_immune_to_the_vampirs_draw():
    """002 SuperPower: "Das Immun sein gegenüber Flüchen gilt dann auch für die Karte, die SuperPower
    schützt" ("immun ( z. B. Dornenfalle, Psycho, Vampir, Reaper, Erdbeben)"): SuperPower dying in the
    Drache's place does not end the Drache's immunity in that fight."""
    t = table()
    vampir, drache = t.put(0, "hand", "vampir"), t.put(1, "hand", "drache")
    guard(t, 1, drache, "superpower")
    t.do(0, A.Attack(card=vampir, targets=(drache,), dice=(6,), defence_dice=(1,)))  # 5 + 6 against 5 + 1
    assert t.hand(1) == ["drache"] and t.graveyard(1) == ["superpower"]
    assert [p["kind"] for p in t.state.pending] == ["last-trick"]  # no Vampir's draw
    # Defending: a Vampir that beats an attacker SuperPower protects draws nothing either.
    t = table()
    golem, vampir = t.put(0, "hand", "golem"), t.put(1, "hand", "vampir")
    guard(t, 0, golem, "superpower")
    t.do(0, A.Attack(card=golem, targets=(vampir,), dice=(1,), defence_dice=(6,)))  # 4 + 1 against 5 + 6
    assert [p["kind"] for p in t.state.pending] == ["last-trick"]


# ------------------------------------------------------------------ Dornenfalle

def test_dornenfalle_the_defender_chooses_the_attack():
    """002 Karten, Dornenfalle: "Wenn die Karte aktiviert ist, kannst du diese einsetzten, wenn dich
    jemand angreift." Tom attacks twice; Mia lets the Zwerg through and springs her trap on the Drache."""
    t = table(active=1)
    trap, golem, roboter = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem"), t.put(0, "hand", "roboter")
    t.state.traps.append(trap)
    zwerg, drache = t.put(1, "hand", "zwerg"), t.put(1, "hand", "drache")
    # Not a Dornenfalle of the defender, or not activated: refused with the sentence it rests on.
    other = t.put(0, "table", "dornenfalle")
    ruling = t.rejects("monkic.trap.not-active", 1, A.Attack(card=zwerg, targets=(golem,), dice=(1,),
                                                             defence_dice=(1, 1, 1), trap=other)).ruling
    assert "wenn dich jemand angreift" in ruling.rule.citation.quote
    e = t.do(1, A.Attack(card=zwerg, targets=(golem,), dice=(1,), defence_dice=(1,)))  # 6 + 1 against 4 + 1
    assert [x["type"] for x in e].count("TrapUsed") == 0 and t.graveyard(0) == ["golem"]
    e = t.do(1, A.Attack(card=drache, targets=(roboter,), dice=(6,), defence_dice=(2, 5), trap=trap))
    f = t.fights(e)[0]
    assert (f["winner"], f["reason"]) == ("defender", "dornenfalle")
    assert t.graveyard(1) == ["drache"] and t.hand(0) == ["roboter"] and t.state.trap_turn == [trap]
    # Once per turn: "Sie ist nur einmal im Zug einsetzbar".
    hydra = t.put(1, "hand", "hydra")
    t.rejects("monkic.trap.not-active", 1, A.Attack(card=hydra, targets=(roboter,), dice=(1,),
                                                    defence_dice=(5, 5, 1), trap=trap))
    documented("monkic: the Dornenfalle is the defender's choice")


def _dealt(active: int = 1) -> Table:
    t = Table(seed=hashlib.sha256(b"monkic to the letter").digest())
    t.at_round(2, active=active)
    return t


def test_at_a_dealt_table_the_judge_asks_the_defender_about_the_dornenfalle():
    t = _dealt()
    trap, golem = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem")
    t.state.traps.append(trap)
    zwerg = t.put(1, "hand", "zwerg")
    t.malformed("attack.trap", 1, A.Attack(card=zwerg, targets=(golem,), trap=trap))
    e = t.do(1, A.Attack(card=zwerg, targets=(golem,)))
    assert [x["type"] for x in e] == ["Attacked", "PendingAdded"] and t.state.pending[0]["kind"] == "defence"
    t.rejects("monkic.pending.answer-first", 1, A.EndTurn())
    assert A.Resolve(trap=trap) in t.legal(0) and A.Resolve() in t.legal(0)
    e = t.do(0, A.Resolve(trap=trap))
    assert "TrapUsed" in [x["type"] for x in e] and t.state.trap_turn == [trap] and t.state.pending == []
    # Declining: the fight goes on without it.
    t = _dealt()
    trap, golem = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem")
    t.state.traps.append(trap)
    zwerg = t.put(1, "hand", "zwerg")
    t.do(1, A.Attack(card=zwerg, targets=(golem,)))
    e = t.do(0, A.Resolve())
    assert "TrapUsed" not in [x["type"] for x in e] and len(t.fights(e)) == 1 and t.state.trap_turn == []


# ------------------------------------------------------------------ Minotaurus

def test_a_defending_minotaurus_sacrificing_a_joker_wins():
    """002 Karten: "Minotaurus: Opferst du einen Joker(auch Joker Kind und Joker Dame), gewinnst du." """
    t = table()
    drache, mino = t.put(0, "hand", "drache"), t.put(1, "hand", "minotaurus")
    joker = t.put(1, "table", "joker-kind")
    e = t.do(0, A.Attack(card=drache, targets=(mino,), dice=(5,), defence_dice=(1,), defence_sacrifice=(joker,)))
    f = t.fights(e)[0]  # 8 + 5 against 5 + 1, but the Minotaurus sacrificed its joker
    assert (f["winner"], f["reason"]) == ("defender", "minotaurus")
    assert t.graveyard(0) == ["drache"] and t.graveyard(1) == ["joker-kind"] and t.hand(1) == ["minotaurus"]
    # The attacker's deciding rule still wins: the Drache's six.
    t = table()
    drache, mino = t.put(0, "hand", "drache"), t.put(1, "hand", "minotaurus")
    joker = t.put(1, "hand", "joker")
    f = t.fights(t.do(0, A.Attack(card=drache, targets=(mino,), dice=(6,), defence_dice=(6,),
                                  defence_sacrifice=(joker,))))[0]
    assert (f["winner"], f["reason"]) == ("attacker", "drache")
    # Only an attacked Minotaurus, with a joker of its owner.
    t = table()
    drache, golem = t.put(0, "hand", "drache"), t.put(1, "hand", "golem")
    joker, mine = t.put(1, "table", "joker"), t.put(0, "table", "joker")
    t.rejects("monkic.sacrifice.defending-minotaurus", 0, A.Attack(card=drache, targets=(golem,), dice=(1,),
                                                                    defence_dice=(1,), defence_sacrifice=(joker,)))
    mino = t.put(1, "hand", "minotaurus")
    t.rejects("monkic.sacrifice.defending-minotaurus", 0, A.Attack(card=drache, targets=(mino,), dice=(1,),
                                                                    defence_dice=(1,), defence_sacrifice=(mine,)))
    documented("monkic: a defending Minotaurus sacrifices too")


def test_at_a_dealt_table_the_defending_minotaurus_is_asked_before_its_fight():
    t = _dealt(active=0)
    golem, mino = t.put(0, "hand", "golem"), t.put(1, "hand", "minotaurus")
    joker = t.put(1, "table", "joker")
    t.do(0, A.Attack(card=golem, targets=(mino,)))
    assert t.state.pending[0]["kind"] == "defence" and t.state.pending[0]["seat"] == 1
    assert A.Resolve(sacrifice=(joker,)) in t.legal(1)
    f = t.fights(t.do(1, A.Resolve(sacrifice=(joker,))))[0]
    assert (f["winner"], f["reason"]) == ("defender", "minotaurus") and t.graveyard(1) == ["joker"]


# ------------------------------------------------------------------ the documented readings

def test_any_table_card_may_go_to_the_hand():
    t = table(rnd=1)
    left, _, right = t.put(0, "table", "golem"), t.put(0, "table", "heilung"), t.put(0, "table", "drache")
    t.do(0, A.TakeToHand(card=left))  # not only the rightmost
    assert t.hand(0) == ["golem"] and t.table(0) == ["heilung", "drache"]
    assert right in t.state.seats[0].table
    documented("monkic: any table card may go to the hand")


def test_blitz_and_black_hole_may_be_played_in_the_first_round():
    t = table(rnd=1)
    blitz, joker = t.put(0, "table", "blitz"), t.put(0, "table", "joker")
    t.put(1, "hand", "golem")
    t.do(0, A.PlayCurse(card=blitz, sacrifice=(joker,)))
    assert t.hand(1) == [] and t.graveyard(1) == ["golem"]
    t = table(rnd=1)
    hole = t.put(0, "table", "black-hole")
    t.put(0, "hand", "zwerg")
    t.put(1, "hand", "golem")
    t.do(0, A.PlayCurse(card=hole))
    assert t.hand(0) == t.hand(1) == []
    attack = t.put(0, "table", "attack")
    t.rejects("monkic.attack.first-round", 0, A.PlayCurse(card=attack))
    documented("monkic: Blitz and Black Hole in the first round")


def test_superpowers_choice_is_made_when_it_is_laid():
    t = table()
    golem, sp = t.put(0, "hand", "golem"), t.put(0, "hand", "superpower")
    drache = t.put(1, "hand", "drache")
    t.do(0, A.Protect(guard=sp, card=golem, sacrifice_guard=False))
    t.do(0, A.Attack(card=golem, targets=(drache,), dice=(1,), defence_dice=(6,)))  # 4 + 1 against 5 + 6
    assert t.hand(0) == ["superpower"] and t.graveyard(0) == ["golem"] and t.state.pending == []
    documented("monkic: SuperPower's choice is made when it is laid")


# ------------------------------------------------------------------ dice a reporter cannot foresee

def test_a_wrong_count_of_defence_dice_says_how_many_and_why():
    # Elemente's Blitz against three: 7 against the Roboter's 7 + 1 loses the first fight, so the
    # two Golems are not fought and their dice were never rolled.
    t = table()
    el = t.put(0, "hand", "elemente")
    r, g1, g2 = t.put(1, "hand", "roboter"), t.put(1, "hand", "golem"), t.put(1, "hand", "golem")
    ruling = t.rejects("monkic.dice.defence-count", 0, A.Attack(card=el, targets=(r, g1, g2), dice=(3,),
                                                                defence_dice=(1, 2, 1))).ruling
    assert (ruling.details["reported"], ruling.details["expected"]) == (3, 1)
    en, de = ruling.explanation("en"), ruling.explanation("de")
    assert f"Elemente ({el}) lost against Roboter ({r}) and no longer fights Golem ({g1}), Golem ({g2})" in en
    assert f"Elemente ({el}) hat gegen Roboter ({r}) verloren" in de
    t.do(0, A.Attack(card=el, targets=(r, g1, g2), dice=(3,), defence_dice=(1,)))
    assert t.graveyard(0) == ["elemente"]
    # The Dornenfalle's five ends the attack before the fight: two dice, not three.
    t = table(active=1)
    trap, golem = t.put(0, "table", "dornenfalle"), t.put(0, "hand", "golem")
    t.state.traps.append(trap)
    drache = t.put(1, "hand", "drache")
    ruling = t.rejects("monkic.dice.defence-count", 1, A.Attack(card=drache, targets=(golem,), dice=(1,),
                                                                defence_dice=(5, 1, 3), trap=trap)).ruling
    assert (ruling.details["reported"], ruling.details["expected"]) == (3, 2)
    assert "the Dornenfalle rolled a five" in ruling.explanation("en")
    assert "die Dornenfalle hat eine fünf gewürfelt" in ruling.explanation("de")
    # Without a five the fight follows: 2 for the Dornenfalle, then 1 for the Golem.
    ruling = t.rejects("monkic.dice.defence-count", 1, A.Attack(card=drache, targets=(golem,), dice=(1,),
                                                                defence_dice=(1, 2), trap=trap)).ruling
    assert ruling.details["expected"] == 3
    assert f"2 for Dornenfalle ({trap}), 1 for Golem ({golem})" in ruling.explanation("en")
    documented("monkic: how many defence dice")
