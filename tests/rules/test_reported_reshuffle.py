"""000 SPIELVORBEREITUNGEN at a reported table: "Jeder Stapel bekommt im Laufe des Spiels seinen eigenen
offenen Ablagestapel. Ist ein Stapel leer, mische die abgelegten Karten neu."

The players shuffle; the judge learns of it when the table shows more copies of a card than the deck has,
and records ``DiscardsReshuffled`` (judge/rulesets/munchkin/reshuffle.py; docs/rules.md, decisions:
"A reported table's reshuffle"). So the discard piles stay within the deck however long the game.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import Command, Context, GameSetup, Rejected, SeatSetup, Viewer
from judge.rules.engine import canonical_json
from judge.rules.narration import render
from tests.bot import awaited, choose
from tests.rules.harness import A, Table

RESHUFFLED = "DiscardsReshuffled"
ORGANIZER = Viewer("organizer")


def _discard(t: Table, seat: int, *cards: str) -> list[dict[str, Any]]:
    """The table discards ``cards`` from ``seat``'s hand (a card text the engine does not model)."""
    return t.do(None, A.RecordAdjustment(reason="Kartentext", target_seat=seat, discard=cards))


def _types(effects: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in effects]


def test_spielvorbereitungen_a_kicked_card_whose_copies_are_all_discarded():
    """000 SPIELVORBEREITUNGEN: "Ist ein Stapel leer, mische die abgelegten Karten neu." The Elf (one copy)
    lies on the door discards; kicking it open shows the pile was shuffled: the discards up to the Elf
    leave the pile, the card discarded after it stays (it may have been discarded after the shuffle)."""
    t = Table()
    _discard(t, 0, "priester", "elf", "gewaltiger-kaefer")
    assert t.state.discards["door"] == ["priester", "elf", "gewaltiger-kaefer"]
    effects = t.do(0, A.KickDoor(card="elf"))
    assert _types(effects)[:2] == [RESHUFFLED, "DoorKicked"]
    assert effects[0] == {"type": RESHUFFLED, "deck": "door", "cards": ["priester", "elf"], "count": 2}
    assert t.state.discards["door"] == ["gewaltiger-kaefer"]
    assert "elf" in t.p(0).hand
    # Told to the table, in English and German.
    assert "door discards were shuffled into a new pile (2 cards)" in t.rules.describe(effects)
    told = {lang: render(t.rules.tell_effects(effects[:1], {})[0], lang, ["P0", "P1", "P2"]) for lang in ("en", "de")}
    assert "2" in told["en"] and "Ablage" in told["de"], told


def test_spielvorbereitungen_no_reshuffle_while_the_deck_has_a_copy_left():
    """000 SPIELVORBEREITUNGEN: a card not on the discard pile came from the draw pile: nothing is shuffled."""
    t = Table()
    _discard(t, 0, "priester")
    effects = t.do(0, A.KickDoor(card="elf"))
    assert RESHUFFLED not in _types(effects)
    assert t.state.discards["door"] == ["priester"]


def test_spielvorbereitungen_a_card_with_two_copies_reshuffles_at_the_third():
    """000 SPIELVORBEREITUNGEN with the catalogue's copies: two copies of a custom card on the treasure
    discards leave room for none; a third one discarded shows the shuffle, through the older copy only."""
    custom = ({"id": "hausgold", "name": "Hausgold", "deck": "treasure", "kind": "level_up", "copies": 2,
               "text": "Steige eine Stufe auf."},)
    t = Table(custom=custom)
    _discard(t, 0, "hausgold", "kettensaege")
    assert RESHUFFLED not in _types(_discard(t, 0, "hausgold"))
    effects = _discard(t, 0, "hausgold")
    assert _types(effects) == ["AdjustmentApplied", RESHUFFLED, "CardLeftHand", "CardDiscarded"]
    assert effects[1]["cards"] == ["hausgold"]
    assert t.state.discards["treasure"] == ["kettensaege", "hausgold", "hausgold"]


def test_spielvorbereitungen_a_privately_identified_card_shows_nothing_until_it_is_discarded():
    """A RevealCard is seen by its seat only: a reshuffle then would name the card to everyone. The copy
    counts when it is discarded in public (000 SPIELVORBEREITUNGEN)."""
    t = Table()
    _discard(t, 1, "elf")
    assert RESHUFFLED not in _types(t.do(0, A.RevealCard(card="elf")))
    effects = _discard(t, 0, "elf")
    assert _types(effects) == ["AdjustmentApplied", "CardLeftHand", RESHUFFLED, "CardDiscarded"]
    assert t.state.discards["door"] == ["elf"]


def test_spielvorbereitungen_a_dealt_table_shuffles_itself():
    """At a dealt table the judge draws and shuffles (PileShuffled): no reshuffle is inferred."""
    t = Table(seed=bytes(32))
    t.do(None, A.Deal())
    assert all(RESHUFFLED not in _types(effects) for effects in t.log)


