"""Munchkin im Mixer (001 "MUNCHKIN IM MIXER", and the combining sections of 000, 003 and 004,
"KOMBINIERE DIESES SPIEL MIT ANDEREN MUNCHKIN-SPIELEN!"): a game of combined sets on the core. Each test
names the bullet or section it checks; the Mixer's refusals carry ``mixer.*`` rulings."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from judge import rulesets
from judge.cards import CardError
from judge.common.errors import InvalidArgument
from judge.rules import GameSetup, SeatSetup
from judge.rules.ruling import RULES, SEED_001
from judge.rulesets.mixer import catalogue as mixer_cards
from judge.rulesets.mixer.ruleset import LayerClash, MixerState, _merged, mixed_class
from judge.rulesets.mixer.setup import parse_sets
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.dispatch import extended
from tests.rules.harness import A, Table

COMBINATIONS = ("munchkin,babys", "munchkin,star", "babys,star", "munchkin,babys,star")


def mixer(n: int = 3, *, sets: str = "munchkin,babys,star", custom: tuple[dict[str, Any], ...] = (),
          **options: Any) -> Table:
    return Table(n, ruleset="mixer", window_ms=0, custom=custom, options={"sets": sets, **options})


def setup(**options: Any) -> GameSetup:
    seats = tuple(SeatSetup(f"P{i}", {"sex": "male"}) for i in range(3))
    return GameSetup("mixer", (), seats, options, "reported")


def test_the_mixer_rules_cite_001_munchkin_im_mixer() -> None:
    ids = [r for r in RULES if r.startswith("mixer.")]
    assert ids and {RULES[r].citation.source for r in ids} == {SEED_001}
    assert {RULES[r].citation.section for r in ids} == {"MUNCHKIN IM MIXER"}


# ------------------------------------------------------------------ the game and its catalogue

def test_kombiniere_a_game_of_base_babys_and_star_knows_the_cards_of_all_three() -> None:
    """000 KOMBINIERE: "Mische alle Schatzkarten zusammen. Mische die Tür-, Stations- und Gassenkarten in einen
    Stapel": the catalogue is the union of the sets, and a dealt table's decks hold every copy of every set."""
    t = mixer()
    cards = t.rules.cards_of(t.state)
    assert {"elf", "elfling", "cyborg", "rothemd", "falle-dosenoeffner"} <= set(cards)
    assert {cards[c].set for c in cards} == {"munchkin", "babys", "star"}
    # Wanderndes Monster is printed by 000 and 004 with the same effect: one card, both copies in the deck.
    assert cards["wanderndes-monster"].copies == 2
    dealt = Table(3, ruleset="mixer", seed=bytes(32), options={"sets": "munchkin,babys,star"})
    pile = dealt.state.piles["door"]["base"] + dealt.state.piles["treasure"]["base"]
    assert sorted(pile) == sorted(cid for cid, c in cards.items() for _ in range(c.copies))
    assert pile.count("wanderndes-monster") == 2


def test_every_combination_of_sets_builds_one_class_with_every_layer() -> None:
    """The rules of every combined set hold at once: the class of each combination has its sets' layers in its
    method resolution order, the Mixer's first, and one state with every layer's fields."""
    for text in COMBINATIONS:
        sets = parse_sets(text)
        cls = mixed_class(sets)
        layers = [name for name in ("star", "babys") if name in sets]
        assert [c.__name__ for c in cls.__mro__ if c.__name__ in ("MixerRules", "Star", "Babys")] == \
            ["MixerRules", *(n.capitalize() for n in layers)]
        t = mixer(sets=text)
        assert isinstance(t.state, MixerState)
        assert {c.set for c in t.rules.cards_of(t.state).values()} == set(sets)


def test_the_layers_rules_hold_together() -> None:
    """004's Cyborg floor and 003's Elfling helper both hold in one combined game (each layer's hook runs and
    hands on to the next)."""
    t = mixer()
    t.state.players[0].races.append("cyborg")
    t.state.players[1].races.append("elfling")
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.ClaimVictory())
    assert t.p(1).level == 2  # 003 "Gewonnen!": "Elflinge steigen für jedes Monster ... als Helfer ... auf"
    rules = t.rules.of_state(t.state)
    from judge.rulesets.munchkin.tx import _Tx
    assert rules.level_floor_of(_Tx.reading(rules, t.state), 0) == 2  # 004: a Cyborg never sinks below 2


