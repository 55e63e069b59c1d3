"""Availability: one client must never stop the others (judge/server/admission.py).

Every test runs a real judge listening on both loopbacks: the stranger
calls from 127.0.0.1, the honest table from ::1, so the judge sees two
client addresses. Every assertion is about answers and counts, never
about how long anything took; waits have a generous safety deadline only.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import pytest

from judge.domain.credentials import token_hash
from judge.server.admission import Admission, RateLimit
from judge.server.convert import MAX_CARD_JSON_LENGTH, MAX_CUSTOM_CARDS, MAX_CUSTOM_CARDS_LENGTH
from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge_client import JudgeClient, JudgeRpcError
from tests.server.monkic_support import bot_game, open_monkic
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table
from tests.support.judge_process import JUDGE
from tests.support.launch import launched
from tests.trust.conftest import trust_judge

QUIET = Admission(client_rate=None, create_rate=None, stall_s=None)
"""The default stream limits (8 per client address, 16 Watch per game),
no stall timeout, no per-address rates: each test switches on what it tests."""

STALLING = [("grpc.http2.bdp_probe", 0), ("grpc.http2.lookahead_bytes", 1024)]
"""A client that reads nothing: a 1 KiB window, never widened."""



@contextmanager
def two_addresses(tmp_path: Path, **options: Any) -> Iterator[tuple[Judge, str, str]]:
    """A judge on both loopbacks; the stranger's target (127.0.0.1) and the
    honest table's (::1)."""
    with trust_judge(tmp_path / "judge.sqlite3", listen="[::]", **{"admission": QUIET, **options}) as judge:
        port = judge.target.rsplit(":", 1)[1]
        yield judge, f"127.0.0.1:{port}", f"[::1]:{port}"


def stalled_streams(target: str, method: str, request: Any, token: str, count: int) -> tuple[list[Any], int]:
    """Open ``count`` streams that read one message at most: the ones the
    judge admitted (their first message read, the rest never) and how many
    it refused RESOURCE_EXHAUSTED."""
    channel = grpc.insecure_channel(target, options=STALLING)
    stub = judge_pb2_grpc.JudgeServiceStub(channel)
    admitted: list[Any] = []
    refused = 0
    for _ in range(count):
        call = getattr(stub, method)(request, metadata=[("authorization", f"Bearer {token}")],
                                     timeout=SAFETY_TIMEOUT_S * 5)
        try:
            next(call)
            admitted.append(call)
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, error  # type: ignore[attr-defined]
            refused += 1
    return admitted, refused


def honest_table_plays_to_the_end(target: str) -> int:
    """A dealt monkic table played to its end by the bot, every call
    answered (the bot stops at the first error); the actions it took."""
    with JudgeClient(target, timeout=SAFETY_TIMEOUT_S) as honest:
        table = open_monkic(honest, mode="dealt")
        steps = bot_game(table)
        view = table.spectator.get_view(table.game_id).view
        assert view.status == pb.GAME_STATUS_FINISHED
        # The table's own streams are served too (a seat's: the table pool): a full replay and a watch.
        assert sum(1 for _ in table.seats[0].replay(table.game_id)) == view.version
        with table.seats[1].watch(table.game_id, after_version=view.version - 1,
                                  timeout=SAFETY_TIMEOUT_S) as watch:
            assert next(watch).event.version == view.version
        return steps


def stranger_game(target: str) -> Table:
    """The stranger's own finished game: a replay of it is many messages."""
    with JudgeClient(target, timeout=SAFETY_TIMEOUT_S) as stranger:
        table = open_monkic(stranger, mode="dealt")
        bot_game(table)
        return table


def test_unread_replay_streams_do_not_hold_the_workers(tmp_path: Path) -> None:
    """40 Replay streams the stranger never reads (a spectator's token: the
    open pool, half of the 12 streams): 6 are admitted, 34 refused at once;
    the honest table plays to the end with every call answered, its own
    replay and watch included (tests/trust/test_stream_pools.py: from 16
    addresses)."""
    with two_addresses(tmp_path, max_workers=24, max_streams=12) as (judge, stranger, honest):
        game = stranger_game(stranger)
        request = pb.ReplayRequest(game_id=game.game_id)
        admitted, refused = stalled_streams(stranger, "Replay", request, game.game.spectator_token, 40)
        assert (len(admitted), refused) == (6, 34)
        assert honest_table_plays_to_the_end(honest) > 0
        assert all(call.is_active() for call in admitted)  # still stalled: nothing timed them out
        for call in admitted:
            call.cancel()


