"""monkic at a dealt table: the judge deals from the committed seed and
rolls the dice; a game driven by legal_actions alone ends at 0 life points
and replays exactly (002 Vorbereitung, Angriff und Verteidigung)."""

from __future__ import annotations

import hashlib
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.rules import ORGANIZER, chance
from judge.rules.engine import Action, canonical_json
from tests.rules.monkic.harness import A, Table

SEED = hashlib.sha256(b"monkic").digest()


def pick(actions: list[Action], turn: int) -> Action:
    """A plain strategy: answer, attack, take monsters to the hand, draw, end."""
    order = (A.Resolve, A.Attack, A.TakeToHand, A.Protect, A.PlayCurse, A.Draw, A.ActivateTrap, A.EndTurn)
    for kind in order:
        found = [a for a in actions if isinstance(a, kind)]
        if kind is A.Protect and turn % 3:
            continue
        if kind is A.PlayCurse and turn % 2:
            continue
        if found:
            return found[turn % len(found)]
    return actions[0]


def play(seed: bytes, variants: tuple[str, ...] = (), life: int = 20, limit: int = 3000) -> Table:
    t = Table(variants=variants, options={"life_points": life}, seed=seed)
    t.do(None, A.Deal())
    steps = 0
    while t.state.phase != "over" and steps < limit:
        seat = t.state.pending[0]["seat"] if t.state.pending else t.state.active
        legal = t.legal(seat)
        assert legal, f"seat {seat} has nothing to do"
        t.do(seat, pick(legal, t.state.turn + steps))
        steps += 1
    return t


def test_the_opening_deal_comes_from_the_seed():
    t = Table(seed=SEED)
    t.do(None, A.Deal())
    order = chance.shuffled(SEED, "stack", t.state.stack)
    assert t.table(0) == order[:7] and t.table(1) == order[7:14]
    assert t.state.turn == 1 and t.state.phase == "play"
    t.malformed("draw.card", 0, A.Draw(card="drache"))
    t.do(0, A.Draw())
    assert t.table(0)[-1] == order[14]


def test_a_dealt_game_played_by_legal_actions_ends_at_zero_life_points_and_replays():
    t = play(SEED, ("extra", "graveyard-fights"))
    assert t.state.phase == "over" and t.state.winner is not None
    loser = 1 - t.state.winner
    assert t.life(loser) <= 0 or any(e["type"] == "CursePlayed" and e["curse"] == "attack"
                                     for effects in t.log for e in effects)
    assert canonical_json(t.replayed().to_dict()) == canonical_json(t.state.to_dict())
    assert t.state.seed_revealed == SEED.hex()
    # Every die in the record is the seed's.
    for effects in t.log:
        for e in effects:
            if e["type"] == "DieCast":
                assert chance.die(SEED, e["number"]) == e["value"]


def _check_invariants(t: Table) -> None:
    s = t.state
    places = [u for p in s.seats for zone in (p.hand, p.table, p.graveyard) for u in zone] + list(s.guards.values())
    assert len(places) == len(set(places)), "a card is in two places"
    assert set(places) <= set(s.cards)
    assert all(card in s.seats[s.zone_of(card)[0]].hand for card in s.guards), "protection is under hand cards"
    view = t.rules.view(s, ORGANIZER)
    assert json.loads(json.dumps(view)) == view


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=32, max_size=32), st.sampled_from([(), ("simple",), ("extra", "graveyard-fights")]),
       st.randoms(use_true_random=False))
def test_random_playouts_accept_every_legal_action_and_replay(seed: bytes, variants: tuple[str, ...],
                                                               rnd: random.Random):
    """Any seed and variant: every listed action is accepted, invariants hold, the game ends, it replays;
    the cards of the sets (002 Vorbereitung: "davon sollten 2-10 Sätze benutzt werden") are all there
    after every step, none created and none lost, an XXL card exchanged included."""
    t = Table(variants=variants, options={"life_points": 10}, seed=seed)
    deck = t.state.census(seed)
    assert len(deck) == len(t.state.stack) + len(t.state.xxl)
    t.do(None, A.Deal())
    for _ in range(1500):
        if t.state.phase == "over":
            break
        seat = t.state.pending[0]["seat"] if t.state.pending else t.state.active
        legal = t.legal(seat)
        assert legal and t.legal(1 - seat) == []
        playing = [a for a in legal if a.kind != "end_turn"]
        t.do(seat, rnd.choice(playing) if playing and rnd.random() < 0.8 else rnd.choice(legal))
        _check_invariants(t)
        assert t.state.census(seed) == deck
    assert t.state.phase == "over"
    assert t.replayed().to_dict() == t.state.to_dict()


def test_dealt_the_judge_rolls_the_fight_the_vampirs_draw_and_the_last_trick():
    """002 Karten (Vampir) and SuperPower at a dealt table: only the choice of place waits."""
    from tests.rules.monkic.harness import values

    t = Table(seed=SEED, custom=values(vampir=(50, 5), golem=(50, 4)))
    t.at_round(2)
    vampir, golem = t.put(0, "hand", "vampir"), t.put(0, "hand", "golem")
    joker, sp = t.put(1, "hand", "joker"), t.put(1, "hand", "superpower")
    t.malformed("attack.dice", 0, A.Attack(card=vampir, targets=(joker,), dice=(6,)))
    e = t.do(0, A.Attack(card=vampir, targets=(joker,)))
    cast = [x["value"] for x in e if x["type"] == "DieCast"]
    assert cast == [chance.die(SEED, 0), chance.die(SEED, 1)]
    assert t.state.pending[0]["kind"] == "vampir" and t.legal(0) == [A.Resolve(place="hand"),
                                                                     A.Resolve(place="table")]
    t.do(0, A.Resolve(place="table"))
    assert t.table(0) == [chance.shuffled(SEED, "stack", t.state.stack)[0]]
    before = t.life(1)
    e = t.do(0, A.Attack(card=golem, targets=(sp,)))
    trick = [x for x in e if x["type"] == "DieCast"][-1]["value"]
    assert t.state.pending == [] and t.life(1) == before + 2 * trick


def test_dealt_an_empty_stack_gives_no_card():
    """002 Spielfeld: "Vom Karten Stapel werden Karten gezogen." """
    t = Table(seed=SEED)
    t.do(None, A.Deal())
    t.state.stack_taken = list(range(len(t.state.stack)))
    t.rejects("monkic.draw.stack-empty", 0, A.Draw())
    assert A.Draw() not in t.legal(0)
