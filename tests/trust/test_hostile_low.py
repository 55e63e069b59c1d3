"""The low findings of issue "Hostile input, round three", each reproduced:

- an event that no longer decodes, found while serving, answers DATA_LOSS (docs/security.md,
  "Crash safety") instead of INTERNAL;
- a start on a read-only file system stops with a clear message and exit status 2, not a
  traceback and 1;
- the quick start-up check names the game (and the seat, where the stored bytes say it) of
  damaged credentials, not the credentials aggregate's own id;
- a Replay opened with a token that is rotated out while it streams ends UNAUTHENTICATED before
  its next event, as Watch does.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import grpc
import pytest

from judge.app import JudgeApp
from judge.common.errors import Unauthenticated
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup
from judge.rulesets.munchkin import actions as A
from judge.server import main as server_main
from judge.server.main import StartupError, open_app
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, open_table, running_judge
from tests.support.judge_process import JUDGE, START_TIMEOUT_S

SETUP = GameSetup("munchkin", (), (SeatSetup("A", {"sex": "male"}), SeatSetup("B", {"sex": "female"}),
                                  SeatSetup("C", {"sex": "male"})), {}, "reported")


def _set_state(db: Path, where: str, state: bytes, *params: object) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute(f"UPDATE stored_events SET state = ? WHERE {where}", (state, *params)).rowcount == 1


# --------------------------------------------------------------------------- DATA_LOSS


@pytest.mark.parametrize("state", [b'{"broken": ', b"\xff\xfe", b"[]"], ids=["cut", "not-utf8", "wrong-shape"])
def test_an_event_that_does_not_decode_is_data_loss_when_served(tmp_path: Path, state: bytes) -> None:
    db = tmp_path / "judge.sqlite3"
    app = JudgeApp(JudgeApp.sqlite(db))
    try:
        game = app.create_game(SETUP)
        anna = app.authenticate(game.game_id, game.seat_tokens[0])
        app.submit(game.game_id, "c0", Command(0, A.RevealCard(card="kettensaege")), None, anna)
    finally:
        app.close()
    _set_state(db, "originator_version = 2 AND topic LIKE '%CommandAccepted'", state)
    with running_judge(db) as judge, JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        organizer = client.with_token(game.organizer_token)
        calls = {
            "GetView": lambda: organizer.get_view(game.game_id),
            "Replay": lambda: list(organizer.replay(game.game_id)),
            "Watch": lambda: next(iter(organizer.watch(game.game_id, timeout=SAFETY_TIMEOUT_S))),
            "ExportGame": lambda: organizer.export_game(game.game_id),
        }
        for name, call in calls.items():
            with pytest.raises(JudgeRpcError) as caught:
                call()
            assert caught.value.code == grpc.StatusCode.DATA_LOSS, (name, caught.value)
            assert f"game {game.game_id} version 2" in caught.value.message, (name, caught.value.message)


# --------------------------------------------------------------------------- read-only file system


def test_a_folder_the_judge_cannot_write_stops_the_start_with_a_message(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock beside the database is the first thing written: EROFS there is a StartupError
    naming the file (exit status 2 from ``judge serve``), not an OSError's traceback."""
    real_open = os.open

    def read_only(path: object, flags: int, *args: object) -> int:
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(server_main.os, "open", read_only)
    with pytest.raises(StartupError, match="cannot write beside the database: .*judge.sqlite3.lock: Read-only"):
        open_app(tmp_path / "judge.sqlite3")


