"""Identity and access: an interceptor authenticates every call; tokens are
random, stored only as hashes and never leave the server again; the
organizer rotates them; each role may do only what it may.

DESIGN "Trust": "Each seat gets its own secret token at creation, the
organizer another, spectators a read-only one."
"""

from __future__ import annotations

import logging
import sqlite3

import grpc
import pytest

from judge.domain.credentials import token_hash
from judge.store import Storage
from judge.server.interceptors import POLICY
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import Judge, Table, open_table


def code(call) -> grpc.StatusCode:  # type: ignore[no-untyped-def]
    with pytest.raises(JudgeRpcError) as caught:
        call()
    return caught.value.code


def all_tokens(table: Table) -> list[str]:
    g = table.game
    return [*(t.token for t in g.seat_tokens), g.organizer_token, g.spectator_token]


def test_tokens_are_random_and_distinct(client: JudgeClient) -> None:
    a, b = open_table(client), open_table(client)
    tokens = all_tokens(a) + all_tokens(b)
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 43 for t in tokens)  # 32 random bytes, url-safe base64


def test_every_game_method_needs_a_token_of_that_game(client: JudgeClient, table: Table) -> None:
    """The interceptor answers before the service: no token, a wrong token or
    another game's token is UNAUTHENTICATED for every method with a game id."""
    other = open_table(client)
    gid = table.game_id
    methods = [name for name in pb.DESCRIPTOR.services_by_name["JudgeService"].methods_by_name
               if POLICY.get(name, "game") == "game"]
    assert len(methods) == 13
    calls = {
        "Submit": lambda c: c.submit(gid, 0, "loot_room"),
        "Ask": lambda c: c.ask(gid, 0, "loot_room"),
        "LegalActions": lambda c: c.legal_actions(gid, 0),
        "GetView": lambda c: c.get_view(gid),
        "Replay": lambda c: list(c.replay(gid)),
        "Watch": lambda c: next(c.watch(gid, timeout=30)),
        "OpenDispute": lambda c: c.open_dispute(gid, 0, 1, "x"),
        "ResolveDispute": lambda c: c.resolve_dispute(gid, 1, False),
        "ListDisputes": lambda c: c.list_disputes(gid),
        "ExportGame": lambda c: c.export_game(gid),
        "Audit": lambda c: c.audit(gid),
        "RotateToken": lambda c: c.rotate_token(gid, "spectator"),
        "CorrectCard": lambda c: c.correct_card(gid, {"id": "elf", "name": "Elf", "deck": "door", "kind": "race"}),
    }
    for name in methods:
        call = calls[name]
        for token in (None, "not-a-token", other.game.organizer_token):
            assert code(lambda: call(client.with_token(token))) == grpc.StatusCode.UNAUTHENTICATED, name
    assert table.organizer.get_view(gid).view.version == 1  # nothing happened


def test_acting_for_another_seat_is_permission_denied(table: Table) -> None:
    gid = table.game_id
    assert code(lambda: table.seats[1].submit(gid, 0, "kick_door", card="elf")) == \
        grpc.StatusCode.PERMISSION_DENIED
    assert code(lambda: table.seats[1].legal_actions(gid, 0)) == grpc.StatusCode.PERMISSION_DENIED
    assert code(lambda: table.seats[1].ask(gid, 0, "loot_room")) == grpc.StatusCode.PERMISSION_DENIED
    assert code(lambda: table.seats[1].open_dispute(gid, 0, 1, "for Anna")) == \
        grpc.StatusCode.PERMISSION_DENIED


def test_spectators_only_watch(table: Table) -> None:
    gid = table.game_id
    spectator = table.spectator
    assert spectator.get_view(gid).view.version == 1
    assert [s.event.version for s in spectator.replay(gid)] == [1]
    for call in (lambda: spectator.submit(gid, 0, "kick_door", card="elf"),
                 lambda: spectator.open_dispute(gid, 0, 1, "x"),
                 lambda: spectator.audit(gid),
                 lambda: spectator.rotate_token(gid, "seat", 0),
                 lambda: spectator.submit(gid, 0, "record_adjustment", reason="x")):
        assert code(call) == grpc.StatusCode.PERMISSION_DENIED


def test_only_the_organizer_resolves_adjusts_audits_and_rotates(table: Table) -> None:
    gid = table.game_id
    table.seats[0].submit(gid, 0, "kick_door", card="elf")
    table.seats[1].open_dispute(gid, 1, 2, "that was a dwarf")
    for seat in table.seats:
        assert code(lambda: seat.resolve_dispute(gid, 1, True)) == grpc.StatusCode.PERMISSION_DENIED
        assert code(lambda: seat.audit(gid)) == grpc.StatusCode.PERMISSION_DENIED
        assert code(lambda: seat.rotate_token(gid, "organizer")) == grpc.StatusCode.PERMISSION_DENIED
    assert table.organizer.resolve_dispute(gid, 1, False).dispute.status == pb.DISPUTE_STATUS_DISMISSED
    assert table.organizer.audit(gid).clean


def test_imports_need_the_servers_admin_token(judge: Judge, table: Table, client: JudgeClient) -> None:
    record = table.organizer.export_game(table.game_id).record
    assert code(lambda: client.import_game(record)) == grpc.StatusCode.UNAUTHENTICATED
    for role in (table.organizer, table.seats[0], table.spectator):
        assert code(lambda: role.import_game(record)) == grpc.StatusCode.PERMISSION_DENIED
    assert code(lambda: client.with_token("x" * 43).import_game(record)) == grpc.StatusCode.PERMISSION_DENIED
    imported = client.with_token(judge.admin_token).import_game(record)
    assert imported.audit.clean
    # The admin token is the organizer of every game, the copy included.
    admin = client.with_token(judge.admin_token)
    assert admin.audit(imported.game.game_id).clean and admin.audit(table.game_id).clean


