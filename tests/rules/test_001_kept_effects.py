"""Printed effects as card data (docs/cards.md), second part: immunity to curses (001 "1. Tür öffnen": "es sei
denn, du hast ein Gegenmittel oder bist immun"), a class that may not be discarded (001 timing table: "mit
Ausnahme der Klasse Kultist") and the Göttliche Intervention that frees it (001 "MUNCHKIN IM MIXER"). Each field is
checked like every other, with an error naming it."""

from __future__ import annotations

from typing import Any

import pytest

from judge.cards.schema import CardError, parse_card
from judge.rules.ruling import RULES
from tests.rules.harness import A, Table

AMULETT: dict[str, Any] = {"id": "t-amulett", "name": "Amulett gegen Flüche", "deck": "treasure", "kind": "item",
                           "set": "t", "bonus": 1, "value": 300, "curse_immune": True,
                           "text": "+1. Wer es trägt, ist gegen Flüche immun."}
HEILIGER: dict[str, Any] = {"id": "t-heiliger", "name": "Heiliger", "deck": "door", "kind": "class", "set": "t",
                            "curse_immune": True, "text": "Du bist gegen Flüche immun."}
KULTIST: dict[str, Any] = {"id": "t-kultist", "name": "Kultist", "deck": "door", "kind": "class", "set": "t",
                           "may_not_discard": True,
                           "text": "Du darfst diese Klasse nicht abwerfen."}
INTERVENTION: dict[str, Any] = {"id": "t-intervention", "name": "Göttliche Intervention", "deck": "door",
                                "kind": "divine_intervention", "set": "t", "raises_all_with": "class:priester",
                                "frees_undiscardable": True,
                                "text": "Jeder Priester steigt eine Stufe auf. Befreit alle Spieler vom Kultisten-Dasein."}


def catalogue(t: Table) -> Any:
    return t.rules.cards_of(t.state)  # type: ignore[attr-defined]  # a Munchkin ruleset's


def card_error(data: dict[str, Any]) -> CardError:
    with pytest.raises(CardError) as info:
        parse_card(data, "custom_cards[0]")
    return info.value


# ------------------------------------------------------------------ 001 "1. Tür öffnen": immun


def test_tuer_oeffnen_an_immune_victim_is_not_hit_by_a_curse() -> None:
    """001 "1. Tür öffnen": "Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder
    bist immun." A Heiliger kicking open Fluch! Verliere eine Stufe stays at level 3; the curse does not wait for an
    answer and is discarded, the event naming the card that makes him immune and the rule."""
    t = Table(window_ms=0, custom=(HEILIGER,))
    t.set_level(0, 3)
    t.give(0, "t-heiliger")
    t.do(0, A.PlayCard(card="t-heiliger"))
    effects = t.do(0, A.KickDoor(card="fluch-verliere-eine-stufe"))
    ignored = next(e for e in effects if e["type"] == "CurseIgnored")
    assert (ignored["by"], ignored["rule"]) == ("t-heiliger", "munchkin.curse.immune")
    assert t.state.pending_curse is None and t.p(0).level == 3
    assert "fluch-verliere-eine-stufe" in t.state.discards["door"]


def test_a_curse_from_a_hand_passes_an_immune_item_carrier_by() -> None:
    """The same for a curse played from a hand ("Ein Fluch wirkt immer sofort auf sein Opfer", 000): the item
    in use makes its carrier immune; carried but not in use, it does not, and the curse hits."""
    t = Table(window_ms=0, custom=(AMULETT,))
    t.set_level(0, 3)
    t.equip(0, "t-amulett")
    t.give(1, "fluch-verliere-eine-stufe")
    effects = t.do(1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=0))
    assert "CurseIgnored" in t.types(effects) and t.p(0).level == 3
    t.state.players[0].items[0].in_use = False  # arranged: the amulet carried, not used
    t.give(2, "fluch-verliere-eine-stufe")
    t.do(2, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=0))
    assert t.p(0).level == 2