def test_a_stalled_reader_is_cancelled_and_frees_its_slots(tmp_path: Path) -> None:
    """A stream whose client stops reading is cancelled once its message has
    waited the stall timeout; the client address may open streams again."""
    admission = Admission(client_rate=None, create_rate=None, stall_s=0.5, streams_per_client=2)
    with two_addresses(tmp_path, admission=admission) as (judge, stranger, honest):
        game = stranger_game(stranger)
        request = pb.ReplayRequest(game_id=game.game_id)
        admitted, refused = stalled_streams(stranger, "Replay", request, game.game.spectator_token, 3)
        assert (len(admitted), refused) == (2, 1)
        # The stranger's address may open a stream again once the judge has ended both stalled ones.
        deadline = time.monotonic() + SAFETY_TIMEOUT_S  # a safety net, not a measurement
        with JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as again:
            while True:
                try:
                    replayed = list(again.with_token(game.game.spectator_token).replay(game.game_id))
                    break
                except JudgeRpcError as error:
                    assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "streams_per_client" in error.message
                    assert time.monotonic() < deadline, "the judge never ended the stalled streams"
                    time.sleep(0.1)
        assert replayed[-1].event.version == len(replayed)
        codes = []
        for call in admitted:  # reading now finds the streams ended by the judge
            with pytest.raises(grpc.RpcError) as ended:
                for _ in call:
                    pass
            codes.append(ended.value.code())  # type: ignore[attr-defined]
        assert codes == [grpc.StatusCode.CANCELLED] * 2


def test_watch_limits_are_per_client_and_per_game(tmp_path: Path) -> None:
    """16 Watch streams on the stranger's own game: 8 admitted (per client
    address), 8 refused, and Watch on every other game still works; from
    one address, a game's Watch limit leaves other games' Watch open."""
    with two_addresses(tmp_path) as (judge, stranger, honest):
        with JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:
            own = open_table(client)
        watches, refused = stalled_streams(stranger, "Watch", pb.WatchRequest(game_id=own.game_id),
                                           own.game.spectator_token, 16)
        assert (len(watches), refused) == (8, 8)
        with JudgeClient(honest, timeout=SAFETY_TIMEOUT_S) as client:
            table = open_table(client)
            with table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S) as watch:
                assert next(watch).event.version == 1
        for call in watches:
            call.cancel()

    per_game = Admission(client_rate=None, create_rate=None, stall_s=None, streams_per_client=100,
                         watch_per_game=4)
    with two_addresses(tmp_path / "2", admission=per_game) as (judge, stranger, honest), \
            JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:
        first, second = open_table(client), open_table(client)
        watches, refused = stalled_streams(stranger, "Watch", pb.WatchRequest(game_id=first.game_id),
                                           first.game.spectator_token, 6)
        assert (len(watches), refused) == (4, 2)
        error = _failure(lambda: next(iter(first.spectator.watch(first.game_id, timeout=SAFETY_TIMEOUT_S))))
        assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "watch_per_game" in error.message
        with second.spectator.watch(second.game_id, timeout=SAFETY_TIMEOUT_S) as watch:
            assert next(watch).event.version == 1
        for call in watches:
            call.cancel()


def _failure(call: Any) -> JudgeRpcError:
    with pytest.raises(JudgeRpcError) as caught:
        call()
    return caught.value


def _card(i: int, size: int) -> str:
    """A custom card's JSON of ``size`` characters (padded in its name)."""
    head = f'{{"id": "custom-{i}", "name": "N", "deck": "door", "kind": "race", "text": "'
    return head + "x" * max(0, size - len(head) - 2) + '"}'


