"""monkic tells its events with the cards' printed names, in German and English (issue 28: "monkic reads like
a debug log"): a curse by its card, a draw as a draw, a deal as one sentence per seat, a graveyard fight by
the seat that wins it, the "waiting for" line with names; never a Python list or ``None``."""

from __future__ import annotations

from typing import Any

from judge.rules import registry
from judge.rules.narration import Joined, render, tell_waiting

SEATS = ["Mia", "Tom"]
NAMES = {"erdbeben": "Erdbeben", "gorilla": "Gorilla", "zyklop": "Zyklop", "drache": "Drache"}
CONTEXT = {"cards": {"c1": "drache", "c8": "zyklop", "c19": "erdbeben"}}


def told(effects: list[dict[str, Any]], lang: str) -> str:
    ruleset: Any = registry.get("monkic")
    context = {"cards": dict(CONTEXT["cards"])}
    return render(Joined(tuple(ruleset.tell_effects(effects, context)), "; "), lang, SEATS, NAMES)


def test_a_curse_is_told_by_its_card_and_a_draw_as_a_draw() -> None:
    curse = [{"type": "CardMoved", "card": "c19", "seat": 0, "zone": "graveyard"},
             {"type": "CursePlayed", "seat": 0, "card": "c19", "curse": "erdbeben"}]
    assert told(curse, "en") == "Erdbeben (c19) goes to the graveyard; Mia plays the curse Erdbeben (c19)"
    assert told(curse, "de") == "Erdbeben (c19) kommt auf den Friedhof; Mia spielt den Fluch Erdbeben (c19)"
    draw = [{"type": "CardsCreated", "seat": 0, "zone": "table", "cards": [["c17", "gorilla"]], "source": "stack"},
            {"type": "TurnAction", "seat": 0, "what": "drew"}]
    assert told(draw, "en") == "Mia draws Gorilla (c17) onto the table"
    assert told(draw, "de") == "Mia zieht Gorilla (c17) auf den Tisch"
    take = [{"type": "CardMoved", "card": "c1", "seat": 0, "zone": "hand"}, {"type": "TurnAction", "what": "took"}]
    assert told(take, "de") == "Drache (c1) kommt auf die Hand von Mia"


def test_a_deal_is_one_sentence_per_seat_and_dice_one_sentence() -> None:
    deal = [{"type": "CardsCreated", "seat": 1, "zone": "table", "cards": [[f"c{i}", cid]], "source": "stack"}
            for i, cid in ((8, "zyklop"), (9, "gorilla"))]
    assert told(deal, "en") == "Tom draws 2 cards onto the table: Zyklop (c8), Gorilla (c9)"
    assert told(deal, "de") == "Tom zieht 2 Karten auf den Tisch: Zyklop (c8), Gorilla (c9)"
    dice = [{"type": "DieCast", "number": 1, "value": 5}, {"type": "DieCast", "number": 2, "value": 2}]
    assert told(dice, "de") == "der Schiedsrichter würfelt 2-mal: 5, 2"
    assert told([dice[0]], "en") == "the judge casts 5"


def test_a_graveyard_fight_names_the_seat_that_wins_and_life_points_have_plurals() -> None:
    fight = [{"type": "FightResolved", "attacker": "c1", "defender": "c8", "attack": "9", "shield": "4",
              "winner": "defender", "reason": "graveyard"}]
    assert told(fight, "en") == "graveyard fight: Drache (c1) (9) against Zyklop (c8) (4): Tom wins"
    assert told(fight, "de") == "Friedhofskampf: Drache (c1) (9) gegen Zyklop (c8) (4): Tom gewinnt"
    assert told([{"type": "LifeChanged", "seat": 0, "life": 1, "delta": -3}], "de") == "Mia hat jetzt 1 Lebenspunkt"
    assert told([{"type": "LifeChanged", "seat": 0, "life": 4, "delta": -3}], "en") == "Mia now has 4 life points"


def test_the_waiting_line_is_told_in_german_with_names() -> None:
    ruleset: Any = registry.get("monkic")
    assert render(tell_waiting(ruleset, "seat 0 to play (round 1)"), "de", SEATS) == "Mia ist am Zug (Runde 1)"
    assert render(tell_waiting(ruleset, "seats 0, 1 to report their opening cards"), "de", SEATS) == \
        "Mia, Tom melden die Startkarten"
    assert render(tell_waiting(ruleset, "seat 1 to answer: graveyard-win"), "en", SEATS) == \
        "Tom to answer: hand or table for the card won in the graveyard fight"