def _namespaces() -> bool:
    """Whether this machine lets a process mount a file system in a namespace of its own."""
    if shutil.which("unshare") is None:
        return False
    try:
        return subprocess.run(["unshare", "-rm", "true"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@pytest.mark.skipif(not _namespaces(), reason="needs unshare -rm (user and mount namespaces)")
@pytest.mark.parametrize("existing", [False, True], ids=["empty", "with-a-database"])
def test_judge_serve_on_a_read_only_file_system_exits_2_with_a_message(tmp_path: Path, existing: bool) -> None:
    """A real read-only mount (a tmpfs mounted read-only in a mount namespace of the test's own):
    ``judge serve`` says what it cannot write and exits 2."""
    seed = tmp_path / "seed"
    seed.mkdir()
    if existing:
        open_app(seed / "judge.sqlite3").close()
    mount = tmp_path / "ro"
    mount.mkdir()
    script = (f'mount -t tmpfs tmpfs "{mount}" && cp -a "{seed}/." "{mount}/" && '
              f'mount -o remount,ro "{mount}" && exec "{JUDGE}" serve --listen 127.0.0.1:0 --db "{mount}/judge.sqlite3"')
    result = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True,
                            timeout=START_TIMEOUT_S)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert "Read-only file system" in result.stderr and "judge.sqlite3" in result.stderr


# --------------------------------------------------------------------------- the quick check names the game


def _game_with_a_rotation(db: Path) -> str:
    app = open_app(db, startup_check="quick")
    try:
        game = app.create_game(SETUP)
        app.rotate_token(game.game_id, "seat", 1, ORGANIZER)
    finally:
        app.close()
    return game.game_id


def test_the_quick_check_names_the_game_and_seat_of_a_rotation_that_does_not_decode(tmp_path: Path) -> None:
    db = tmp_path / "judge.sqlite3"
    game_id = _game_with_a_rotation(db)
    with sqlite3.connect(db) as conn:
        [(state,)] = conn.execute("SELECT state FROM stored_events WHERE topic LIKE '%TokenRotated'").fetchall()
    broken = bytes(state).replace(b'"_type_":"datetime_iso","_data_":"', b'"_type_":"datetime_iso","_data_":"x')
    _set_state(db, "topic LIKE '%TokenRotated'", broken)
    with pytest.raises(StartupError) as refused:
        open_app(db, startup_check="quick").close()
    message = str(refused.value)
    assert f"game {game_id}: its credentials (version 2, the token of seat 1)" in message, message
    assert "does not decode" in message


def test_the_quick_check_names_the_game_of_credentials_that_do_not_decode_at_all(tmp_path: Path) -> None:
    db = tmp_path / "judge.sqlite3"
    game_id = _game_with_a_rotation(db)
    _set_state(db, "topic LIKE '%TokenRotated'", b"\x00 not json")
    with pytest.raises(StartupError) as refused:
        open_app(db, startup_check="quick").close()
    assert f"game {game_id}: its credentials (version 2)" in str(refused.value), str(refused.value)
    assert "aggregate" not in str(refused.value)


# --------------------------------------------------------------------------- a rotation ends a Replay


def test_a_replay_opened_before_a_rotation_ends_with_it(tmp_path: Path) -> None:
    """The replay of seat 1 is read one event at a time: after seat 1's token is rotated, its
    next step is ``Unauthenticated``; a rotation of another seat's token leaves it running."""
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "judge.sqlite3"))
    try:
        game = app.create_game(SETUP)
        anna = app.authenticate(game.game_id, game.seat_tokens[0])
        app.submit(game.game_id, "c0", Command(0, A.RevealCard(card="kettensaege")), None, anna)
        app.submit(game.game_id, "c1", Command(0, A.KickDoor(card="elf")), None, anna)
        ben_token = game.seat_tokens[1]
        ben = app.authenticate(game.game_id, ben_token)
        steps = iter(app.replay(game.game_id, ben, token=ben_token))
        assert next(steps)[0].version == 1
        app.rotate_token(game.game_id, "seat", 2, ORGANIZER)  # another seat's: the replay goes on
        assert next(steps)[0].version == 2
        app.rotate_token(game.game_id, "seat", 1, ORGANIZER)
        with pytest.raises(Unauthenticated, match="rotated out"):
            next(steps)
        # Without a token (the application's own callers), a replay is not tied to one.
        assert [r.version for r, _ in app.replay(game.game_id, ORGANIZER)] == [1, 2, 3]
    finally:
        app.close()


def test_replay_over_the_api_passes_its_token_and_ends_unauthenticated(tmp_path: Path) -> None:
    """Over the API the servicer hands Replay the token it was opened with: a replay of a seat
    works before that seat's rotation, and with the old token after it is UNAUTHENTICATED."""
    with running_judge(tmp_path / "judge.sqlite3") as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        table = open_table(client)
        old = table.seats[1]
        assert [r.event.version for r in old.replay(table.game_id)] == [1]
        table.organizer.rotate_token(table.game_id, "seat", 1)
        with pytest.raises(JudgeRpcError) as ended:
            list(old.replay(table.game_id))
        assert ended.value.code == grpc.StatusCode.UNAUTHENTICATED


# --------------------------------------------------------------------------- large refused requests


