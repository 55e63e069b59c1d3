"""Stored credentials and seeds are protected with the server key
(judge/domain/sealing.py, docs/security.md "Stored credentials").

Whoever can write the database must not be able to put in the hash of a
token of their own and act as a seat: every stored token hash carries a MAC
over game id, role, seat and hash, checked on every use and by the start-up
check (``judge serve`` and ``judge check``). A dealt game's secret seed is
stored encrypted, so a copy of the database alone cannot predict its draws.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.app import JudgeApp
from judge.domain.chain import ServerKey
from judge.domain.credentials import Credentials, credentials_id, token_hash
from judge.domain.sealing import SealError
from judge.common.errors import Unauthenticated
from judge.rules.engine import GameSetup, SeatSetup, Viewer
from judge.server.main import StartupError, open_app
from judge_client.cli import app as cli_app

SEATS = (SeatSetup("A", {"sex": "male"}), SeatSetup("B", {"sex": "female"}), SeatSetup("C", {"sex": "male"}))
DEALT = GameSetup("munchkin", (), SEATS, {}, "dealt")
INTRUDER = "a-token-of-the-intruders-own-making"


def stored_credentials(db: Path) -> list[tuple[int, str, dict[str, object]]]:
    """The stored credentials events: (rowid, topic, decoded state)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT rowid, topic, state FROM stored_events WHERE topic LIKE '%credentials%'")
        return [(rowid, topic, json.loads(bytes(state))) for rowid, topic, state in rows]


def credentials_of(app: JudgeApp, game_id: str) -> Credentials:
    held: object = app.repository.get(credentials_id(game_id))
    assert isinstance(held, Credentials)
    return held


def rewrite(db: Path, rowid: int, state: dict[str, object]) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                            (json.dumps(state, separators=(",", ":")).encode(), rowid)).rowcount == 1


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "judge.sqlite3"


def open_judge(db: Path, **options: object) -> JudgeApp:
    return open_app(db, startup_check="quick", **options)  # type: ignore[arg-type]


def judge_check(db: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli_app, ["check", "--db", str(db)])
    return result.exit_code, result.output


def test_a_replaced_token_hash_fails_authentication_and_the_check_names_the_game(db: Path) -> None:
    app = open_judge(db)
    try:
        game = app.create_game(DEALT)
        assert app.authenticate(game.game_id, game.seat_tokens[1]) == Viewer("seat", 1)
    finally:
        app.close()
    [(rowid, _, state)] = [row for row in stored_credentials(db) if row[1].endswith("CredentialsIssued")]
    hashes = list(state["seat_hashes"])  # type: ignore[call-overload]
    hashes[1] = token_hash(INTRUDER)
    rewrite(db, rowid, {**state, "seat_hashes": hashes})

    # On use: the intruder's token is no token of the game (nor is the replaced seat's old one).
    app = JudgeApp(JudgeApp.sqlite(db))
    try:
        with pytest.raises(Unauthenticated):
            app.authenticate(game.game_id, INTRUDER)
        with pytest.raises(Unauthenticated):
            app.authenticate(game.game_id, game.seat_tokens[1])
        assert app.authenticate(game.game_id, game.seat_tokens[0]) == Viewer("seat", 0)  # others still play
    finally:
        app.close()
    # The start-up check and judge check name the game and the seat.
    with pytest.raises(StartupError, match=f"game {game.game_id}: .*seat 1 was replaced"):
        open_judge(db)
    code, output = judge_check(db)
    assert code == 3 and game.game_id in output and "seat 1 was replaced" in output


def test_a_replaced_rotation_fails_too(db: Path) -> None:
    app = open_judge(db)
    try:
        game = app.create_game(DEALT)
        organizer = app.authenticate(game.game_id, game.organizer_token)
        new = app.rotate_token(game.game_id, "organizer", None, organizer)
    finally:
        app.close()
    [(rowid, _, state)] = [row for row in stored_credentials(db) if row[1].endswith("TokenRotated")]
    assert state["token_hash"] == token_hash(new)
    rewrite(db, rowid, {**state, "token_hash": token_hash(INTRUDER)})
    app = JudgeApp(JudgeApp.sqlite(db))
    try:
        with pytest.raises(Unauthenticated):
            app.authenticate(game.game_id, INTRUDER)
    finally:
        app.close()
    with pytest.raises(StartupError, match=f"game {game.game_id}: .*the organizer was replaced"):
        open_judge(db)


