"""Random playouts of every registered ruleset, with each combination of its
variants (the generic guard every ruleset gets; a new ruleset is picked up from
the registry without an edit here):

* every action listed as legal is accepted by ``decide``;
* a game that is not over always has a way on: every seat it waits for has a legal action;
* evolve never mutates its input, and invariants hold after every step;
* after every step no seat's or spectator's view, and no effect as redacted
  for them, holds a card identity hidden from that viewer;
* folding the recorded effects from the initial state rebuilds the state exactly;
* a dealt table creates or loses no card (a ruleset's ``census``, or Munchkin's decks).

Each game is set up from what its ruleset declares (seats, seat traits, options,
modes) and starts, like a served game, with the command the judge submits
itself after creation (a dealt table's deal).

The player is a strategy, not a coin: it mostly acts for the seat the game is
waiting for (read from the view's ``waiting_for``) and prefers the kinds of
action that move a game forward (tests/bot.py), so playouts reach the late game. Counters
over every combination of a ruleset's variants assert that it got there: for
Munchkin, deaths, looting, run-away rolls, charity and wins each happened; for
any ruleset, that games ended, with each variant among them. Examples are
derandomized (the same games on every run).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from judge import rulesets
from judge.common.errors import InvalidArgument
from judge.rules import Command, Context, GameSetup, Rejected, SeatSetup, Viewer, chance
from judge.rules.engine import SPECTATOR, Ruleset, canonical_json
from tests.bot import awaited, choose

pytestmark = pytest.mark.slow

EXAMPLES = 24
"""Games per ruleset, shared among the combinations of its variants (at least MIN_EXAMPLES each). Every
combination of every ruleset is played in every run, and the milestones are asserted over all of them."""
# Munchkin's milestones are rare: only the Plutoniumdrache kills (level 6 and up). With four variants each
# set of the family has 16 combinations; the Epic kick's games are long (two doors, more curses). Two games
# per combination are too few: no Munchkin game of the 32 dies or loots, and a Star variant finishes no game.
MORE_EXAMPLES = {"munchkin": 48, "star": 48}
MIN_EXAMPLES = 3
MAX_STEPS = 1000
COMBINATION_GAMES = 1
"""Games per combination of options and variants in ``test_random_playout_of_every_combination``."""
PRESETS_PER_COMBINATION = 2
"""How many of a ruleset's sets of options play each combination of its variants there: the sets take
turns, so each set plays every PRESETS_PER_COMBINATION-th combination of a fixed order, and every
combination is played under that many sets."""

# Milestones a ruleset's playouts must reach, as effect types; every ruleset must also finish games.
MILESTONES: dict[str, dict[str, tuple[str, ...]]] = {
    "munchkin": {
        "death": ("PlayerDied",),
        "looting": ("CorpseLooted",),
        "run-away roll": ("RunRolled",),
        "charity": ("CharityGiven",),
        "win": ("GameWon",),
    },
    # Star (004): the Kopfgeldjäger's new contract, besides the base game's milestones.
    "star": {
        "new contract": ("ContractTaken",),
        "run-away roll": ("RunRolled",),
        "win": ("GameWon",),
    },
}

ORGANIZER = Viewer("organizer")

# What test_random_playout saw, per ruleset, over the combinations of variants played in this run
# (test_the_playouts_of_every_combination_reached_the_late_game asserts on it).
OVER_COMBINATIONS: defaultdict[str, Counter[str]] = defaultdict(Counter)
PLAYED: defaultdict[str, set[tuple[str, ...]]] = defaultdict(set)
FINISHED_WITH: defaultdict[str, Counter[str]] = defaultdict(Counter)


def _combinations() -> list[tuple[str, tuple[str, ...], str]]:
    """Every ruleset with each combination of its variants (a ruleset that declares ``playout_options``, the
    Mixer, is played by ``test_random_playout_of_every_combination``)."""
    out: list[tuple[str, tuple[str, ...], str]] = []
    for name in rulesets.names():
        rules = rulesets.get(name)
        if getattr(rules, "playout_options", ()):
            continue
        variants = tuple(getattr(rules, "variants", ()))
        for k in range(len(variants) + 1):
            out += [(name, combo, "") for combo in itertools.combinations(variants, k)]
    return out


def _variant_combinations(rules: Any) -> list[tuple[str, ...]]:
    variants = tuple(getattr(rules, "variants", ()))
    return [combo for k in range(len(variants) + 1) for combo in itertools.combinations(variants, k)]


def _presets() -> list[tuple[str, str]]:
    """Each ruleset declaring ``playout_options`` (the Mixer: its combinations of sets) with its defaults
    ("") and each declared set of option values."""
    return [(name, preset) for name in rulesets.names()
            for preset in ("", *(";".join(f"{k}={v}" for k, v in sorted(options.items()))
                                  for options in getattr(rulesets.get(name), "playout_options", ())))
            if getattr(rulesets.get(name), "playout_options", ())]


def _group_cards(name: str) -> tuple[dict[str, Any], ...]:
    """The cards' values a group supplies where the rule text prints none (monkic: 002 gives no attack
    and shield points; the values of its rules tests)."""
    if name == "monkic":
        from tests.rules.monkic.harness import values

        return tuple(values())
    return ()


def _setup(rules: Any, name: str, variants: tuple[str, ...], n: int, window: int, seed: bytes | None,
           preset: str = "") -> GameSetup:
    """A game as the ruleset declares it: traits spread over the seats, the interference window if it
    has one, a dealt table if it deals, the group's card values if it needs them."""
    seats = tuple(SeatSetup(f"P{i}", {t.name: t.values[i % len(t.values)] for t in rules.seat_traits})
                  for i in range(n))
    options: dict[str, Any] = dict(pair.split("=", 1) for pair in preset.split(";") if pair)
    if any(o.name == "interference_window_ms" for o in rules.options):
        options["interference_window_ms"] = window
    if seed is not None:
        options["seed_sha256"] = chance.commitment(seed)
    return GameSetup(name, variants, seats, options, "dealt" if seed is not None else "reported",
                     _group_cards(name))


