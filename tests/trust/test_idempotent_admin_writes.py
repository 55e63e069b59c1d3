"""Imports and dispute resolutions carry an idempotency key like a command's
id: a retry after a lost answer gets the stored outcome and writes nothing
again; the admin lists the games a judge holds.

DESIGN "The API": "a retry of the same id returns the first result and never
records twice."
"""

from __future__ import annotations

import threading

import grpc
import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table


def _refused(call) -> JudgeRpcError:  # type: ignore[no-untyped-def]
    with pytest.raises(JudgeRpcError) as caught:
        call()
    return caught.value


def test_a_retried_resolution_answers_the_stored_one(table: Table) -> None:
    gid = table.game_id
    table.seats[0].submit(gid, 0, "kick_door", card="elf")
    dispute = table.seats[1].open_dispute(gid, 1, 2, "that was no elf").dispute
    org = table.organizer
    first = org.resolve_dispute(gid, dispute.dispute_id, False, "it was", request_id="resolve-1")
    version = org.get_view(gid).view.version
    again = org.resolve_dispute(gid, dispute.dispute_id, False, "it was", request_id="resolve-1")
    assert (again.dispute, again.receipt) == (first.dispute, first.receipt)
    assert org.get_view(gid).view.version == version  # nothing recorded twice
    # Another key is a second resolution of a resolved dispute: refused.
    other = _refused(lambda: org.resolve_dispute(gid, dispute.dispute_id, False, "it was", request_id="resolve-2"))
    assert other.code == grpc.StatusCode.INVALID_ARGUMENT and other.field_violations[0][0] == "dispute_id"
    # The same key with another resolution: refused, naming the key.
    changed = _refused(lambda: org.resolve_dispute(gid, dispute.dispute_id, True, "it was", request_id="resolve-1"))
    assert changed.code == grpc.StatusCode.INVALID_ARGUMENT and changed.field_violations[0][0] == "request_id"
    assert org.get_view(gid).view.version == version


def test_a_retried_import_imports_once_with_fresh_tokens(judge: Judge, admin: JudgeClient,
                                                         client: JudgeClient) -> None:
    source = open_table(client)
    source.seats[0].submit(source.game_id, 0, "kick_door", card="elf")
    record = source.organizer.export_game(source.game_id).record
    before = {g.game_id for g in admin.all_games()}
    first = admin.import_game(record, request_id="import-1")
    again = admin.import_game(record, request_id="import-1")
    assert again.game.game_id == first.game.game_id
    after = [g for g in admin.all_games() if g.game_id not in before]
    assert [g.game_id for g in after] == [first.game.game_id]
    assert after[0].imported_from == source.game_id and list(after[0].seats) == ["Anna", "Ben", "Cem"]
    # Only the retry's answer reached the client: its tokens work, the first answer's do not.
    gid = first.game.game_id
    assert client.with_token(again.game.seat_tokens[0].token).get_view(gid).view.version == 2
    old = _refused(lambda: client.with_token(first.game.seat_tokens[0].token).get_view(gid))
    assert old.code == grpc.StatusCode.UNAUTHENTICATED
    # The key with another record is refused and imports nothing.
    source.seats[0].submit(source.game_id, 0, "loot_room")
    longer = source.organizer.export_game(source.game_id).record
    reused = _refused(lambda: admin.import_game(longer, request_id="import-1"))
    assert reused.code == grpc.StatusCode.INVALID_ARGUMENT and reused.field_violations[0][0] == "request_id"
    assert len([g for g in admin.all_games() if g.game_id not in before]) == 1


def test_the_same_import_from_two_connections_at_once_imports_once(judge: Judge, admin: JudgeClient,
                                                                   client: JudgeClient) -> None:
    source = open_table(client)
    record = source.organizer.export_game(source.game_id).record
    before = {g.game_id for g in admin.all_games()}
    start = threading.Barrier(2)
    ids: list[str] = []

    def importer() -> None:
        with JudgeClient(judge.target, judge.admin_token, timeout=SAFETY_TIMEOUT_S) as c:
            start.wait(SAFETY_TIMEOUT_S)
            ids.append(c.import_game(record, request_id="import-race").game.game_id)

    threads = [threading.Thread(target=importer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(SAFETY_TIMEOUT_S)
    assert len(ids) == 2 and ids[0] == ids[1]
    assert [g.game_id for g in admin.all_games() if g.game_id not in before] == [ids[0]]


def test_the_admin_lists_games_page_by_page(admin: JudgeClient, client: JudgeClient, table: Table) -> None:
    made = [open_table(client).game_id for _ in range(3)]
    everything = [g.game_id for g in admin.all_games()]
    assert everything[-3:] == made and table.game_id in everything
    first = admin.list_games(page_size=2)
    assert len(first.games) == 2 and first.next_page_token
    rest = admin.list_games(page_token=first.next_page_token)
    assert [g.game_id for g in [*first.games, *rest.games]] == everything and not rest.next_page_token
    summary = first.games[0]
    assert summary.ruleset == "munchkin" and summary.rules_version.startswith("munchkin@")
    assert summary.created_at_ms > 0 and not summary.imported_from
    # Only the admin token lists; a bad page token or size is a field violation.
    assert _refused(lambda: table.organizer.list_games()).code in (grpc.StatusCode.PERMISSION_DENIED,
                                                                    grpc.StatusCode.UNAUTHENTICATED)
    for kwargs, field in (({"page_token": "x1"}, "page_token"), ({"page_size": 1001}, "page_size")):
        bad = _refused(lambda: admin.list_games(**kwargs))  # noqa: B023
        assert bad.code == grpc.StatusCode.INVALID_ARGUMENT and bad.field_violations[0][0] == field