@pytest.mark.parametrize(("value", "message"), [
    ("munchkin,fu", "unknown set"), ("munchkin,star,munchkin", "named twice"), ("star", "at least two"),
    ("", "at least two"), (3, "must be a text")])
def test_create_game_refuses_sets_it_cannot_combine(value: Any, message: str) -> None:
    """A combined game names at least two known sets, each once (``options.sets``)."""
    with pytest.raises(InvalidArgument) as info:
        rulesets.get("mixer").validate_setup(setup(sets=value))
    assert info.value.field == "options.sets" and message in info.value.message


def test_a_clash_of_card_ids_between_sets_is_found_when_the_catalogue_is_built(monkeypatch: Any) -> None:
    """One id printed by two sets is one card only if both printings have the same effect; otherwise the
    catalogue is refused (never at a table)."""
    base = mixer_cards.set_cards("munchkin")
    goblin = next(c for c in base if c.id == "lahmer-goblin")
    other = dataclasses.replace(goblin, set="star", level=goblin.level + 1)
    real = mixer_cards.set_cards
    monkeypatch.setattr(mixer_cards, "set_cards", lambda name: [*real(name), other] if name == "star" else real(name))
    with pytest.raises(CardError) as info:
        mixer_cards.union(("munchkin", "star"))
    assert info.value.card == "lahmer-goblin" and info.value.field == "level"
    same = dataclasses.replace(goblin, set="star", text="another printing")
    monkeypatch.setattr(mixer_cards, "set_cards", lambda name: [*real(name), same] if name == "star" else real(name))
    merged = {c.id: c for c in mixer_cards.union(("munchkin", "star"))}
    assert merged["lahmer-goblin"].copies == goblin.copies + 1


def test_a_clash_of_handlers_between_layers_is_refused_when_the_class_is_built() -> None:
    """Two layers that handle one action differently cannot be combined without a Mixer rule deciding."""
    def one(*_: Any) -> None: ...

    def two(*_: Any) -> None: ...

    first = type("First", (Munchkin,), {"name": "first", "action_handlers": extended(Munchkin.action_handlers,
                                                                                     reveal_card=one)})
    second = type("Second", (Munchkin,), {"name": "second", "action_handlers": extended(Munchkin.action_handlers,
                                                                                        reveal_card=two)})
    with pytest.raises(LayerClash):
        _merged("action_handlers", (first, second))
    assert _merged("action_handlers", (first,))["reveal_card"] is one


def test_a_one_shot_is_discarded_by_the_rule_of_its_own_set() -> None:
    """Where the sets differ about a card of one set, that set's rule applies: 000 "Weitere Aktionen im Kampf":
    "Danach wird sie abgelegt"; 003: "Sobald der Kampf vorbei ist ... wird sie abgelegt"."""
    t = mixer()
    t.give(0, "trank-der-idiotischen-tapferkeit", "haggis-purree")
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    t.do(0, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))
    assert "trank-der-idiotischen-tapferkeit" in t.state.discards["treasure"]  # 000: at once
    t.do(0, A.PlayCard(card="haggis-purree", side="players"))
    assert "haggis-purree" not in t.state.discards["treasure"]  # 003: when the combat is over


# ------------------------------------------------------------------ faster play

def test_kombiniere_a_combined_game_plays_with_listen_at_the_door() -> None:
    """000/003/004 KOMBINIERE: "Verwende die Regeln für Schnelleres Spiel": listen at the door is on (the first
    player has drawn the face-down door of phase 0), unless the group turns it off."""
    on = mixer()
    off = mixer(faster_play=False)
    assert on.state.setup["variants"] == ["listen-at-the-door"]
    assert on.rules.view(on.state, _organizer())["variants"] == ["listen-at-the-door"]
    assert on.p(0).unknown == off.p(0).unknown + 1
    assert off.state.setup["variants"] == []
    # Looting the room draws a face-down treasure instead of a door under faster play.
    on.do(0, A.KickDoor(card="elf"))
    effects = on.do(0, A.LootRoom())
    assert [e["deck"] for e in effects if e["type"] == "CardsDrawn"] == ["treasure"]


def _organizer() -> Any:
    from judge.rules import Viewer

    return Viewer("organizer")


def test_a_card_of_a_set_not_combined_is_not_in_the_game() -> None:
    """Base + Babys holds no card of Star: the Cyberdeck is refused as a card of another set."""
    t = mixer(sets="munchkin,babys")
    assert "cyberdeck" not in t.rules.cards_of(t.state)
    t.rejects("munchkin.card.not-in-game", 0, A.PlayCard(card="cyberdeck"))