def check_invariants(state: Any) -> None:
    players = getattr(state, "players", [])
    for p in players:
        if hasattr(p, "level"):
            assert 1 <= p.level <= 10
        if hasattr(p, "unknown"):
            assert p.unknown >= 0 and p.hand_size == len(p.hand) + p.unknown
        if hasattr(p, "races"):
            assert len(p.races) <= 2 and len(p.classes) <= 2
    if hasattr(state, "winners") and players and hasattr(players[0], "level"):
        at_ten = {i for i, p in enumerate(players) if p.level == 10}
        if state.finished:
            # Everyone at 10 wins; a shared victory adds the helper at any level.
            assert at_ten and at_ten <= set(state.winners), (at_ten, state.winners)
        else:
            assert not at_ten


def _cards_on_the_table(rules: Any, state: Any, seed: bytes) -> list[str]:
    """Every card a dealt Munchkin game knows about, wherever it is."""
    cards = rules.cards_of(state)
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
        # one-shot already on the discard pile. A room's own monster is the room card lying in play (004).
        out += [m.card for m in c.monsters if m.mate_of is None and cards[m.card].kind != "room"]
        out += [x for m in c.monsters for x in m.mods if x in cards]
        out += [m["card"] for m in c.player_mods if m["card"] in cards] + list(c.drawn)
    if state.corpse is not None:
        out += state.corpse["cards"]
    for pile in state.corpse_piles.values():
        out += pile["cards"]
    if state.pending_curse is not None:  # a curse from the door awaiting its victim's answer
        out.append(state.pending_curse["card"])
    if state.epic_kick is not None:  # the Epic kick's cards not yet resolved
        out += state.epic_kick["cards"]
    out += [x["card"] for x in getattr(state, "on_followers", [])]  # the Mixer: items on followers, mooks' enhancers
    for choice in [state.choice, *state.choices_waiting]:
        if choice is not None and choice.reason == "curse":  # a curse waiting for its victim's choice
            out.append(choice.source)
    return out


