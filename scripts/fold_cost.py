"""Per-command decide+fold cost and state size early and late in a Munchkin game.

Plays a reported and a dealt table with the test bot for ``--early`` commands,
then measures the next commands' decide plus evolve_all, with the discard piles
as they are (early) and padded to the size they reach in a game of ~4,000 events
(late: ``--pad`` card names per deck, the same cards again). ``--deep`` copies
the whole state for every fold, as folding did before the piles were shared.
Run from the project root: ``python -m scripts.fold_cost``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from judge import rulesets
from judge.rules import Command, Context, Rejected, chance
from judge.rules.engine import canonical_json
from judge.rulesets.munchkin import state as state_module
from tests.bot import awaited, choose
from tests.rules.test_random_playout import ORGANIZER, _setup


MAX_MISSES = 200
"""Draws in a row of a seat with nothing to do before the run stops (rather than loop forever)."""


def _commands(rules: Any, state: Any, rng: random.Random, secret: bytes | None, count: int,
              measure: bool) -> tuple[Any, list[float]]:
    now, times = 1_000_000, []
    done = misses = 0
    while done < count:
        table = rules.view(state, ORGANIZER)
        if table.get("status") == "GAME_STATUS_FINISHED":
            break
        if misses > MAX_MISSES:
            raise SystemExit(f"no seat the game waits for can act ({table.get('waiting_for')!r}): stopped "
                             f"after {done} commands")
        ctx = Context(now, secret_seed=secret)
        seat = rng.choice(awaited(table) or [state.active])
        legal = rules.legal_actions(state, seat, ctx)
        if not legal:
            misses += 1
            continue
        command = Command(seat, choose(rng, legal, seat, rules.cards_of(state)))
        start = time.perf_counter()
        try:
            effects = rules.decide(state, command, ctx)
        except Rejected:
            misses += 1
            continue
        misses = 0
        state = rules.evolve_all(state, effects)
        times.append(time.perf_counter() - start)
        done += 1
    return state, times


def run(mode: str, early: int, measured: int, pad: int, seed: int) -> dict[str, Any]:
    rules = rulesets.get("munchkin")
    secret = bytes(32) if mode == "dealt" else None
    setup = _setup(rules, "munchkin", (), 4, 0, secret)
    state = rules.initial_state(setup)
    opening = rules.opening_command(state)
    if opening is not None:
        state = rules.evolve_all(state, rules.decide(state, opening, Context(1_000_000, secret_seed=secret)))
    state, _ = _commands(rules, state, random.Random(seed), secret, early, False)
    out: dict[str, Any] = {}
    for label, padding in (("early", 0), ("late", pad)):
        s = state.copy()
        for deck in ("door", "treasure"):
            pile = list(s.discards[deck]) or ["Topfpflanze" if deck == "door" else "Kniepolster der Verlockung"]
            s.discards[deck] = (pile * (padding // len(pile) + 1))[:padding] if padding else pile
        size = len(canonical_json(rules.to_dict(s)).encode())
        _, times = _commands(rules, s, random.Random(seed + 1), secret, measured, True)
        times.sort()
        out[label] = {"state_bytes": size, "commands": len(times),
                      "median_ms": round(1000 * times[len(times) // 2], 3) if times else None}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--early", type=int, default=100)
    parser.add_argument("--measured", type=int, default=200)
    parser.add_argument("--pad", type=int, default=1300, help="card names per discard pile late in the game")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--deep", action="store_true", help="copy the whole state for every fold (the old way)")
    args = parser.parse_args()
    if args.deep:
        state_module._SHARED = frozenset()  # type: ignore[attr-defined]
    print(json.dumps({mode: run(mode, args.early, args.measured, args.pad, args.seed)
                      for mode in ("reported", "dealt")}, indent=1))


if __name__ == "__main__":
    main()