def test_a_call_without_the_token_its_method_needs_is_refused_before_its_message_is_read(tmp_path: Path) -> None:
    """Before, a request was read and parsed whole (up to --max-message-bytes, 32 MiB) before
    its token was looked at: 48 refused imports of 32 MiB left the judge at ~570 MiB. Now a call
    whose metadata already refuses it is answered without reading its message: 20 MiB that are
    not even a message get the token's answer, not INVALID_ARGUMENT for the bytes; with the
    admin token the same bytes are read and refused as what they are. A method other than
    ImportGame reads at most 1 MiB (MAX_REQUEST_BYTES) and does not parse more."""
    garbage = b"\xff" * (20 << 20)
    with running_judge(tmp_path / "judge.sqlite3") as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client, \
            grpc.insecure_channel(judge.target, options=[("grpc.max_send_message_length", 64 << 20)]) as channel:
        table = open_table(client)

        def code(method: str, payload: bytes, token: str | None) -> grpc.StatusCode:
            metadata = [("authorization", token)] if token is not None else []
            try:
                channel.unary_unary(f"/judge.v1.JudgeService/{method}")(payload, metadata=metadata,
                                                                        timeout=SAFETY_TIMEOUT_S)
                return grpc.StatusCode.OK
            except grpc.RpcError as error:
                return error.code()  # type: ignore[attr-defined,no-any-return]

        assert code("ImportGame", garbage, None) == grpc.StatusCode.UNAUTHENTICATED
        assert code("ImportGame", garbage, "Bearer not-the-admin-token") == grpc.StatusCode.PERMISSION_DENIED
        assert code("ImportGame", garbage, "Basic x") == grpc.StatusCode.UNAUTHENTICATED
        assert code("Submit", garbage, None) == grpc.StatusCode.UNAUTHENTICATED
        assert code("ImportGame", garbage, f"Bearer {judge.admin_token}") == grpc.StatusCode.INVALID_ARGUMENT
        seat = f"Bearer {table.game.seat_tokens[0].token}"
        request = pb.SubmitRequest(game_id=table.game_id, command=pb.Command(command_id="x" * (2 << 20)))
        anna = client.with_token(table.game.seat_tokens[0].token)
        with pytest.raises(JudgeRpcError) as too_large:
            anna._call(anna._stub.Submit, request)
        assert too_large.value.code == grpc.StatusCode.INVALID_ARGUMENT
        assert "request" in dict(too_large.value.field_violations)
        assert code("GetView", pb.GetViewRequest(game_id=table.game_id).SerializeToString(), seat) \
            == grpc.StatusCode.OK  # the judge serves on


def _rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_refused_requests_of_32_mib_leave_the_judges_memory_where_it_was(tmp_path: Path) -> None:
    """Before, 48 refused imports of 32 MiB sent at once took ``judge serve`` from 85 to ~637 MiB
    and left it at ~569 MiB: each was read and parsed whole before its token was looked at, and
    glibc kept the freed buffers. Here 24 imports of 32 MiB without the admin token go to a judge
    started as the README starts it, all at once: none is read, and its memory grows by less than
    two of them (sizes, not times); the judge serves on."""
    import threading

    from tests.support.launch import launched

    payload = b"\xff" * (32 << 20)
    env = {"JUDGE_LISTEN": "127.0.0.1:0", "JUDGE_DB": str(tmp_path / "served.sqlite3"),
           "JUDGE_STARTUP_CHECK": "none", "JUDGE_LOG_LEVEL": "WARNING", "JUDGE_WORKERS": "32",
           "JUDGE_RATE_LIMIT": "0", "JUDGE_CLIENT_RATE_LIMIT": "0"}
    with launched([str(JUDGE), "serve"], tmp_path / "stderr.log", env=env) as judge, \
            grpc.insecure_channel(judge.target, options=[("grpc.max_send_message_length", 64 << 20)]) as channel:
        admin_token = (tmp_path / "served.sqlite3.admin-token").read_text().strip()
        codes: list[grpc.StatusCode] = []

        def send(token: str | None) -> None:
            metadata = [("authorization", f"Bearer {token}")] if token else []
            try:
                channel.unary_unary("/judge.v1.JudgeService/ImportGame")(payload, metadata=metadata,
                                                                         timeout=SAFETY_TIMEOUT_S * 5)
                codes.append(grpc.StatusCode.OK)
            except grpc.RpcError as error:
                codes.append(error.code())  # type: ignore[attr-defined]

        send(admin_token)  # warm: code loaded; read, then refused as the bytes it is
        before = _rss_bytes(judge.proc.pid)
        senders = [threading.Thread(target=send, args=(token,)) for token in [None] * 24]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(SAFETY_TIMEOUT_S * 5)
        grown = _rss_bytes(judge.proc.pid) - before
        print(f"24 refused requests of 32 MiB: memory +{grown / 2**20:.1f} MiB")
        assert sorted(c.name for c in codes) == ["INVALID_ARGUMENT"] + ["UNAUTHENTICATED"] * 24
        assert grown < 2 * len(payload), grown
        with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
            assert client.get_server_key().public_key
        assert judge.stop() == 0