def check_conservation(rules: Any, state: Any, seed: bytes | None, start: list[str] | None) -> int:
    """At a dealt table no card is ever created or lost. A ruleset that counts its cards
    (``census(state, seed)``: every card wherever it is, sorted) counts the same cards after
    every step as at creation (``start``), at a reported table too; Munchkin's dealt decks are
    counted here against its catalogue (000: two decks, two discard piles). Returns 1 if checked."""
    if start is not None:
        assert rules.census(state, seed) == start
        return 1
    if seed is None or not hasattr(rules, "cards_of") or not getattr(state, "dealt_out", False):
        return 0
    cards = rules.cards_of(state)
    full = sorted(cid for cid, c in cards.items() for _ in range(c.copies))
    assert sorted(_cards_on_the_table(rules, state, seed)) == full
    return 1


def check_hidden(rules: Ruleset, state: Any, effects: list[dict[str, Any]], seats: int) -> int:
    """No seat sees another's hand and a spectator sees none, in the view or in the step's effects
    as redacted for it (a ruleset that hides hands shows their size as ``hand_size``). Returns how
    many hidden hands were checked."""
    checked = 0
    for viewer in [*(Viewer("seat", seat) for seat in range(seats)), SPECTATOR]:
        for other in rules.view(state, viewer).get("seats", []):
            if other["seat"] != viewer.seat and "hand_size" in other:
                assert other["hand"] == [] and other["hand_unknown"] == other["hand_size"], (viewer, other)
                checked += 1
        for effect in effects:
            if effect.get("hidden") and effect.get("seat") != viewer.seat:
                assert not rules.redact(effect, viewer).get("cards"), (viewer, effect)
    return checked


def check_way_on(rules: Any, state: Any, ctx: Context, seat: int, legal: list[Any], named: list[int]) -> int:
    """A game that is not over always has a way on: every seat it waits for (its view's ``waiting_for``) has
    some legal action; where it names no seat, it waits for a deadline (the interference window) or the
    player whose turn it is has a legal action. Returns how many seats were checked."""
    for awaited_seat in named:
        listed = legal if awaited_seat == seat else rules.legal_actions(state, awaited_seat, ctx)
        assert listed, (f"seat {awaited_seat} is awaited but has no legal action: "
                        f"{rules.view(state, ORGANIZER).get('waiting_for')}")
    if not named and rules.pending_deadline_ms(state) is None:
        active = getattr(state, "active", 0)
        assert (legal if active == seat else rules.legal_actions(state, active, ctx)), (
            f"no seat is named, no deadline pends, and seat {active}, whose turn it is, has no legal action: "
            f"{rules.view(state, ORGANIZER).get('waiting_for')}")
        return 1
    return len(named)


def _id(value: object) -> str:
    return "+".join(value) or "no-variants" if isinstance(value, tuple) else str(value) or "defaults"