def test_credentials_copied_from_another_game_do_not_hold(db: Path) -> None:
    """The MAC covers the game id: a game's sealed hashes copied into another's are refused."""
    app = open_judge(db)
    try:
        first, second = app.create_game(DEALT), app.create_game(DEALT)
    finally:
        app.close()
    issued = {s["game_id"]: (rowid, s) for rowid, topic, s in stored_credentials(db)
              if topic.endswith("CredentialsIssued")}
    rowid, target = issued[second.game_id]
    rewrite(db, rowid, {**issued[first.game_id][1], "game_id": target["game_id"]})
    app = JudgeApp(JudgeApp.sqlite(db))
    try:
        with pytest.raises(Unauthenticated):
            app.authenticate(second.game_id, first.seat_tokens[0])
    finally:
        app.close()
    with pytest.raises(StartupError, match=f"game {second.game_id}"):
        open_judge(db)


def test_the_secret_seed_is_stored_encrypted(db: Path) -> None:
    app = open_judge(db)
    try:
        game = app.create_game(DEALT)
        seed = credentials_of(app, game.game_id).seed(app.seal)
        assert seed is not None and len(seed) == 32
    finally:
        app.close()
    raw = b"".join(Path(f"{db}{suffix}").read_bytes() for suffix in ("", "-wal") if Path(f"{db}{suffix}").exists())
    assert seed.hex().encode() not in raw and seed not in raw
    [(_, _, state)] = [row for row in stored_credentials(db) if row[1].endswith("CredentialsIssued")]
    assert state["secret_seed"] is None and str(state["sealed_seed"]).startswith("aesgcm1:")
    # Another key (a copy of the database without the judge's key) cannot open it.
    other = JudgeApp(JudgeApp.sqlite(db), key=ServerKey.generate())
    try:
        with pytest.raises(SealError, match="does not open"):
            credentials_of(other, game.game_id).seed(other.seal)
    finally:
        other.close()


def test_credentials_stored_before_sealing_stop_the_start_until_sealed_once(db: Path) -> None:
    """Decision (docs/security.md): credentials without MACs are never
    trusted by themselves; the check refuses them, naming the game, until
    the operator starts once with ``--seal-credentials``."""
    app = open_judge(db)
    try:
        game = app.create_game(DEALT)
        seed = credentials_of(app, game.game_id).seed(app.seal)
        assert seed is not None
    finally:
        app.close()
    [(rowid, _, state)] = [row for row in stored_credentials(db) if row[1].endswith("CredentialsIssued")]
    legacy = {k: v for k, v in state.items() if not k.endswith(("_mac", "_macs")) and k != "sealed_seed"}
    rewrite(db, rowid, {**legacy, "secret_seed": seed.hex()})  # as an older judge stored it

    with pytest.raises(StartupError, match=f"game {game.game_id}: .*carries no MAC.*--seal-credentials"):
        open_judge(db)
    code, output = judge_check(db)
    assert code == 3 and "carries no MAC" in output
    app = open_judge(db, seal_credentials=True)
    try:
        assert app.authenticate(game.game_id, game.seat_tokens[2]) == Viewer("seat", 2)
        held = credentials_of(app, game.game_id)
        assert held.sealed and held.seed(app.seal) == seed and held.secret_seed is None
    finally:
        app.close()
    open_judge(db).close()  # sealed: the plain start passes
    assert judge_check(db)[0] == 0
    checked = CliRunner().invoke(cli_app, ["check", "--db", str(db), "--key", f"{db}.key", "--json"])
    assert checked.exit_code == 0 and json.loads(checked.output)["credentials"] == 1
    assert json.loads(checked.output)["credentials_checked"] is True


def test_a_held_entry_is_kept_yet_any_other_hash_or_mac_is_checked(tmp_path: Path) -> None:
    """The seal keeps the entries whose MAC held (a token's every call asks again), never one that
    did not: a hash or MAC changed after the genuine entry held fails as before."""
    from judge.domain.sealing import CredentialSeal

    seal = CredentialSeal(ServerKey.load_or_create(tmp_path / "server.key"))
    genuine = token_hash("the seat's token")
    mac = seal.mac("g-1", "seat", 0, genuine)
    assert all(seal.holds("g-1", "seat", 0, genuine, mac) for _ in range(3))
    forged = token_hash("a token of the forger's")
    assert not seal.holds("g-1", "seat", 0, forged, mac)
    assert not seal.holds("g-1", "seat", 0, genuine, mac[:-1] + ("0" if mac[-1] != "0" else "1"))
    assert not seal.holds("g-1", "seat", 1, genuine, mac)  # another seat
    assert not seal.holds("g-2", "seat", 0, genuine, mac)  # another game
    assert not seal.holds("g-1", "seat", 0, genuine, None)
