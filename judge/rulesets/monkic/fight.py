"""The arithmetic of one fight (002 Angriff und Verteidigung, Karten,
Spezial Karten, Karten(Extra)): pure functions of the two cards, their
printed values and the dice; no state.

Points are exact fractions: SuperPower's 24 divided by the die and the XXL
Drache's halved dice are not rounded (002 rounds only where it says "Runde
ab", in Pings).

>>> attacker = Side("drache", 7, 3, dice=(2,))
>>> defender = Side("golem", 4, 8, dice=(1,))
>>> r = resolve(attacker, defender)
>>> (r.attack, r.shield, r.winner)
(Fraction(9, 1), Fraction(9, 1), 'draw')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

# 002 Elemente: Augenzahl -> (element, Attack, Schild)
ELEMENTS: dict[int, tuple[str, int, int]] = {
    1: ("erde", 0, 11),
    2: ("eis", 7, 4),
    3: ("blitz", 7, 0),
    4: ("feuer", 5, 5),
    5: ("natur", -5, -5),
    6: ("tornado", 5, 0),
}
POWER = 24  # SuperPower: "die Power(24)"
HEALTH = 2  # SuperPower's last trick: "Health(2)"
REVIVAL = 22  # Elemente: "größergleich 22"


@dataclass(frozen=True)
class Side:
    """One fighting card: catalogue id, printed values (None for SuperPower
    and Elemente), (Joker) values for an XXL card, whether a joker protects
    it, and its dice."""

    card: str
    attack: int | None
    shield: int | None
    attack_joker: int | None = None
    shield_joker: int | None = None
    joker: bool = False
    dice: tuple[int, ...] = ()


@dataclass
class Result:
    attack: Fraction
    shield: Fraction
    winner: str  # "attacker" | "defender" | "draw" | "none" (Pings with joker: "sonst passiert nichts")
    reason: str  # "points" or the card rule that decided
    both_destroyed: bool = False  # Ninja
    swap: bool = False  # Alien
    elements: dict[str, str] = field(default_factory=dict)  # side -> element rolled
    spider: list[str] = field(default_factory=list)  # sides whose Spinne rolled a three


def attack_dice(card: str) -> int:
    """How many dice a card rolls when it attacks."""
    return {"computer": 2, "tastatur": 0, "gorilla": 4, "xxl-drache": 2}.get(card, 1)


def defence_dice(card: str) -> int:
    """How many dice a card rolls when it defends."""
    return {"computer": 0, "tastatur": 2, "xxl-drache": 2}.get(card, 1)


def element(side: Side) -> str:
    return ELEMENTS[side.dice[0]][0] if side.card == "elemente" else ""


def _xxl(side: Side, attack: bool) -> int:
    if side.joker:
        value = side.attack_joker if attack else side.shield_joker
    else:
        value = side.attack if attack else side.shield
    return value or 0


def attack_points(a: Side) -> Fraction:
    d = a.dice
    if a.card == "elemente":
        return Fraction(ELEMENTS[d[0]][1])
    if a.card == "superpower":
        return Fraction(POWER, d[0])
    if a.card == "xxl-drache":
        return _xxl(a, True) + Fraction(d[0] + d[1], 2)
    if a.card == "pings":
        return Fraction(_xxl(a, True) + d[0])
    base = a.attack or 0
    if a.card == "gorilla":
        # Its four dice decide win or loss and are not added (decision "Gorilla's four dice").
        return Fraction(base)
    # Zwerg's six and Ritter's three change the printed attack points; the die is added to
    # them as always (decision "Ritter's 9 and Zwerg's 2 are attack points").
    if a.card == "zwerg" and d[0] == 6:
        return Fraction(2 + d[0])
    if a.card == "ritter" and d[0] == 3:
        return Fraction(9 + d[0])
    if a.card == "boeses-schild" and d[0] == 4:
        return Fraction(base + 7)
    return Fraction(base + sum(d))


def shield_points(v: Side) -> Fraction:
    d = v.dice
    if v.card == "elemente":
        return Fraction(ELEMENTS[d[0]][2])
    if v.card == "superpower":
        return Fraction(POWER, d[0])
    if v.card == "xxl-drache":
        return _xxl(v, False) + Fraction(d[0] + d[1], 2)
    if v.card == "pings" and v.joker:
        return Fraction(d[0] // 5 + 13)
    if v.card == "pings":
        return Fraction((v.shield or 0) + d[0])
    return Fraction((v.shield or 0) + sum(d))


def pings_joker_quotient(attack_joker: int, die: int) -> int:
    """002 Pings, Attack Punkte(Joker): (Attack(Joker) + die) divided by half
    the die, rounded down. Half the die is not rounded itself."""
    return ((attack_joker + die) * 2) // die


def _attacker_rule(a: Side, v: Side | None, minotaurus: bool) -> tuple[str, str] | None:
    """The attacking card's own rule that decides the fight, if any; ``v`` is None
    on an attack on the life points (no defending card)."""
    d = a.dice
    if a.card == "minotaurus" and minotaurus:
        return "attacker", "minotaurus"
    if a.card == "gorilla":
        return ("attacker" if 5 in d else "defender"), "gorilla"
    if a.card == "pings":
        if a.joker:
            q = pings_joker_quotient(a.attack_joker or 0, d[0])
            return ("attacker" if q % 2 == 0 else "none"), "pings"
        return ("attacker" if (d[0] + 2) % 2 == 0 else "defender"), "pings"
    if a.card == "drache" and d[0] == 6:
        return "attacker", "drache"
    if a.card == "bogenschuetze" and d[0] == 3:
        return "attacker", "bogenschuetze"
    if a.card == "zyklop" and d[0] == 4:
        return "defender", "zyklop"
    if v is None:
        return None
    if a.card == "ratte" and v.attack == 8 and v.card not in ("superpower", "elemente"):
        return "attacker", "ratte"
    if a.card == "supercomputer" and v.shield == 4 and v.card not in ("superpower", "elemente"):
        return "defender", "supercomputer"
    return None


def _defender_rule(a: Side, v: Side, sacrificed: bool) -> tuple[str, str] | None:
    d = v.dice
    if v.card == "minotaurus" and sacrificed:
        return "defender", "minotaurus"
    if v.card == "drache" and d and d[0] == 6:
        return "defender", "drache"
    if v.card == "bogenschuetze" and d and d[0] == 3:
        return "defender", "bogenschuetze"
    if v.card == "zyklop" and d and d[0] == 4:
        return "attacker", "zyklop"
    if v.card == "ratte" and a.attack == 8 and a.card not in ("superpower", "elemente"):
        return "defender", "ratte"
    if v.card == "supercomputer" and a.shield == 4 and a.card not in ("superpower", "elemente"):
        return "attacker", "supercomputer"
    return None


def resolve(a: Side, v: Side, *, minotaurus: bool = False, defence_minotaurus: bool = False) -> Result:
    """Who wins: the attacker's card rule first ("Wenn zwei Regelungen nicht zu
    einander passen, gewinnt die Regelung des Angreifers"), then the
    defender's, then the points (higher wins, equal is a draw). ``minotaurus``:
    the attacking Minotaurus sacrificed a joker; ``defence_minotaurus``: the
    defending one did."""
    elements = {side: element(s) for side, s in (("attacker", a), ("defender", v)) if element(s)}
    if "natur" in elements.values():
        # 002 Elemente, Natur: "Es gelten bei beiden Spielern nur die Augenzahlen."
        attack, shield = Fraction(sum(a.dice)), Fraction(sum(v.dice))
    else:
        attack, shield = attack_points(a), shield_points(v)
    spider = [side for side, s in (("attacker", a), ("defender", v))
              if s.card == "spinne" and s.dice and s.dice[0] == 3]
    result = Result(attack, shield, "draw", "points", elements=elements, spider=spider)
    if a.card == "ninja" and a.dice[0] in (2, 6):
        result.winner, result.reason, result.both_destroyed = "none", "ninja", True
        return result
    if a.card == "alien" and a.dice[0] == 5:
        result.winner, result.reason, result.swap = "none", "alien", True
        return result
    forced = _attacker_rule(a, v, minotaurus) or _defender_rule(a, v, defence_minotaurus)
    if forced is not None:
        result.winner, result.reason = forced
    elif attack != shield:
        result.winner = "attacker" if attack > shield else "defender"
    return result


def resolve_life(a: Side) -> Result:
    """An attack on the life points (002 Angriff und Verteidigung: "Wenn keine
    Karten mehr auf der Hand sind, wird Punktzahl von den Lebenspunkten
    abgezogen"). The attacking card's own rules hold here too: a roll that
    wins (Drache's six ...) or nothing hits with the points (reason "life");
    a roll that loses (Zyklop's four, Gorilla without a five, Pings' odd die)
    does no damage and the card loses (winner "defender"); Pings with a joker
    and an odd quotient does nothing (winner "none"); the Ninja's two or six
    destroys the Ninja and does no damage (``both_destroyed``). Decision
    "card rules on a life-point attack".

    >>> r = resolve_life(Side("zyklop", 5, 5, dice=(4,)))
    >>> (r.winner, r.reason)
    ('defender', 'zyklop')
    """
    attack = Fraction(sum(a.dice)) if element(a) == "natur" else attack_points(a)
    result = Result(attack, Fraction(0), "attacker", "life")
    if a.card == "ninja" and a.dice[0] in (2, 6):
        result.winner, result.reason, result.both_destroyed = "none", "ninja", True
        return result
    forced = _attacker_rule(a, None, False)
    if forced is not None:
        result.winner, result.reason = forced
    return result


def fraction_text(x: Fraction) -> str:
    """JSON-safe exact points: "9" or "19/2"."""
    return str(x)
