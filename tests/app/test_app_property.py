"""Random legal play (the OpenSpiel-style random playout): every legal action
is accepted, and replaying the stored events, with and without snapshots,
rebuilds exactly the state the application served."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.app.app_support import SETUP, ManualClock, seat, state_json
from judge.app import JudgeApp
from judge.app.types import SubmitResult
from judge.record import read_record, run_audit
from judge.rules.engine import ORGANIZER, Command, GameSetup, apply_all, canonical_json
from judge.rulesets import pinned


@pytest.mark.slow
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_legal_play_replays_to_the_served_state(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        clock = ManualClock()
        path = Path(tmp) / "judge.db"
        app = JudgeApp({**JudgeApp.sqlite(path), "SNAPSHOTTING_INTERVAL": "3"}, clock=clock)
        try:
            _play(app, clock, data)
        finally:
            app.close()


def _play(app: JudgeApp, clock: ManualClock, data: st.DataObject) -> None:
    created = app.create_game(SETUP)
    gid = created.game_id
    viewers = [seat(app, created, i) for i in range(len(created.seat_tokens))]
    last: SubmitResult | None = None
    for step in range(data.draw(st.integers(min_value=3, max_value=40), label="steps")):
        clock.advance(data.draw(st.sampled_from([0, 50, 3000]), label="clock"))
        move = data.draw(st.sampled_from(["act"] * 8 + ["judge", "dispute"]), label="move")
        if move == "judge":
            app.close_elapsed_windows()
            continue
        if move == "dispute":
            disputable = [e.version for e in app.events(gid, ORGANIZER)
                          if e.kind == "CommandAccepted" and not e.voided]
            if disputable:
                version = data.draw(st.sampled_from(disputable), label="disputed")
                opened = app.open_dispute(gid, 1, version, "random dispute", viewers[1])
                app.resolve_dispute(gid, opened.dispute_id, data.draw(st.booleans()), "",
                                    ORGANIZER)
            continue
        # Mostly the seat the game waits for (so games get somewhere), sometimes any.
        now = app.view(gid, ORGANIZER)
        focus = now["combat"]["fighter"] if "combat" in now else now["active_seat"]
        first = data.draw(st.sampled_from([focus, focus, focus, *range(len(viewers))]),
                          label="seat")
        for s in [*range(first, len(viewers)), *range(first)]:
            actions, _ = app.legal_actions(gid, s, viewers[s])
            if actions:
                # Pick a kind first, so rare kinds (claim, run, end turn)
                # are as likely as the many card plays.
                kind = data.draw(st.sampled_from(sorted({a.kind for a in actions})), label="kind")
                action = data.draw(st.sampled_from([a for a in actions if a.kind == kind]),
                                   label="action")
                # A listed action is accepted (it was checked by the rules).
                last = app.submit(gid, f"c{step}", Command(s, action), None, viewers[s])
                break

    version = app.view(gid, ORGANIZER)["version"]
    event(f"versions: {version // 10 * 10}+")
    effects = {f["type"] for e in app.events(gid, ORGANIZER) for f in e.payload.get("effects", [])}
    for interesting in ("CombatStarted", "CombatEnded", "VictoryClaimed", "TurnStarted"):
        event(f"{interesting}: {interesting in effects}")
    event(f"upheld dispute: {bool(app.view(gid, ORGANIZER)['voided'])}")
    served = state_json(app, gid)  # with snapshots (every 3 events)
    plain = JudgeApp({**JudgeApp.sqlite(app.env["SQLITE_DBNAME"]),
                      "IS_SNAPSHOTTING_ENABLED": "n"})
    try:
        assert state_json(plain, gid) == served
        if last is not None:
            s = last.events[0].seat
            assert s is not None
            now = plain.view(gid, viewers[s])
            if now["version"] == last.version:
                assert now == last.view
    finally:
        plain.close()

    # Replaying the record with the ruleset alone gives the same state.
    text = app.export_game(gid, ORGANIZER)
    record = read_record(text)
    result = run_audit(record)
    assert result.report.clean, result.report.discrepancies
    ruleset = pinned(record.header.rules_version)
    assert canonical_json(ruleset.to_dict(result.final_state)) == served
    if not any(e.kind == "DisputeResolved" and e.data["upheld"] for e in record.events):
        state = ruleset.initial_state(GameSetup.from_dict(record.header.setup))
        for e in record.events:
            if e.kind == "CommandAccepted":
                state = apply_all(ruleset, state, e.data["effects"])
        assert canonical_json(ruleset.to_dict(state)) == served

    # Replay through the application equals the served views, and the
    # served state and every snapshot pass the audit.
    steps = list(app.replay(gid, ORGANIZER))
    assert steps[-1][1] == app.view(gid, ORGANIZER)
    assert app.audit(gid, ORGANIZER).clean
