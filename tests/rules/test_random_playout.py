"""Random playouts of the Munchkin ruleset (the generic guard every ruleset gets):

* every action listed as legal is accepted by ``decide``;
* folding the recorded effects from the initial state rebuilds the served state exactly;
* evolve never mutates its input, and invariants hold after every step;
* no seat's view ever contains a card identity hidden from it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.rules import Command, Context, GameSetup, Rejected, SeatSetup, Viewer, chance
from judge.rules.engine import canonical_json
from judge.rulesets.munchkin import actions as A

RULES = rulesets.get("munchkin")


def _setup(n: int, window: int, seed: bytes | None) -> GameSetup:
    seats = tuple(SeatSetup(f"P{i}", {"sex": "male" if i % 2 else "female"}) for i in range(n))
    options: dict = {"interference_window_ms": window}
    if seed is not None:
        options["seed_sha256"] = chance.commitment(seed)
    return GameSetup("munchkin", (), seats, options, "dealt" if seed else "reported")


def _check_invariants(state) -> None:
    for p in state.players:
        assert 1 <= p.level <= 10
        assert p.unknown >= 0 and p.hand_size == len(p.hand) + p.unknown
        assert len(p.races) <= 2 and len(p.classes) <= 2
    if state.finished:
        assert state.winners and all(state.players[w].level == 10 for w in state.winners)
    else:
        assert all(p.level < 10 for p in state.players)


def _cards_on_the_table(state, seed: bytes) -> list[str]:
    """Every card a dealt game knows about, wherever it is."""
    cards = RULES.cards_of(state)
    out: list[str] = []
    for deck, pile in state.piles.items():
        out += chance.shuffled(seed, f"{deck}:{pile['shuffles']}", pile["base"])[pile["taken"]:]
    for deck in ("door", "treasure"):
        out += state.discards[deck]
    for p in state.players:
        out += p.hand + p.races + p.classes + p.table + [i.card for i in p.items]
    c = state.combat
    if c is not None:
        # A Kumpel copies a monster card (it is no card of its own); "spent:<card>" marks a
        # one-shot already on the discard pile.
        out += [m.card for m in c.monsters if m.mate_of is None]
        out += [x for m in c.monsters for x in m.mods if x in cards]
        out += [m["card"] for m in c.player_mods if m["card"] in cards] + list(c.drawn)
    if state.corpse is not None:
        out += state.corpse["cards"]
    for pile in state.corpse_piles.values():
        out += pile["cards"]
    if state.pending_curse is not None:  # a curse from the door awaiting its victim's answer
        out.append(state.pending_curse["card"])
    for choice in [state.choice, *state.choices_waiting]:
        if choice is not None and choice.reason == "curse":  # a curse waiting for its victim's choice
            out.append(choice.source)
    return out


def _check_conservation(state, seed: bytes | None) -> None:
    """At a dealt table no card is ever created or lost (000: two decks, two discard piles)."""
    if seed is None or not state.dealt_out:
        return
    cards = RULES.cards_of(state)
    full = sorted(cid for cid, c in cards.items() for _ in range(c.copies))
    assert sorted(_cards_on_the_table(state, seed)) == full


def _check_views(state) -> None:
    for seat in range(len(state.players)):
        view = RULES.view(state, Viewer("seat", seat))
        for other in view["seats"]:
            if other["seat"] != seat:
                assert other["hand"] == [] and other["hand_unknown"] == other["hand_size"]


@settings(max_examples=30)
@given(n=st.integers(3, 6), window=st.sampled_from([0, 2600]),
       seed=st.one_of(st.none(), st.binary(min_size=32, max_size=32)), data=st.data())
def test_random_playout(n, window, seed, data):
    """Reported and dealt tables alike (a dealt table judged with its seed)."""
    setup = _setup(n, window, seed)
    initial = RULES.initial_state(setup)
    state = initial
    effects_log: list[dict] = []
    now = 1_000_000
    for _ in range(data.draw(st.integers(5, 60), label="steps")):
        if state.finished:
            break
        now += data.draw(st.sampled_from([0, 1, 3000]), label="clock")
        seat = data.draw(st.sampled_from([state.active, *range(n)]), label="seat")
        ctx = Context(now, secret_seed=seed)
        legal = RULES.legal_actions(state, seat, ctx)
        # Adjustments are free text and never listed; propose one now and then.
        adjust = A.RecordAdjustment(reason="Kartentext", target_seat=seat, set_level=2)
        if data.draw(st.integers(0, 9), label="adjust?") == 0:
            try:
                RULES.decide(state, Command(seat, adjust), ctx)
                legal = [adjust]
            except Rejected:
                pass
        if not legal:
            continue
        action = data.draw(st.sampled_from(legal), label="action")
        before = canonical_json(RULES.to_dict(state))
        effects = RULES.decide(state, Command(seat, action), ctx)
        for e in effects:
            new = RULES.evolve(state, e)
            assert canonical_json(RULES.to_dict(state)) == before, "evolve mutated its input"
            state = new
            before = canonical_json(RULES.to_dict(state))
        effects_log.extend(effects)
        _check_invariants(state)
        _check_conservation(state, seed)
    rebuilt = initial
    for e in effects_log:
        rebuilt = RULES.evolve(rebuilt, e)
    assert canonical_json(RULES.to_dict(rebuilt)) == canonical_json(RULES.to_dict(state))
    assert RULES.from_dict(RULES.to_dict(state)).to_dict() == state.to_dict()
    _check_views(state)