# ------------------------------------------------------------------ the bullets of 001 with cards of our sets

ARMOR = {"id": "t-ruestung", "name": "Rüstung", "deck": "treasure", "kind": "item", "slot": "armor", "bonus": 1,
         "value": 500, "set": "t"}
CREDITS = {"id": "t-datenchip", "name": "Datenchip", "deck": "treasure", "kind": "item", "bonus": 1, "value": 500,
           "currency": "credits", "set": "t"}
STEED = {"id": "t-ross", "name": "Schlachtross", "deck": "door", "kind": "item", "bonus": 3, "big": True,
         "tags": ["steed"], "value": 300, "set": "t"}
PONY = {**STEED, "id": "t-pony", "name": "Pony", "bonus": 1}
SHIP = {"id": "t-schiff", "name": "Schiff", "deck": "treasure", "kind": "item", "run_away_bonus": 1, "big": True,
        "tags": ["ship"], "set": "t"}
MOOK = {"id": "t-mook", "name": "Mook", "deck": "door", "kind": "mook", "bonus": 1, "tags": ["carries-1hand"],
        "set": "t"}
SWORD = {"id": "t-schwert", "name": "Schwert", "deck": "treasure", "kind": "item", "slot": "1hand", "bonus": 2,
         "value": 200, "set": "t"}


def test_fallen_und_flueche_a_trap_on_the_door_hits_as_a_curse() -> None:
    """001: "Fallen und Flüche werden ebenso wie Katastrophen als das gleiche behandelt." Falle! Dosenöffner
    (004) turned up in a combined game waits for its victim's answer like a curse, then takes the armor."""
    t = mixer(custom=(ARMOR,))
    t.equip(0, "t-ruestung")
    effects = t.do(0, A.KickDoor(card="falle-dosenoeffner"))
    assert "CursePending" in t.types(effects) and t.state.pending_curse == {"seat": 0, "card": "falle-dosenoeffner"}
    t.do(0, A.AnswerCurse())
    assert t.p(0).items == [] and "falle-dosenoeffner" in t.state.discards["door"]


def test_fallen_und_flueche_traps_and_catastrophes_are_curses_without_star_too() -> None:
    """The Mixer's rule, not Star's: in base + Babys a trap or a catastrophe turned up or played is a curse
    (a card without a printed effect is a curse of text only)."""
    trap = {"id": "t-falle", "name": "Falle! Verliere eine Stufe", "deck": "door", "kind": "trap",
            "curse": {"lose_levels": 1}, "set": "t"}
    catastrophe = {"id": "t-katastrophe", "name": "Katastrophe", "deck": "door", "kind": "catastrophe",
                   "curse": {"lose_levels": 1}, "set": "t"}
    t = mixer(sets="munchkin,babys", custom=(trap, catastrophe))
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="t-katastrophe"))
    t.do(0, A.AnswerCurse())
    assert t.p(0).level == 2
    t.give(1, "t-falle")
    t.do(1, A.PlayCard(card="t-falle", target_seat=0))
    assert t.p(0).level == 1


def test_goldstuecke_und_credits_one_sale_paid_with_both() -> None:
    """001: "Goldstücke und Credits sind dasselbe"; 000 KOMBINIERE: "sie können kombiniert werden, um Stufen zu
    kaufen": 500 gold and 500 credits buy one level."""
    t = mixer(custom=(ARMOR, CREDITS))
    t.give(0, "t-ruestung", "t-datenchip")
    effects = t.do(0, A.SellItems(cards=("t-ruestung", "t-datenchip")))
    assert [e["gold"] for e in effects if e["type"] == "ItemsSold"] == [1000] and t.p(0).level == 2
    assert t.rules.cards_of(t.state)["t-datenchip"].currency == "credits"