def play_one(rules: Any, name: str, variants: tuple[str, ...], preset: str, n: int, window: int, dealt: bool,
             seed: bytes, play: int, seen: Counter[str]) -> None:
    """One game to its end or MAX_STEPS, checked at every step; what happened is counted in ``seen``."""
    # The moves come from a generator seeded by Hypothesis: games of hundreds of steps stay
    # within Hypothesis' data limits and replay exactly from the example.
    rng = random.Random(play)
    setup = _setup(rules, name, variants, n, window, seed if dealt else None, preset)
    rules.validate_setup(setup)  # InvalidArgument: a table the ruleset does not allow
    secret = seed if dealt else None
    initial = rules.initial_state(setup)
    state = initial
    cards = rules.cards_of(state) if hasattr(rules, "cards_of") else None
    census = rules.census(initial, secret) if hasattr(rules, "census") else None
    log: list[dict[str, Any]] = []
    now = 1_000_000
    opening = rules.opening_command(state)
    if opening is not None:  # the judge's own first command, as a served game gets it
        log.extend(rules.decide(state, opening, Context(now, secret_seed=secret)))
        for e in log:
            state = rules.evolve(state, e)
    for _ in range(MAX_STEPS):
        table = rules.view(state, ORGANIZER)
        if table.get("status") == "GAME_STATUS_FINISHED":
            seen["finished"] += 1
            break
        now += rng.choice([0, 0, 3000])
        ctx = Context(now, secret_seed=secret)
        named = awaited(table)
        waiting = named or [getattr(state, "active", 0)]
        seat = rng.randrange(n) if rng.random() < 0.1 else rng.choice(waiting)
        legal = rules.legal_actions(state, seat, ctx)
        seen["awaited seats checked"] += check_way_on(rules, state, ctx, seat, legal, named)
        if name == "munchkin" and rng.random() < 0.02:
            # Adjustments are free text and never listed: propose one now and then.
            from judge.rulesets.munchkin import actions as A

            adjust = A.RecordAdjustment(reason="Kartentext", target_seat=seat)
            try:
                rules.decide(state, Command(seat, adjust), ctx)
                legal = [adjust]
            except Rejected:
                pass
        if not legal:
            continue
        action = choose(rng, legal, seat, cards)
        before, previous = canonical_json(rules.to_dict(state)), state
        effects = rules.decide(state, Command(seat, action), ctx)
        for e in effects:
            state = rules.evolve(state, e)
        assert canonical_json(rules.to_dict(previous)) == before, "decide or evolve mutated its input"
        log.extend(effects)
        seen.update(e["type"] for e in effects)
        check_invariants(state)
        seen["dealt" if secret else "reported"] += 1
        seen["card counts checked"] += check_conservation(rules, state, secret, census)
        seen["hidden hands checked"] += check_hidden(rules, state, effects, n)
        seen["hidden cards checked"] += sum(len(e.get("cards", ())) for e in effects if e.get("hidden"))
    rebuilt = initial
    for e in log:
        rebuilt = rules.evolve(rebuilt, e)
    assert canonical_json(rules.to_dict(rebuilt)) == canonical_json(rules.to_dict(state))
    assert canonical_json(rules.to_dict(rules.from_dict(rules.to_dict(state)))) == \
        canonical_json(rules.to_dict(state))


def test_every_registered_ruleset_is_played() -> None:
    """No ruleset is left out: each is played by one of the two playout tests below."""
    assert {c[0] for c in _combinations()} | {p[0] for p in _presets()} == set(rulesets.names())


@pytest.mark.parametrize(("name", "variants", "preset"), _combinations(), ids=_id)
def test_random_playout(name: str, variants: tuple[str, ...], preset: str) -> None:
    """Reported and dealt tables alike (a dealt table judged with its seed), to the late game."""
    rules = rulesets.get(name)
    seen: Counter[str] = Counter()
    examples = max(MIN_EXAMPLES, MORE_EXAMPLES.get(name, EXAMPLES) // sum(1 for c in _combinations() if c[0] == name))

    # No shrinking: a game of hundreds of steps shrinks slowly, and the failing example is printed.
    @settings(max_examples=examples, derandomize=True, deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much, HealthCheck.large_base_example])
    @given(n=st.integers(rules.min_seats, min(rules.max_seats, 5)), window=st.sampled_from([0, 2600]),
           dealt=st.sampled_from(["dealt" in rules.modes, "dealt" in rules.modes, "reported" not in rules.modes]),
           seed=st.binary(min_size=32, max_size=32), play=st.integers(0, 2**32))
    def playout(n: int, window: int, dealt: bool, seed: bytes, play: int) -> None:
        try:
            play_one(rules, name, variants, preset, n, window, dealt, seed, play, seen)
        except InvalidArgument:
            assume(False)

    playout()
    print(f"{name} {variants}: {seen['finished']} of {examples} games finished")
    OVER_COMBINATIONS[name].update(seen)
    PLAYED[name].add(variants)
    for variant in variants:
        FINISHED_WITH[name][variant] += seen["finished"]


