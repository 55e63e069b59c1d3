"""What a played reported Munchkin game's commands cost early and late, in process.

    python scripts/played_game_cost.py [--versions 4000] [--db FILE] [--seed 1]

Plays one reported Munchkin game of three seats on a durable SQLite file to ``--versions`` recorded
commands: each step a seat the game waits for (now and then another) takes one of its legal actions,
picked at random by kind (responses and turn moves first, cards often), naming the cards it draws as a
reported table does; when a character reaches level 8 the organizer records an adjustment setting it
back to 1, so the game goes on. Prints, as JSON: the median CPU and wall time of a Submit at versions
100-299 and in the last 200 versions (and their ratio), the mean CPU of the Submits that take a
snapshot (every 50th) early and late, the reads a table makes (LegalActions, Ask, GetView kept and
built afresh) on a game of ~100 versions and at the end, the newest snapshot's size, the state's size as canonical JSON
and the Python memory (tracemalloc) of the game loaded from its store, for a game of ~100 versions and
at the end, and what the game went through (turns, effect counts). docs/benchmark.md quotes the
figures; they depend on the machine and its load. Choosing the actions (the legal actions and the
view) is not counted in a Submit's time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

from game_length_cost import range_median_ms, snapshot_mean_ms  # scripts/, beside this one
from judge.app import JudgeApp
from judge.common.errors import InvalidArgument
from judge.rules import Rejected
from judge.rules.engine import ORGANIZER, Action, Command, GameSetup, SeatSetup, Viewer, canonical_json

START_MS = 1_700_000_000_000
SEATS = 3
SETUP = GameSetup(ruleset="munchkin", variants=(), mode="reported", options={"interference_window_ms": 0},
                  seats=(SeatSetup("Anna", {"sex": "female"}), SeatSetup("Ben", {"sex": "male"}),
                         SeatSetup("Cem", {"sex": "male"})))
WEIGHTS = {
    "choose_card": 50, "roll_die": 50, "loot_corpse": 50, "pick_treasure": 50, "draw_treasures": 50,
    "answer_curse": 50, "answer_help": 20, "claim_victory": 60, "resolve_combat": 60, "run_away": 50,
    "suffer_bad_stuff": 50, "give_up": 15, "kick_door": 40, "end_turn": 25, "loot_room": 15,
    "look_for_trouble": 10, "play_card": 20, "sell_items": 15, "ask_for_help": 4, "use_ability": 4,
    "accept_trade": 4, "set_item_in_use": 2, "discard_card": 1, "propose_trade": 1, "cancel_trade": 1,
    "give_item": 1, "reveal_card": 2,
}
"""How often a kind of action is picked (others: 5): what the game waits for and what moves a turn on
first, churn rarely."""


def _pick(rng: random.Random, legal: list[Action]) -> Action:
    kinds = sorted({a.kind for a in legal})
    [kind] = rng.choices(kinds, weights=[WEIGHTS.get(k, 5) for k in kinds])
    return rng.choice([a for a in legal if a.kind == kind])


class Player:
    """Drives one game through the app, timing each Submit."""

    def __init__(self, app: JudgeApp, game_id: str, now: list[int], seed: int):
        self.app, self.game_id, self.now = app, game_id, now
        self.rng = random.Random(seed)
        self.cpu: dict[int, float] = {}
        self.wall: dict[int, float] = {}
        self.seen: Counter[str] = Counter()
        self.count = 0

    def submit(self, seat: int | None, action: Action) -> bool:
        viewer = ORGANIZER if seat is None else Viewer("seat", seat)
        self.count += 1
        cpu_0, wall_0 = time.process_time(), time.perf_counter()
        try:
            result = self.app.submit(self.game_id, f"c-{self.count}", Command(seat, action), None, viewer)
        except (Rejected, InvalidArgument):
            return False
        self.cpu[result.version] = time.process_time() - cpu_0
        self.wall[result.version] = time.perf_counter() - wall_0
        self.seen.update(e["type"] for event in result.events for e in event.payload.get("effects", ()))
        return True

    def play_to(self, versions: int) -> None:
        game = self.app.store.game(self.game_id)
        while game.version < versions:
            self.now[0] += self.rng.choice([0, 3000])
            state = game.state
            back = [s for s, p in enumerate(state.players) if p.level >= 8]
            if back:
                self.submit(None, Action.from_dict({"kind": "record_adjustment", "reason": "Stufe",
                                                    "target_seat": back[0], "set_level": 1}, "munchkin"))
            else:
                view = self.app.view(self.game_id, ORGANIZER)
                waiting = [int(x) for x in str(view.get("waiting_for", "")).replace(",", " ").split()
                           if x.isdigit() and int(x) < SEATS] or [state.active]
                seat = self.rng.randrange(SEATS) if self.rng.random() < 0.1 else self.rng.choice(waiting)
                legal, _ = self.app.legal_actions(self.game_id, seat, ORGANIZER)
                if legal:
                    self.submit(seat, _pick(self.rng, legal))
            game = self.app.store.game(self.game_id)


def _memory_kib(app: JudgeApp, game_id: str) -> float:
    """Python memory of the game loaded from its store (snapshot plus trailing events), as the bench's
    ``memory_per_game`` measures it."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = app.store.game(game_id)
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    del game
    return round((after - before) / 1024, 1)