def test_grosse_und_komplexe_gegenstaende_one_complex_in_use_several_carried() -> None:
    """001: "Jeder Spieler darf einen großen und einen komplexen Gegenstand benutzen. Er darf insgesamt mehrere
    komplexe, aber nur einen großen Gegenstand (im Rucksack) tragen." (In Star alone a second complex item is
    refused: star.item.one-complex.)"""
    t = mixer()
    t.state.players[0].classes.append("gadgeteer")  # the Cyberdeck is for Gadgeteers only ...
    t.give(0, "cyberdeck", "cyberdeck", "kettensaege", "ganzkoerper-schild")
    t.do(0, A.PlayCard(card="cyberdeck"))
    t.state.players[0].classes.remove("gadgeteer")  # ... who use any number of complex items
    t.do(0, A.PlayCard(card="cyberdeck"))  # carried: several complex items
    assert [(i.card, i.in_use) for i in t.p(0).items] == [("cyberdeck", True), ("cyberdeck", False)]
    t.rejects("mixer.item.one-complex-in-use", 0, A.SetItemInUse(card="cyberdeck", in_use=True))
    t.do(0, A.PlayCard(card="kettensaege"))  # one big item beside the complex ones
    t.rejects("munchkin.item.one-big", 0, A.PlayCard(card="ganzkoerper-schild"))
    assert t.rules.cards_of(t.state)["ganzkoerper-schild"].big


def test_anhaenger_one_follower_of_the_whole_group() -> None:
    """001: "Jeder Spieler darf nur einen Anhänger, d. h. eine Karte aus der Gruppe der Mietlinge, Lakaien,
    Handlanger, Mooks, Verbündeten, Sidekicks und Gefährten vor sich liegen haben, es sei denn, er hat eine
    Karte, die mehr erlaubt." A hireling (004) and a mook are one group; a Händler (004) has any number."""
    t = mixer(custom=(MOOK,))
    t.give(0, "rothemd", "t-mook")
    t.do(0, A.PlayCard(card="rothemd"))
    t.rejects("mixer.follower.only-one", 0, A.PlayCard(card="t-mook"))
    t.state.players[0].classes.append("haendler")
    t.do(0, A.PlayCard(card="t-mook"))
    assert t.p(0).table == ["rothemd", "t-mook"]


def test_a_sacrificed_follower_loses_the_items_it_carries() -> None:
    """001: "Alle Anhänger können sich im Kampf für dich opfern, wenn du weglaufen willst, verlieren dann aber
    die von ihnen getragenen Gegenstände." A mook (no hireling) carrying a sword is sacrificed: every monster is
    escaped and the sword goes to the discard pile with it; while it carried it, the sword counted."""
    t = mixer(custom=(MOOK, SWORD))
    t.give(0, "t-mook", "t-schwert")
    t.do(0, A.PlayCard(card="t-mook"))
    t.do(0, A.PlayCard(card="t-schwert", with_card="t-mook"))
    assert t.state.on_followers == [{"seat": 0, "follower": "t-mook", "card": "t-schwert", "deck": "treasure"}]
    t.do(0, A.KickDoor(card="untoter-gaul"))
    assert t.strengths() == (1 + 1 + 2, 4)  # level, the mook's bonus, the sword it carries
    t.do(0, A.GiveUp())
    effects = t.do(0, A.UseAbility(ability="sacrifice-hireling", item="t-mook"))
    assert "FollowerCardsLost" in t.types(effects) and t.combat is None
    assert t.state.on_followers == [] and "t-schwert" in t.state.discards["treasure"]
    assert "t-mook" in t.state.discards["door"] and t.p(0).level == 1


def test_a_follower_is_sacrificed_without_star_too() -> None:
    """The followers' bullet is the Mixer's: in base + Babys (no Star) a follower is sacrificed all the same."""
    t = mixer(sets="munchkin,babys", custom=(MOOK,))
    t.give(0, "t-mook")
    t.do(0, A.PlayCard(card="t-mook"))
    t.do(0, A.KickDoor(card="untoter-gaul"))
    assert t.strengths() == (2, 4)  # the mook's printed bonus counts
    t.do(0, A.GiveUp())
    assert A.UseAbility(ability="sacrifice-hireling", item="t-mook") in t.legal(0)
    t.do(0, A.UseAbility(ability="sacrifice-hireling", item="t-mook"))
    assert t.combat is None and t.p(0).table == []


def test_a_follower_carries_only_what_its_card_says() -> None:
    """001: "Jeder von ihnen kann nur die Art von Gegenständen tragen ..., wie es auf der jeweiligen Karte
    steht": the mook carries a one-hand item, no armor, and nobody else's follower carries for you."""
    t = mixer(custom=(MOOK, SWORD, ARMOR))
    t.give(0, "t-mook", "t-ruestung", "t-schwert")
    t.do(0, A.PlayCard(card="t-mook"))
    t.rejects("mixer.follower.carries-what-its-card-says", 0, A.PlayCard(card="t-ruestung", with_card="t-mook"))
    t.give(1, "t-schwert")
    t.rejects("mixer.follower.not-yours", 1, A.PlayCard(card="t-schwert", with_card="t-mook"))
    t.do(0, A.PlayCard(card="t-schwert", with_card="t-mook"))
    t.rejects("mixer.follower.carries-what-its-card-says", 0, A.PlayCard(card="t-schwert", with_card="t-mook"))