def test_rotation_replaces_a_token_at_once(judge: Judge, table: Table, client: JudgeClient) -> None:
    gid = table.game_id
    old_anna = table.game.seat_tokens[0].token
    new_anna = table.organizer.rotate_token(gid, "seat", 0)
    assert new_anna != old_anna
    assert code(lambda: client.with_token(old_anna).get_view(gid)) == grpc.StatusCode.UNAUTHENTICATED
    anna = client.with_token(new_anna)
    assert anna.submit(gid, 0, "kick_door", card="elf").version == 2
    # The spectator's and the organizer's tokens rotate too; the organizer
    # keeps acting with the new one only.
    old_spectator = table.game.spectator_token
    new_spectator = table.organizer.rotate_token(gid, "spectator")
    assert code(lambda: client.with_token(old_spectator).get_view(gid)) == grpc.StatusCode.UNAUTHENTICATED
    assert client.with_token(new_spectator).get_view(gid).view.version == 2
    new_organizer = table.organizer.rotate_token(gid, "organizer")
    assert code(lambda: table.organizer.audit(gid)) == grpc.StatusCode.UNAUTHENTICATED
    assert client.with_token(new_organizer).audit(gid).clean
    # Other seats are untouched.
    assert table.seats[1].get_view(gid).view.version == 2
    # Bad rotations are malformed requests.
    with pytest.raises(JudgeRpcError) as caught:
        client.with_token(new_organizer).rotate_token(gid, "seat", 9)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_rotation_ends_every_open_watch_of_the_old_token(table: Table, client: JudgeClient) -> None:
    """A rotated-out seat token loses its open stream before any later event
    (and that seat's hand) reaches it; the other seats' streams go on."""
    gid = table.game_id
    anna_old = table.seats[0]
    with anna_old.watch(gid, timeout=60) as stream, table.seats[1].watch(gid, timeout=60) as ben:
        assert next(stream).event.version == 1 and next(ben).event.version == 1
        new_anna = table.organizer.rotate_token(gid, "seat", 0)
        with pytest.raises(JudgeRpcError) as caught:
            next(stream)
        assert caught.value.code == grpc.StatusCode.UNAUTHENTICATED
        assert client.with_token(new_anna).submit(gid, 0, "kick_door", card="elf").version == 2
        assert next(ben).event.version == 2
    with client.with_token(new_anna).watch(gid, timeout=60) as fresh:
        assert [next(fresh).event.version for _ in range(2)] == [1, 2]


def test_a_game_has_one_canonical_id(table: Table) -> None:
    """The id as issued reaches the game; braces, a URN, upper case or no dashes do not."""
    gid = table.game_id
    assert table.organizer.get_view(gid).view.version == 1
    for spelling in (f"{{{gid}}}", f"urn:uuid:{gid}", gid.upper(), gid.replace("-", "")):
        assert code(lambda: table.organizer.get_view(spelling)) == grpc.StatusCode.NOT_FOUND, spelling
def stored_states(storage: Storage, table: str) -> list[tuple[bytes]]:
    """The ``state`` column of a PostgreSQL table of the judge."""
    with storage.connect() as conn:
        return list(conn.execute(f"SELECT state FROM {storage.schema}.{table}").fetchall())


def test_tokens_never_appear_in_the_database_exports_logs_or_errors(
    judge: Judge, client: JudgeClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    table = open_table(client)
    gid = table.game_id
    rotated = table.organizer.rotate_token(gid, "seat", 2)
    tokens = [*all_tokens(table), rotated]
    answers: list[str] = []
    table.seats[0].submit(gid, 0, "kick_door", card="elf")
    for token in [*tokens, tokens[0][:-1] + "x"]:
        c = client.with_token(token)
        for call in (lambda: c.submit(gid, 1, "loot_room"), lambda: c.export_game(gid),
                     lambda: c.audit(gid), lambda: c.import_game("x")):
            try:
                answers.append(str(call()))
            except JudgeRpcError as e:
                answers.append(f"{e} {e.error_info} {e.field_violations}")
    answers.append(table.organizer.export_game(gid).record)
    answers.append(str(list(table.organizer.replay(gid))))
    logs = "\n".join(r.getMessage() for r in caplog.records)
    database = b""
    if isinstance(judge.db, Storage):  # PostgreSQL: every stored row
        rows = b"".join(bytes(r[0]) for r in stored_states(judge.db, "judgeapp_events")) + \
            b"".join(bytes(r[0]) for r in stored_states(judge.db, "judgeapp_snapshots"))
        database = rows
    else:
        for suffix in ("", "-wal"):
            try:
                with open(f"{judge.db}{suffix}", "rb") as f:
                    database += f.read()
            except FileNotFoundError:
                pass
        with sqlite3.connect(judge.db) as db:
            rows = b"".join(r[0] for r in db.execute("SELECT state FROM stored_events"))
    assert database
    for token in tokens:
        assert token not in logs
        assert all(token not in a for a in answers)
        assert token.encode() not in database
    # Only hashes are stored: the hash of a live token is in the credentials.
    assert token_hash(rotated).encode() in rows