def test_immunity_is_to_curses_not_to_bad_stuff() -> None:
    """A monster's bad stuff is no curse: the Heiliger at level 3 who fails to run from the Gewaltiger Käfer (6)
    still loses its level."""
    t = Table(window_ms=0, custom=(HEILIGER,))
    t.set_level(0, 3)
    t.give(0, "t-heiliger")
    t.do(0, A.PlayCard(card="t-heiliger"))
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    effects = t.do(0, A.SufferBadStuff(monster_index=0))
    assert "CurseIgnored" not in t.types(effects) and t.p(0).level == 2


def test_curse_immune_is_checked_like_every_field() -> None:
    assert card_error({**AMULETT, "curse_immune": "ja"}).field == "curse_immune"
    curse = {"id": "t-fluch", "name": "Fluch", "deck": "door", "kind": "curse", "curse": {}, "curse_immune": True}
    assert card_error(curse).field == "curse_immune"


# ------------------------------------------------------------------ 001 timing table: die Klasse Kultist


def test_timing_table_a_kultist_may_not_be_discarded_until_divine_intervention() -> None:
    """001: "Eine solche Karte abwerfen ... darfst du jedoch jederzeit, mit Ausnahme der Klasse Kultist." The
    Kultist is refused as a discard and as an ability's payment, and no legal action offers it; the Göttliche
    Intervention "befreit alle Spieler vom Kultisten-Dasein" (001 "MUNCHKIN IM MIXER")."""
    wild = {"id": "t-wildling", "name": "Wildling", "deck": "door", "kind": "race", "set": "t",
            "abilities": ["berserk"]}
    t = Table(window_ms=0, custom=(KULTIST, INTERVENTION, wild))
    t.set_level(0, 3)
    t.give(0, "t-kultist", "t-wildling")
    t.do(0, A.PlayCard(card="t-kultist"))
    t.do(0, A.PlayCard(card="t-wildling"))
    t.rejects("munchkin.discard.class-kept", 0, A.DiscardCard(card="t-kultist", from_table=True))
    assert not any(a.kind == "discard_card" and a.card == "t-kultist" for a in t.legal(0))
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.discard.class-kept", 0,
              A.UseAbility(ability="berserk", discard_from_table=("t-kultist",)))
    t.do(0, A.ClaimVictory())
    t.give(1, "t-intervention")
    effects = t.do(1, A.PlayCard(card="t-intervention"))
    freed = next(e for e in effects if e["type"] == "ClassFreed")
    assert (freed["seat"], freed["card"], freed["rule"]) == (0, "t-kultist", "munchkin.class.freed")
    assert t.p(0).classes == [] and "t-kultist" in t.state.discards["door"]


def test_a_curse_still_takes_a_class_that_may_not_be_discarded() -> None:
    """Not discarding at will: a curse that takes the class takes the Kultist."""
    verlust = {"id": "t-klassenverlust", "name": "Fluch! Verliere deine Klasse", "deck": "door", "kind": "curse",
               "set": "t", "curse": {"lose_class": True}}
    t = Table(window_ms=0, custom=(KULTIST, verlust))
    t.give(0, "t-kultist")
    t.do(0, A.PlayCard(card="t-kultist"))
    t.give(1, "t-klassenverlust")
    t.do(1, A.PlayCard(card="t-klassenverlust", target_seat=0))
    assert t.p(0).classes == []


def test_may_not_discard_and_frees_undiscardable_are_checked_like_every_field() -> None:
    assert card_error({**KULTIST, "kind": "race"}).field == "may_not_discard"
    assert card_error({**KULTIST, "may_not_discard": 1}).field == "may_not_discard"
    assert card_error({**INTERVENTION, "kind": "one_shot", "deck": "treasure", "raises_all_with": ""}).field == \
        "frees_undiscardable"