def test_hostile_creation_is_bounded(tmp_path: Path) -> None:
    """Custom cards are bounded in count, size and total; games created per
    client address are a token bucket (burst 13 here; every CreateGame
    call spends one, a refused one too): after 3 refused requests, a
    stranger asking for 40 games with the most custom cards allowed gets 10,
    and the database grows by no more than those 10 games' limits allow."""
    admission = Admission(client_rate=None, create_rate=RateLimit(1e-6, 13), stall_s=None)
    with two_addresses(tmp_path, admission=admission) as (judge, stranger, honest), \
            JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:
        seats = ["A:male", "B:female", "C:male"]
        cases = {
            "custom_cards": [_card(i, 10) for i in range(MAX_CUSTOM_CARDS + 1)],
            "custom_cards[0].json": [_card(0, MAX_CARD_JSON_LENGTH + 1)],
        }
        total = [_card(i, MAX_CARD_JSON_LENGTH) for i in range(MAX_CUSTOM_CARDS_LENGTH // MAX_CARD_JSON_LENGTH + 1)]
        cases["custom_cards "] = total  # all within the size of one card, too many characters in all
        for field, cards in cases.items():
            error = _failure(lambda: client.create_game("munchkin", seats, custom_cards=cards))
            assert error.code == grpc.StatusCode.INVALID_ARGUMENT
            assert field.strip() in dict(error.field_violations)
        admin = client.with_token(judge.admin_token)
        db = judge.db
        assert isinstance(db, Path)
        size_before = len(admin.list_games(page_size=1000).games), _stored_bytes(db)
        largest = [_card(i, MAX_CARD_JSON_LENGTH - 64) for i in range(MAX_CUSTOM_CARDS_LENGTH // MAX_CARD_JSON_LENGTH)]
        assert sum(map(len, largest)) <= MAX_CUSTOM_CARDS_LENGTH
        created, refused = 0, []
        for _ in range(40):
            try:
                client.create_game("munchkin", seats, custom_cards=largest)
                created += 1
            except JudgeRpcError as error:
                refused.append(error)
        assert created == 10 and len(refused) == 30
        assert all(e.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "create_rate" in e.message for e in refused)
        # The refusal says which setting lifts the limit.
        assert all("--create-limit" in e.message for e in refused)
        games, size = len(admin.list_games(page_size=1000).games), _stored_bytes(db)
        assert games - size_before[0] == 10
        # Each game stores its custom cards in its setup (and a snapshot may repeat them): at most
        # a few times the limit per game, plus the WAL's pages, never what was sent 40 times.
        assert size - size_before[1] <= 10 * 4 * MAX_CUSTOM_CARDS_LENGTH
        # The honest table, at another address, still creates its game.
        with JudgeClient(honest, timeout=SAFETY_TIMEOUT_S) as other:
            assert open_table(other).game_id


def test_a_creator_token_guards_game_creation(tmp_path: Path) -> None:
    """With a creator token, CreateGame needs it (or the admin token)."""
    creator = "creator-token-of-the-tournament"
    admission = Admission(client_rate=None, create_rate=None, stall_s=None, create_token_hash=token_hash(creator))
    with two_addresses(tmp_path, admission=admission) as (judge, stranger, honest), \
            JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:
        seats = ["A:male", "B:female", "C:male"]
        assert _failure(lambda: client.create_game("munchkin", seats)).code == grpc.StatusCode.UNAUTHENTICATED
        wrong = _failure(lambda: client.with_token("not-the-creator-token").create_game("munchkin", seats))
        assert wrong.code == grpc.StatusCode.PERMISSION_DENIED
        assert client.with_token(creator).create_game("munchkin", seats).game_id
        assert client.with_token(judge.admin_token).create_game("munchkin", seats).game_id
        # ImportGame keeps needing the admin token: the creator token does not import.
        denied = _failure(lambda: client.with_token(creator).import_game("{}"))
        assert denied.code == grpc.StatusCode.PERMISSION_DENIED


def test_a_flood_from_many_tokens_is_limited_per_address(tmp_path: Path) -> None:
    """200 tokens from 40 of the stranger's own games flood GetView from one
    address; its address's bucket refuses what passes its limit (each token
    alone stays under the per-token limit), while the honest table at
    another address plays to the end with every call answered."""
    client_rate = RateLimit(5.0, 1500)  # the honest table's whole game fits its own address's burst
    admission = Admission(client_rate=client_rate, create_rate=None, stall_s=None)
    with two_addresses(tmp_path, admission=admission, rate_limit=RateLimit(50.0, 200)) as (judge, stranger, honest):
        with JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:
            games = [open_table(client) for _ in range(40)]
        tokens = [(t.game_id, token) for t in games
                  for token in (*(s.token for s in t.game.seat_tokens), t.game.organizer_token, t.game.spectator_token)]
        assert len(tokens) == 200
        answered, refused, other = [0], [0], []
        lock = threading.Lock()
        done = threading.Event()
        started = time.monotonic()

        def flood(part: list[tuple[str, str]]) -> None:
            with JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as own:
                callers = [(game_id, own.with_token(token)) for game_id, token in part]
                while not done.is_set():
                    for game_id, caller in callers:
                        try:
                            caller.get_view(game_id)
                            with lock:
                                answered[0] += 1
                        except JudgeRpcError as error:
                            with lock:
                                if error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "client_rate" in error.message:
                                    refused[0] += 1
                                else:
                                    other.append(error)

        floods = [threading.Thread(target=flood, args=(tokens[i::4],)) for i in range(4)]
        for thread in floods:
            thread.start()
        try:
            steps = honest_table_plays_to_the_end(honest)
            deadline = time.monotonic() + SAFETY_TIMEOUT_S  # a safety net, not a measurement
            while not refused[0] and not other:  # the flood goes on until its address is refused
                assert time.monotonic() < deadline, "the flood was never refused"
                time.sleep(0.05)
        finally:
            done.set()
            for thread in floods:
                thread.join(SAFETY_TIMEOUT_S)
        elapsed = time.monotonic() - started
        assert steps > 0 and not other
        assert refused[0] > 0
        # Calls this 127.0.0.1 got answered: its burst plus what its rate refilled meanwhile.
        assert answered[0] <= client_rate.burst + client_rate.per_second * elapsed + 1


def _stored_bytes(db: Path) -> int:
    """The database's size: its file and its write-ahead log."""
    wal = db.with_name(db.name + "-wal")
    return db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)


def _rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_judge_serve_takes_the_admission_settings_and_bounds_memory(tmp_path: Path) -> None:
    """``judge serve`` as the README starts it, configured by JUDGE_* variables:
    a creator token file guards CreateGame and the creation burst bounds a
    hostile run of 60 creations with the largest custom cards allowed: the
    games created, the database and the judge's memory grow only by what the
    limits allow (sizes and counts, not times)."""
    token = tmp_path / "creator-token"
    token.write_text("a-creator-token-for-the-test\n")
    token.chmod(0o600)
    db = tmp_path / "served.sqlite3"
    env = {"JUDGE_LISTEN": "127.0.0.1:0", "JUDGE_DB": str(db), "JUDGE_CREATE_TOKEN_FILE": str(token),
           "JUDGE_CREATE_BURST": "20", "JUDGE_CREATE_LIMIT": "6", "JUDGE_STARTUP_CHECK": "none",
           "JUDGE_LOG_LEVEL": "WARNING", "JUDGE_WORKERS": "8", "JUDGE_TRUSTED_PROXIES": "10.0.0.0/8"}
    largest = [_card(i, MAX_CARD_JSON_LENGTH - 64) for i in range(MAX_CUSTOM_CARDS_LENGTH // MAX_CARD_JSON_LENGTH)]
    seats = ["A:male", "B:female", "C:male"]
    with launched([str(JUDGE), "serve"], tmp_path / "stderr.log", env=env) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        started = time.monotonic()  # before the first call that can take from the bucket: no refill before it counts
        anonymous = _failure(lambda: client.create_game("munchkin", seats))
        assert anonymous.code == grpc.StatusCode.UNAUTHENTICATED
        new = [str(JUDGE), "new", "munchkin", "--target", judge.target, "--json", *(f"-s{s}" for s in seats)]
        cli = {k: v for k, v in os.environ.items() if not k.startswith("JUDGE_")}
        refused_cli = subprocess.run(new, capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S, env=cli)
        assert refused_cli.returncode != 0 and "UNAUTHENTICATED" in refused_cli.stdout + refused_cli.stderr
        created_cli = subprocess.run(new, capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S,
                                     env={**cli, "JUDGE_TOKEN": "a-creator-token-for-the-test"})
        assert created_cli.returncode == 0, created_cli.stdout + created_cli.stderr
        creator = client.with_token("a-creator-token-for-the-test")
        creator.create_game("munchkin", seats, custom_cards=largest)  # warm: code loaded, caches filled
        memory, size = _rss_bytes(judge.proc.pid), _stored_bytes(db)
        created, refused = 2, 0  # the CLI's game and the warm-up
        for _ in range(60):
            try:
                creator.create_game("munchkin", seats, custom_cards=largest)
                created += 1
            except JudgeRpcError as error:
                assert error.code == grpc.StatusCode.RESOURCE_EXHAUSTED and "create_rate" in error.message
                refused += 1
        allowed = 20 + 6 * (time.monotonic() - started) / 60 + 1  # the burst, and what refilled meanwhile
        assert 20 <= created <= allowed and refused == 62 - created
        grown_memory, grown_db = _rss_bytes(judge.proc.pid) - memory, _stored_bytes(db) - size
        print(f"created {created}, refused {refused}: memory +{grown_memory / 2**20:.1f} MiB, "
              f"database +{grown_db / 2**20:.1f} MiB")
        assert grown_db <= created * 4 * MAX_CUSTOM_CARDS_LENGTH
        assert grown_memory <= created * 16 * MAX_CUSTOM_CARDS_LENGTH + 64 * 2**20
        assert judge.stop() == 0


def test_health_and_reflection_streams_count_as_streams(tmp_path: Path) -> None:
    """The health service's Watch and the reflection stream hold a worker
    like any stream: they are admitted per client address too, and other
    addresses are served."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with two_addresses(tmp_path, admission=Admission(client_rate=None, create_rate=None, stall_s=None,
                                                     streams_per_client=3)) as (judge, stranger, honest):
        channel = grpc.insecure_channel(stranger)
        health = health_pb2_grpc.HealthStub(channel)
        admitted: list[Any] = []
        refused = 0
        for _ in range(5):
            call = health.Watch(health_pb2.HealthCheckRequest(service=""), timeout=SAFETY_TIMEOUT_S * 5)
            try:
                assert next(call).status == health_pb2.HealthCheckResponse.SERVING
                admitted.append(call)
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
                refused += 1
        assert (len(admitted), refused) == (3, 2)
        with JudgeClient(stranger, timeout=SAFETY_TIMEOUT_S) as client:  # a reflection stream: over the limit
            from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

            info = reflection_pb2_grpc.ServerReflectionStub(grpc.insecure_channel(stranger)).ServerReflectionInfo(
                iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=SAFETY_TIMEOUT_S)
            with pytest.raises(grpc.RpcError) as over:
                list(info)
            assert over.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED  # type: ignore[attr-defined]
            assert client.list_rulesets().rulesets  # unary calls are served
        with JudgeClient(honest, timeout=SAFETY_TIMEOUT_S) as other:
            assert other.health("") == "SERVING"
            table = open_table(other)
            with table.spectator.watch(table.game_id, timeout=SAFETY_TIMEOUT_S) as watch:
                assert next(watch).event.version == 1
        for call in admitted:
            call.cancel()


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_client(tmp_path: Path) -> None:
    """With 127.0.0.1 as a trusted proxy, its calls count for the address
    its x-forwarded-for names (creation burst 1 each); ::1 is no proxy, so
    what it forwards changes nothing."""
    from judge.server.admission import parse_networks

    admission = Admission(client_rate=None, create_rate=RateLimit(1e-6, 1), stall_s=None,
                          trusted_proxies=parse_networks("127.0.0.1/32"))
    request = pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name=n, sex=pb.SEX_MALE) for n in "ABC"])
    with two_addresses(tmp_path, admission=admission) as (judge, proxy, direct):

        def create(target: str, forwarded: str) -> grpc.StatusCode:
            with grpc.insecure_channel(target) as channel:
                try:
                    judge_pb2_grpc.JudgeServiceStub(channel).CreateGame(
                        request, metadata=[("x-forwarded-for", forwarded)], timeout=SAFETY_TIMEOUT_S)
                    return grpc.StatusCode.OK
                except grpc.RpcError as error:
                    return error.code()  # type: ignore[attr-defined,no-any-return]

        assert create(proxy, "198.51.100.1, 203.0.113.1") == grpc.StatusCode.OK
        assert create(proxy, "203.0.113.1") == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert create(proxy, "203.0.113.1, 203.0.113.2") == grpc.StatusCode.OK
        assert create(direct, "203.0.113.3") == grpc.StatusCode.OK
        assert create(direct, "203.0.113.4") == grpc.StatusCode.RESOURCE_EXHAUSTED