def test_a_steed_turned_up_is_fought_as_a_monster_of_twice_its_bonus() -> None:
    """001: "Wird ein Ross offen gezogen, darf der Spieler es auch als Monster behandeln. In diesem Fall ist die
    Stufe des Rosses das Doppelte des aufgedruckten Bonuswertes, und wenn er es besiegt, bringt es einen Schatz
    und eine Stufe." A +3 steed is a level-6 monster."""
    t = mixer(custom=(STEED, PONY))
    t.give(0, "t-pony")
    t.set_level(0, 7)
    effects = t.do(0, A.KickDoor(card="t-ross"))
    assert "SteedTurnedUp" in t.types(effects) and "t-ross" in t.p(0).hand
    assert A.LookForTrouble(card="t-ross") in t.legal(0)
    t.rejects("mixer.steed.only-when-turned-up", 0, A.LookForTrouble(card="t-pony"))
    t.do(0, A.LookForTrouble(card="t-ross"))
    assert t.strengths() == (7, 6)
    unknown = t.p(0).unknown
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.p(0).level == 8 and t.p(0).unknown == unknown + 1
    assert "t-ross" in t.state.discards["door"] and t.state.steeds_fought == []
    assert t.rules.cards_of(t.state)["t-ross"].kind == "item"  # a steed again


def test_a_steed_fought_as_a_monster_takes_a_level() -> None:
    """001: "Die Schlimmen Dinge für jedes als Monster angegriffene Ross sind „Verliere eine Stufe.“" Only in the
    phase it was turned up in: looting the room ends the chance."""
    t = mixer(custom=(STEED,))
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="t-ross"))
    t.do(0, A.LookForTrouble(card="t-ross"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 2
    u = mixer(custom=(STEED,))
    u.do(0, A.KickDoor(card="t-ross"))
    u.do(0, A.LootRoom())
    assert u.state.steed is None


def test_fahrzeuge_one_vehicle_big_but_not_counted_among_the_big_items() -> None:
    """001: "Jedes Ross ... gilt regeltechnisch als Fahrzeug ..., und man darf nur eines davon haben. Sie gelten
    als Große Gegenstände, sie zählen jedoch nicht zur Anzahl der maximal erlaubten Großen Gegenstände." A ship is
    no vehicle: "man darf also Ross/Fahrzeug und Schiff haben"."""
    t = mixer(custom=(STEED, PONY, SHIP))
    t.give(0, "t-ross", "t-pony", "kettensaege", "t-schiff")
    t.do(0, A.PlayCard(card="kettensaege"))  # one big item
    t.do(0, A.PlayCard(card="t-ross"))  # and a vehicle beside it
    t.rejects("mixer.vehicle.only-one", 0, A.PlayCard(card="t-pony"))
    t.rejects("munchkin.item.one-big", 0, A.PlayCard(card="t-schiff"))  # a ship is a big item, no vehicle
    t.state.players[0].races.append("zwerg")  # any number of big items: the ship beside the steed
    t.do(0, A.PlayCard(card="t-schiff"))
    assert [i.card for i in t.p(0).items] == ["kettensaege", "t-ross", "t-schiff"]


def test_schiffe_a_ships_run_away_modifier_overrides_every_other() -> None:
    """001: "Ein Weglaufen-Bonus oder -Malus eines Schiffes hat Vorrang vor allen anderen." An elf (+1) with the
    Stiefel des schnellen Weglaufens (+2) running from the Lahmer Goblin (+1) rolls +4; with a +1 ship, +1."""
    for ship, modifier in ((False, 4), (True, 1)):
        t = mixer(custom=(SHIP,))
        t.state.players[0].races.append("elf")
        t.equip(0, "stiefel-des-weglaufens", *(["t-schiff"] if ship else []))
        t.do(0, A.KickDoor(card="lahmer-goblin"))
        t.do(0, A.GiveUp())
        effects = t.do(0, A.RunAway(monster_index=0, die=1))
        assert [e["modifier"] for e in effects if e["type"] == "RunRolled"] == [modifier]