def test_the_new_rules_are_cited() -> None:
    for rule_id in ("munchkin.curse.immune", "munchkin.discard.class-kept", "munchkin.class.freed",
                    "munchkin.death.kept-in-front"):
        rule = RULES[rule_id]
        assert rule.citation.quote and rule.de and rule.en


# ------------------------------------------------------------------ 001 "4. Flucht" b): kept through death

FEENSTAUB: dict[str, Any] = {"id": "t-feenstaub", "name": "Feenstaub", "deck": "treasure", "kind": "special_treasure",
                             "set": "t", "kept_at_death": True, "text": "Lege sie vor dir aus."}
TOD: dict[str, Any] = {"id": "t-tod", "name": "Fluch! Tod", "deck": "door", "kind": "curse", "set": "t",
                       "curse": {"death": True}}


def test_flucht_4b_a_feenstaubkarte_is_kept_through_death() -> None:
    """001 "4. Flucht", b): "Du bist tot. Du behältst nur deine Stufe, deine Rasse(n), Klasse(n), ... ebenso
    etwaige ausliegende Feenstaubkarten." The Feenstaub played lies in front; at death it is not laid out for
    looting, the Elf and the level 4 stay, the item in use goes to the corpse."""
    t = Table(window_ms=0, custom=(FEENSTAUB, TOD))
    t.set_level(0, 4)
    t.give(0, "t-feenstaub", "elf")
    t.do(0, A.PlayCard(card="t-feenstaub"))
    t.do(0, A.PlayCard(card="elf"))
    assert "t-feenstaub" in t.p(0).table
    t.equip(0, "gehoernter-helm")
    t.give(1, "t-tod")
    effects = t.do(1, A.PlayCard(card="t-tod", target_seat=0))
    kept = next(e for e in effects if e["type"] == "CardsKeptAtDeath")
    assert (kept["cards"], kept["rule"]) == (["t-feenstaub"], "munchkin.death.kept-in-front")
    died = next(e for e in effects if e["type"] == "PlayerDied")
    assert "t-feenstaub" not in died["table"] and died["items"] == ["gehoernter-helm"]
    assert t.p(0).table == ["t-feenstaub"] and t.p(0).races == ["elf"] and t.p(0).level == 4


def test_without_the_field_a_special_treasure_is_discarded_when_played() -> None:
    t = Table(window_ms=0, custom=({**FEENSTAUB, "kept_at_death": False},))
    t.give(0, "t-feenstaub")
    t.do(0, A.PlayCard(card="t-feenstaub"))
    assert "t-feenstaub" not in t.p(0).table and "t-feenstaub" in t.state.discards["treasure"]


def test_kept_at_death_is_checked_like_every_field() -> None:
    assert card_error({**FEENSTAUB, "kept_at_death": "ja"}).field == "kept_at_death"
    assert card_error({**FEENSTAUB, "kind": "one_shot"}).field == "kept_at_death"


# ------------------------------------------------------------------ 001 timing table: Hauptquartiere, Geisteskrankheiten

WAHN: dict[str, Any] = {"id": "t-wahn", "name": "Geisteskrankheit: Verfolgungswahn", "deck": "door",
                        "kind": "insanity", "set": "t", "curse": {"lose_levels": 1},
                        "text": "Verliere eine Stufe."}
HQ: dict[str, Any] = {"id": "t-hq", "name": "Geheimes Hauptquartier", "deck": "door", "kind": "headquarters",
                      "set": "t", "text": "Lege es vor dir aus."}


