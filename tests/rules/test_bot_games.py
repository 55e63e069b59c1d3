"""Whole dealt games on the pure core, played by the bot: they end with a
level-10 win (or a shared victory), replay exactly, and never break the
invariants. These are the same games the end-to-end tests play over the API."""

from __future__ import annotations

import pytest

from judge.rules import Context, GameSetup, SeatSetup, chance
from judge.rules.engine import canonical_json
from tests.bot import play
from tests.rules.harness import A, Table


def _run(seed: bytes, variants: tuple[str, ...] = (), sexes: str = "mmmm") -> tuple[Table, int]:
    t = Table(4, seed=seed, window_ms=0)
    seats = tuple(SeatSetup(f"P{i}", {"sex": "female" if sex == "f" else "male"}) for i, sex in enumerate(sexes))
    t.setup = GameSetup("munchkin", variants, seats,
                        {"interference_window_ms": 0, "seed_sha256": chance.commitment(seed)}, "dealt")
    t.state = t.rules.initial_state(t.setup)
    t.do(None, A.Deal())  # as the judge does at creation
    cards = t.rules.cards_of(t.state)

    def view() -> dict:
        s = t.state
        return {"finished": s.finished, "active": s.active, "levels": [p.level for p in s.players]}

    steps = play(t.legal, lambda seat, action: t.do(seat, action), view, cards, 4,
                 ask_help="shared-victory" in variants)
    return t, steps


@pytest.mark.parametrize("seed", [bytes([n]) * 32 for n in (1, 2)])
def test_a_dealt_game_ends_in_a_level_ten_win(seed):
    t, steps = _run(seed)
    assert t.state.finished and all(t.p(w).level == 10 for w in t.state.winners)
    assert t.state.seed_revealed == seed.hex()
    # Re-judging every command with the revealed seed gives the same effects: the
    # shuffles and rolls follow from the seed alone, and the effects rebuild the state.
    revealed = bytes.fromhex(t.state.seed_revealed)
    replay = t.rules.initial_state(t.setup)
    for (command, ctx), effects in zip(t.commands, t.log, strict=True):
        assert t.rules.decide(replay, command, Context(ctx.now_ms, secret_seed=revealed)) == effects
        replay = t.rules.evolve_all(replay, effects)
    assert canonical_json(replay.to_dict()) == canonical_json(t.state.to_dict())
    assert steps > 20


@pytest.mark.parametrize("seed, sexes", [(bytes([3]) * 32, "mmmm"),
                                         # a Schatzbort dealt to the seat asked for help: it plays it first
                                         ((37).to_bytes(32, "big"), "mfmf")])
def test_a_dealt_game_ends_in_a_shared_victory(seed, sexes):
    t, _ = _run(seed, variants=("shared-victory",), sexes=sexes)
    assert len(t.state.winners) == 2
