"""Munchkin im Mixer (001 "MUNCHKIN IM MIXER", and the combining sections of 000, 003 and 004,
"KOMBINIERE DIESES SPIEL MIT ANDEREN MUNCHKIN-SPIELEN!"): a game of combined sets on the core. Each test
names the bullet or section it checks; the Mixer's refusals carry ``mixer.*`` rulings."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from judge import rulesets
from judge.cards import CardError
from judge.errors import InvalidArgument
from judge.rules import GameSetup, SeatSetup
from judge.rules.ruling import RULES, SEED_001
from judge.rulesets.mixer import catalogue as mixer_cards
from judge.rulesets.mixer.ruleset import LayerClash, MixerState, _merged, mixed_class
from judge.rulesets.mixer.setup import parse_sets
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.dispatch import extended
from judge.rulesets.munchkin.state import Item
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


def test_munchkin_babys_without_star_holds_no_star_rule() -> None:
    """A combination without Star has none of its rules: a second complex item is no refusal there (the cards
    are not even in the game)."""
    t = mixer(sets="munchkin,babys")
    assert "cyberdeck" not in t.rules.cards_of(t.state)
    t.rejects("munchkin.card.not-in-game", 0, A.PlayCard(card="cyberdeck"))
    t.state.players[0].items.append(Item("flammende-ruestung"))