def test_timing_table_an_insanity_is_played_at_any_time_and_hits_as_a_curse() -> None:
    """001: "Flüche, Fallen, Katastrophen und Geisteskrankheiten: Jederzeit." and "1. Tür öffnen": "ein
    Fluch/Falle/Katastrophe/Geisteskrankheit: Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein
    Gegenmittel oder bist immun." Played in another's turn it takes a level at once; from the door it waits for
    the kicker's answer like a curse; an immune character is not hit."""
    t = Table(window_ms=0, custom=(WAHN, HEILIGER))
    t.set_level(0, 3)
    t.give(1, "t-wahn")
    assert any(a.kind == "play_card" and a.card == "t-wahn" and a.target_seat == 0 for a in t.legal(1))
    t.do(1, A.PlayCard(card="t-wahn", target_seat=0))
    assert t.p(0).level == 2 and "t-wahn" in t.state.discards["door"]
    t.do(0, A.KickDoor(card="t-wahn"))
    assert t.state.pending_curse == {"seat": 0, "card": "t-wahn"}
    t.do(0, A.AnswerCurse())
    assert t.p(0).level == 1
    t.give(0, "t-heiliger")
    t.do(0, A.PlayCard(card="t-heiliger"))
    t.set_level(0, 3)
    t.give(2, "t-wahn")
    effects = t.do(2, A.PlayCard(card="t-wahn", target_seat=0))
    assert "CurseIgnored" in t.types(effects) and t.p(0).level == 3


def test_timing_table_a_headquarters_is_played_in_ones_own_turn_and_lies_in_front() -> None:
    """001: "Hauptquartiere: Jederzeit während des eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie
    bekommst." In another's turn it is refused by that row; in one's own it lies in front, and may be
    discarded."""
    t = Table(window_ms=0, custom=(HQ,))
    t.give(1, "t-hq")
    t.rejects("munchkin.timing.headquarters", 1, A.PlayCard(card="t-hq"))
    t.give(0, "t-hq")
    t.do(0, A.PlayCard(card="t-hq"))
    assert t.p(0).table == ["t-hq"]
    t.do(0, A.DiscardCard(card="t-hq", from_table=True))
    assert t.p(0).table == [] and "t-hq" in t.state.discards["door"]


def test_mixer_the_kultist_and_the_goettliche_intervention_are_data() -> None:
    """001 "MUNCHKIN IM MIXER": "Die Göttliche Intervention befreit alle Spieler vom Kultisten-Dasein."; the
    timing table: "mit Ausnahme der Klasse Kultist". A combined game's catalogue says it on the cards: a Kultist
    (by its trait) may not be discarded, the shipped Göttliche Intervention frees it."""
    t = Table(3, ruleset="mixer", window_ms=0, options={"sets": "munchkin,babys,star"},
              custom=({"id": "kultist", "name": "Kultist", "deck": "door", "kind": "class", "set": "t"},))
    cards = catalogue(t)
    assert cards["kultist"].may_not_discard and cards["goettliche-intervention"].frees_undiscardable
    t.give(0, "kultist")
    t.do(0, A.PlayCard(card="kultist"))
    t.rejects("munchkin.discard.class-kept", 0, A.DiscardCard(card="kultist", from_table=True))


def test_flucht_4b_a_combined_game_keeps_styles_powers_and_the_like_through_death() -> None:
    """001 "4. Flucht", b): "Du behältst nur deine Stufe, deine Rasse(n), Klasse(n), Stil(e), Kräfte(e),
    Loyalität(en), Training(s), Akzent(e), Mojo(s), Geburtsrecht(e), Machtgruppe(n), Armee(n) ...": a style in
    front of a dead character stays there; the catalogue marks those kinds kept_at_death."""
    stil = {"id": "t-stil", "name": "Stil der Trunkenheit", "deck": "door", "kind": "style", "set": "t"}
    t = Table(3, ruleset="mixer", window_ms=0, options={"sets": "munchkin,babys,star"}, custom=(stil, TOD))
    assert catalogue(t)["t-stil"].kept_at_death
    t.give(0, "t-stil")
    t.do(0, A.PlayCard(card="t-stil"))
    t.give(1, "t-tod")
    effects = t.do(1, A.PlayCard(card="t-tod", target_seat=0))
    assert "CardsKeptAtDeath" in t.types(effects) and t.p(0).table == ["t-stil"]