def _reads_ms(app: JudgeApp, game_id: str) -> dict[str, float]:
    """Median ms of the reads a table's phones make, on the game as it is now (in process, no gRPC):
    LegalActions of the active seat, Ask of its first legal action, GetView as kept and as built afresh."""
    seat = app.store.game(game_id).state.active
    legal, _ = app.legal_actions(game_id, seat, ORGANIZER)

    def forget_kept() -> None:  # the views the judge keeps, and the analyses they share (judge/app/view_cache.py)
        app.store.view_cache.clear()
        app.store.analysis_cache.clear()

    def median_ms(call: Any, before: Any = None, times: int = 40) -> float:
        spent = []
        for _ in range(times):
            if before is not None:
                before()
            started = time.perf_counter()
            call()
            spent.append(time.perf_counter() - started)
        return round(statistics.median(spent) * 1000, 3)

    out = {"legal_actions": median_ms(lambda: app.legal_actions(game_id, seat, ORGANIZER)),
           "get_view_kept": median_ms(lambda: app.view(game_id, ORGANIZER)),
           "get_view_built": median_ms(lambda: app.view(game_id, ORGANIZER),
                                       forget_kept)}
    if legal:
        out["ask"] = median_ms(lambda: app.ask(game_id, Command(seat, legal[0]), ORGANIZER))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--versions", type=int, default=4000)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n = args.versions
    db = args.db or Path(tempfile.mkdtemp()) / "played-game.sqlite3"
    now = [START_MS]
    app = JudgeApp(JudgeApp.sqlite(db), clock=lambda: now[0])
    short_id = app.create_game(SETUP).game_id
    Player(app, short_id, now, args.seed).play_to(100)
    game_id = app.create_game(SETUP).game_id
    player = Player(app, game_id, now, args.seed)
    player.play_to(n)
    cpu, wall = player.cpu, player.wall

    assert app.snapshots is not None
    newest = list(app.snapshots.get(app.store.uuid(game_id)))[-1]
    late = app.store.game(game_id)
    early, late_cpu = range_median_ms(cpu, 100, 300), range_median_ms(cpu, n - 200, n + 100)
    print(json.dumps({
        "versions": late.version,
        "turns": late.state.turn,
        "submit_cpu_ms_median_v100_299": early,
        "submit_cpu_ms_median_last_200": late_cpu,
        "late_over_early": round(late_cpu / early, 2),
        "submit_wall_ms_median_v100_299": range_median_ms(wall, 100, 300),
        "submit_wall_ms_median_last_200": range_median_ms(wall, n - 200, n + 100),
        "snapshot_submit_cpu_ms_v100_299": snapshot_mean_ms(cpu, 100, 300),
        "snapshot_submit_cpu_ms_last_200": snapshot_mean_ms(cpu, n - 200, n + 100),
        "newest_snapshot_version": newest.originator_version,
        "newest_snapshot_bytes": len(app.snapshots.mapper.to_stored_event(newest).state),
        "state_bytes_v100": len(canonical_json(app.store.game(short_id).ruleset.to_dict(app.store.game(short_id).state))),
        "state_bytes_end": len(canonical_json(late.ruleset.to_dict(late.state))),
        "discards_end": {deck: len(pile) for deck, pile in late.state.discards.items()},
        "in_play_end": sum(len(p.races) + len(p.classes) + len(p.table) + len(p.items) for p in late.state.players),
        "hands_end": sum(len(p.hand) for p in late.state.players),
        "reads_ms_v100": _reads_ms(app, short_id),
        "reads_ms_end": _reads_ms(app, game_id),
        "memory_kib_v100": _memory_kib(app, short_id),
        "memory_kib_end": _memory_kib(app, game_id),
        "effects": dict(sorted(player.seen.items())),
    }, indent=1))
    app.close()


if __name__ == "__main__":
    main()
