"""The secret seed of a dealt table: generated at creation, committed to in
the set-up, kept with the credentials (never in events, exports or logs),
handed to the rules in every Context, and used by the audits."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from judge import rulesets
from judge.app import JudgeApp
from judge.domain.credentials import Credentials, credentials_id
from judge.record import SEED, audit_record, read_record
from judge.rules.engine import ORGANIZER, Command, Context, GameSetup, SeatSetup, Viewer

SEATS = (SeatSetup("A", {"sex": "male"}), SeatSetup("B", {"sex": "female"}), SeatSetup("C", {"sex": "male"}))
DEALT = GameSetup("munchkin", (), SEATS, {}, "dealt")


@pytest.fixture
def app(tmp_path: Path) -> Any:
    application = JudgeApp(JudgeApp.sqlite(tmp_path / "dealt.sqlite3"))
    yield application
    application.close()


@pytest.fixture
def contexts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Context]]:
    """Every Context the munchkin rules are called with."""
    ruleset = rulesets.get("munchkin")
    seen: list[tuple[str, Context]] = []
    decide, legal = ruleset.decide, ruleset.legal_actions

    def spy_decide(state: Any, command: Command, context: Context) -> Any:
        seen.append(("decide", context))
        return decide(state, command, context)

    def spy_legal(state: Any, seat: int, context: Context) -> Any:
        seen.append(("legal", context))
        return legal(state, seat, context)

    monkeypatch.setattr(ruleset, "decide", spy_decide)
    monkeypatch.setattr(ruleset, "legal_actions", spy_legal)
    return seen


def stored_seed(app: JudgeApp, game_id: str) -> bytes:
    credentials = app.repository.get(credentials_id(game_id))
    assert isinstance(credentials, Credentials)
    seed = credentials.seed(app.seal)
    assert seed is not None
    return seed


def test_the_seed_is_committed_at_creation_and_kept_apart(app: JudgeApp, tmp_path: Path) -> None:
    created = app.create_game(DEALT)
    seed = stored_seed(app, created.game_id)
    assert len(seed) == 32
    record = app.export_game(created.game_id, ORGANIZER)
    header = json.loads(record.splitlines()[0])
    assert header["setup"]["options"]["seed_sha256"] == hashlib.sha256(seed).hexdigest()
    assert seed.hex() not in record
    assert seed.hex() not in json.dumps(app.view(created.game_id, ORGANIZER))
    # Each dealt game has its own seed; a reported game has none.
    assert stored_seed(app, app.create_game(DEALT).game_id) != seed
    reported = app.create_game(GameSetup("munchkin", (), SEATS, {}, "reported"))
    assert app.repository.get(credentials_id(reported.game_id)).seed(app.seal) is None
    assert "seed_sha256" not in app.export_game(reported.game_id, ORGANIZER).splitlines()[0]


def test_every_rules_call_of_a_dealt_game_gets_the_seed(
        app: JudgeApp, contexts: list[tuple[str, Context]]) -> None:
    created = app.create_game(DEALT)
    seed = stored_seed(app, created.game_id)
    anna: Viewer = app.authenticate(created.game_id, created.seat_tokens[0])
    actions, _ = app.legal_actions(created.game_id, 0, anna)
    assert actions
    answer = app.ask(created.game_id, Command(0, actions[0]), anna)
    assert answer.events == []  # what the seed would deal is not shown before it is committed
    result = app.submit(created.game_id, "a-1", Command(0, actions[0]), None, anna)
    app.audit(created.game_id, ORGANIZER)
    app.open_dispute(created.game_id, 1, result.version, "check it",
                     app.authenticate(created.game_id, created.seat_tokens[1]))
    kinds = {kind for kind, _ in contexts}
    assert kinds == {"decide", "legal"}
    assert len(contexts) >= 4 and all(c.secret_seed == seed for _, c in contexts)
    # The seed is never recorded: the stored context holds the clock and dice only.
    stored = app.events(created.game_id, ORGANIZER)[1].payload["context"]
    assert set(stored) == {"now_ms", "dice"}
    # A fresh application (a restart) reads the seed back from the credentials.
    contexts.clear()
    again = JudgeApp(app.env)
    try:
        again.legal_actions(created.game_id, 1, again.authenticate(created.game_id, created.seat_tokens[1]))
    finally:
        again.close()
    assert contexts and all(c.secret_seed == seed for _, c in contexts)


def test_reported_games_get_no_seed(app: JudgeApp, contexts: list[tuple[str, Context]]) -> None:
    created = app.create_game(GameSetup("munchkin", (), SEATS, {}, "reported"))
    app.legal_actions(created.game_id, 0, app.authenticate(created.game_id, created.seat_tokens[0]))
    assert contexts and all(c.secret_seed is None for _, c in contexts)


def test_the_server_audit_uses_the_stored_seed_and_the_offline_audit_reports_an_unrevealed_one(
        app: JudgeApp) -> None:
    created = app.create_game(DEALT)
    anna = app.authenticate(created.game_id, created.seat_tokens[0])
    actions, _ = app.legal_actions(created.game_id, 0, anna)
    app.submit(created.game_id, "a-1", Command(0, actions[0]), None, anna)
    assert app.audit(created.game_id, ORGANIZER).clean  # judged with the stored seed
    offline = audit_record(read_record(app.export_game(created.game_id, ORGANIZER)))
    assert [d.kind for d in offline.discrepancies] == [SEED]
    assert "not revealed yet" in offline.discrepancies[0].detail


def test_a_revealed_seed_that_breaks_the_commitment_is_reported(app: JudgeApp) -> None:
    created = app.create_game(DEALT)
    anna = app.authenticate(created.game_id, created.seat_tokens[0])
    actions, _ = app.legal_actions(created.game_id, 0, anna)
    app.submit(created.game_id, "a-1", Command(0, actions[0]), None, anna)
    lines = app.export_game(created.game_id, ORGANIZER).splitlines()
    event = json.loads(lines[2])
    event["effects"].append({"type": "SeedRevealed", "seed": "00" * 32})
    lines[2] = json.dumps(event)
    report = audit_record(read_record("\n".join(lines) + "\n"))
    seed_problems = [d for d in report.discrepancies if d.kind == SEED]
    assert any("does not match the commitment" in d.detail for d in seed_problems)