def test_old_records_fold_as_recorded():
    """evolve is unchanged for recorded effects: a record from before, whose discard pile holds two copies
    of a one-copy card, folds to exactly that pile; the next decision that changes the pile trims it, with an
    effect."""
    t = Table()
    state = t.state
    for effect in ({"type": "CardDiscarded", "card": "elf", "deck": "door"},
                   {"type": "CardDiscarded", "card": "elf", "deck": "door"}):
        state = t.rules.evolve(state, effect)
    assert state.discards["door"] == ["elf", "elf"]
    t.state = state
    effects = _discard(t, 0, "priester")
    assert effects[-1] == {"type": RESHUFFLED, "deck": "door", "cards": ["elf"], "count": 1}
    assert t.state.discards["door"] == ["elf", "priester"]


# --------------------------------------------------------------------------- long reported playouts

RULESETS = ("munchkin", "star", "babys")
SEEN: Counter[str] = Counter()


def _play(name: str, n: int, play: int, steps: int) -> None:
    rules = rulesets.get(name)
    seats = tuple(SeatSetup(f"P{i}", {t.name: t.values[i % len(t.values)] for t in rules.seat_traits})
                  for i in range(n))
    setup = GameSetup(name, (), seats, {"interference_window_ms": 0}, "reported", ())
    rules.validate_setup(setup)
    rng = random.Random(play)
    initial = state = rules.initial_state(setup)
    cards = rules.cards_of(state)
    log: list[dict[str, Any]] = []
    now = 1_000_000
    for _ in range(steps):
        for leader, player in enumerate(state.players):
            if player.level >= 8:
                # The organizer sets a leader back (a recorded adjustment), so the game goes on and the piles
                # see as many discards as a long evening's.
                back = A.RecordAdjustment(reason="Kartentext", target_seat=leader, set_level=1)
                for e in rules.decide(state, Command(None, back), Context(now)):
                    state = rules.evolve(state, e)
                    log.append(e)
        now += rng.choice([0, 3000])
        ctx = Context(now)
        waiting = awaited(rules.view(state, ORGANIZER)) or [state.active]
        seat = rng.randrange(n) if rng.random() < 0.1 else rng.choice(waiting)
        legal = rules.legal_actions(state, seat, ctx)
        if not legal:
            continue
        try:
            effects = rules.decide(state, Command(seat, choose(rng, legal, seat, cards)), ctx)
        except Rejected:
            continue
        for e in effects:
            state = rules.evolve(state, e)
        log.extend(effects)
        SEEN.update(e["type"] for e in effects)
        for deck, pile in state.discards.items():
            over = {cid: k for cid, k in Counter(pile).items() if cid in cards and k > cards[cid].copies}
            assert not over, (deck, over)
    assert not state.finished
    rebuilt = initial
    for e in log:
        rebuilt = rules.evolve(rebuilt, e)
    assert canonical_json(rules.to_dict(rebuilt)) == canonical_json(rules.to_dict(state))


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESETS)
def test_spielvorbereitungen_long_reported_playouts_keep_the_discards_within_the_deck(name: str) -> None:
    """000 SPIELVORBEREITUNGEN: over random long reported games (players naming every card they draw), no
    discard pile ever holds more copies of a card than the deck has; the reshuffles are recorded effects,
    so the record folds to the same state."""

    @settings(max_examples=3, derandomize=True, deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate), suppress_health_check=[HealthCheck.too_slow])
    @given(n=st.integers(3, 4), play=st.integers(0, 2**32))
    def playout(n: int, play: int) -> None:
        _play(name, n, play, 500)

    playout()


def test_the_long_playouts_reshuffled():
    """The property above is exercised: a long reported playout reaches reshuffles."""
    if not SEEN[RESHUFFLED]:
        _play("munchkin", 3, 1, 300)
    assert SEEN[RESHUFFLED] > 0, dict(SEEN)


def test_kopfgeldjaeger_neuer_auftrag_after_the_discarded_hand_shows_a_reshuffle() -> None:
    """004 Kopfgeldjäger, "Neuer Auftrag" ("Wenn eine Monsterkarte oben auf dem Ablagestapel liegt ..."),
    with 000 SPIELVORBEREITUNGEN: the hand discarded for the contract holds the Gehirn im Glas, whose only
    copy the door discards hold beneath the monster; so the pile was shuffled, the bottom card left it, and
    the monster on top is still the one taken."""
    t = Table(ruleset="star", window_ms=0)
    t.state.players[0].classes.append("kopfgeldjaeger")
    t.state.discards["door"] = ["gehirn-im-glas", "har-har"]
    t.give(0, "gehirn-im-glas", "laser")
    effects = t.do(0, A.UseAbility(ability="new-contract"))
    assert _types(effects)[-3:] == [RESHUFFLED, "HandDiscarded", "ContractTaken"]
    assert t.p(0).hand == ["har-har"]
    assert t.state.discards["door"] == ["gehirn-im-glas"]


def test_kopfgeldjaeger_neuer_auftrag_a_monster_shown_shuffled_is_no_longer_on_top() -> None:
    """004 Kopfgeldjäger, "Neuer Auftrag", with 000 SPIELVORBEREITUNGEN: the hand holds the very monster
    that lies on the discards (one copy): it went into the new pile, so no monster lies on top."""
    t = Table(ruleset="star", window_ms=0)
    t.state.players[0].classes.append("kopfgeldjaeger")
    t.state.discards["door"] = ["gehirn-im-glas", "har-har"]
    t.give(0, "har-har")
    t.rejects("star.contract.no-monster-on-top", 0, A.UseAbility(ability="new-contract"))