@pytest.mark.parametrize("name", sorted({c[0] for c in _combinations()}))
def test_the_playouts_of_every_combination_reached_the_late_game(name: str, request: pytest.FixtureRequest) -> None:
    """Counted over every combination of the ruleset's variants played above (so a milestone a few games
    may miss is asserted over all of them): games ended, games with each variant among them, and the
    ruleset's milestones were reached. Skipped only when the run selected some of the combinations; when it
    selected them all, each must have been played here (one that failed, or ran elsewhere, fails this too)."""
    rules = rulesets.get(name)
    every = {c[1] for c in _combinations() if c[0] == name}
    selected = {item.callspec.params["variants"] for item in request.session.items
                if isinstance(item, pytest.Function) and item.parent is request.node.parent
                and item.originalname == "test_random_playout" and item.callspec.params["name"] == name}
    if selected != every:
        pytest.skip("not every combination of variants was selected in this run (a selection)")
    assert PLAYED[name] == every, f"{name}: combinations not played to the end here: {sorted(every - PLAYED[name])}"
    _assert_reached(rules, name, OVER_COMBINATIONS[name], label="over every combination")
    for variant in getattr(rules, "variants", ()):
        assert FINISHED_WITH[name][variant] > 0, f"no {name} game with the variant {variant} ended"


def _assert_reached(rules: Any, name: str, seen: Counter[str], *, label: str) -> None:
    assert seen["finished"] > 0, f"no {name} playout ended: {dict(seen)}"
    if "dealt" in rules.modes:  # dealt tables were played, and their cards counted
        assert seen["dealt"] > 0 and seen["card counts checked"] > 0, dict(seen)
    if name == "munchkin":  # hands are hidden and dealt tables deal face down: the checks had cards to check
        assert seen["hidden hands checked"] > 0 and seen["hidden cards checked"] > 0, dict(seen)
    reached = {milestone: sum(seen[t] for t in types) for milestone, types in MILESTONES.get(name, {}).items()}
    print(f"{name} {label}: finished {seen['finished']}, {reached}")
    for milestone, count in reached.items():
        assert count > 0, f"no {milestone} in the {name} playouts: {dict(seen)}"


@pytest.mark.parametrize(("name", "preset"), _presets(), ids=lambda v: str(v) or "defaults")
def test_random_playout_of_every_combination(name: str, preset: str) -> None:
    """A ruleset whose options choose what is played (the Mixer's sets): every combination of its variants
    under PRESETS_PER_COMBINATION of its sets of options, each set with its share of the combinations,
    COMBINATION_GAMES games each, on tables drawn from a fixed generator (the same games on every run); the
    same checks as ``test_random_playout``, counted over them all."""
    rules = rulesets.get(name)
    seen: Counter[str] = Counter()
    rng = random.Random(f"{name};{preset}")
    turn = [p for n, p in _presets() if n == name].index(preset) % PRESETS_PER_COMBINATION
    mine = _variant_combinations(rules)[turn::PRESETS_PER_COMBINATION]
    for variants in mine:
        for _ in range(COMBINATION_GAMES):
            window, seed, play = rng.choice([0, 2600]), rng.randbytes(32), rng.getrandbits(32)
            dealt = "dealt" in rules.modes and ("reported" not in rules.modes or rng.random() < 0.67)
            seats = list(range(rules.min_seats, min(rules.max_seats, 5) + 1))
            rng.shuffle(seats)
            for n in seats:  # the first table size the variants allow (two players: four characters)
                try:
                    play_one(rules, name, variants, preset, n, window, dealt, seed, play, seen)
                    break
                except InvalidArgument:
                    continue
            else:
                pytest.fail(f"{name} {preset} {variants}: no table size is allowed")
            seen["combinations"] += 1
    assert seen["combinations"] == len(mine) * COMBINATION_GAMES
    _assert_reached(rules, name, seen, label=preset or "defaults")
