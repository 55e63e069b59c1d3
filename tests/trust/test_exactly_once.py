"""Exactly-once commands and concurrency over the real API.

DESIGN "The API": "Each command carries a client-chosen command id: a retry
of the same id returns the first result and never records twice."
"""

from __future__ import annotations

import random
import threading
from collections import defaultdict

import grpc
import pytest

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table

CARDS = ["kettensaege", "gehoernter-helm", "flammende-ruestung", "dolch-des-verrats",
         "stiefel-des-weglaufens", "ganzkoerper-schild", "magische-lampe", "huhn-auf-deinem-kopf"]


def test_the_same_command_id_twice_records_once_and_answers_the_same(table: Table) -> None:
    gid = table.game_id
    anna = table.seats[0]
    first = anna.submit(gid, 0, "kick_door", card="elf", command_id="door")
    anna.submit(gid, 0, "loot_room", command_id="loot")
    again = anna.submit(gid, 0, "kick_door", card="elf", command_id="door")
    assert again.duplicate and not first.duplicate
    assert (again.version, again.events, again.receipt, again.view) == \
        (first.version, first.events, first.receipt, first.view)
    ids = [s.event.command_id for s in table.organizer.replay(gid)]
    assert ids == ["", "door", "loot"]
    # The same id for another command is refused, not silently answered.
    with pytest.raises(JudgeRpcError) as caught:
        anna.submit(gid, 0, "end_turn", command_id="door")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_a_stale_expected_version_is_aborted(table: Table) -> None:
    gid = table.game_id
    table.seats[0].submit(gid, 0, "kick_door", card="elf", expected_version=1)
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit(gid, 0, "loot_room", expected_version=1)
    assert caught.value.code == grpc.StatusCode.ABORTED
    assert caught.value.error_info is not None
    assert dict(caught.value.error_info.metadata) == {"expected_version": "1", "actual_version": "2"}
    assert table.seats[0].submit(gid, 0, "loot_room", expected_version=2).version == 3


def test_the_same_command_from_two_connections_at_once_records_once(judge: Judge) -> None:
    """Two connections race the same command id, many times: one event each."""
    creator = JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S)
    table = open_table(creator)
    token = table.game.seat_tokens[0].token
    connections = [JudgeClient(judge.target, token, timeout=SAFETY_TIMEOUT_S) for _ in range(2)]
    try:
        for i, card in enumerate(CARDS):
            barrier = threading.Barrier(2, timeout=SAFETY_TIMEOUT_S)
            answers: list[pb.SubmitResponse] = []

            def send(client: JudgeClient) -> None:
                barrier.wait()
                answers.append(client.submit(table.game_id, 0, "reveal_card", card=card, command_id=f"r{i}"))

            threads = [threading.Thread(target=send, args=(c,)) for c in connections]
            for t in threads:
                t.start()
            for t in threads:
                t.join(SAFETY_TIMEOUT_S)
            assert len(answers) == 2
            assert sorted(a.duplicate for a in answers) == [False, True]
            a, b = answers
            assert (a.version, a.events, a.receipt) == (b.version, b.events, b.receipt)
        steps = list(table.organizer.replay(table.game_id))
        assert [s.event.command_id for s in steps] == ["", *(f"r{i}" for i in range(len(CARDS)))]
    finally:
        for c in [*connections, creator]:
            c.close()


def test_many_clients_on_many_games_leave_gap_free_streams_that_replay(judge: Judge) -> None:
    """4 games x 3 seats x 2 connections per seat send the same commands with
    the same ids (and some with a guessed expected_version), all at once."""
    rng = random.Random(20240611)
    creator = JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S)
    tables = [open_table(creator) for _ in range(4)]
    plans: dict[tuple[int, int], list[tuple[str, str, int | None]]] = {}
    for g in range(len(tables)):
        for seat in range(3):
            cards = rng.sample(CARDS, len(CARDS))
            plans[(g, seat)] = [(f"s{seat}-{i}", card, rng.choice([None, None, rng.randint(1, 20)]))
                                for i, card in enumerate(cards)]
    acked: dict[tuple[int, str], list[tuple[int, bytes, str]]] = defaultdict(list)
    aborted: list[tuple[int, str]] = []
    failures: list[BaseException] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(plans) * 2, timeout=SAFETY_TIMEOUT_S)

    def run(g: int, seat: int) -> None:
        table = tables[g]
        try:
            with JudgeClient(judge.target, table.game.seat_tokens[seat].token, timeout=SAFETY_TIMEOUT_S) as c:
                barrier.wait()
                for cid, card, expected in plans[(g, seat)]:
                    try:
                        r = c.submit(table.game_id, seat, "reveal_card", card=card, command_id=cid,
                                     expected_version=expected)
                    except JudgeRpcError as e:
                        if e.code != grpc.StatusCode.ABORTED:
                            raise
                        with lock:
                            aborted.append((g, cid))
                        continue
                    with lock:
                        acked[(g, cid)].append((r.version, bytes(r.receipt.signature), r.events[0].payload_json))
        except BaseException as e:  # noqa: BLE001 - reported below
            with lock:
                failures.append(e)

    threads = [threading.Thread(target=run, args=key) for key in plans for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(SAFETY_TIMEOUT_S * 4)
    assert not any(t.is_alive() for t in threads)
    assert not failures, failures
    assert len(acked) > 40 and all(len(v) >= 1 for v in acked.values())
    for g, table in enumerate(tables):
        steps = list(table.organizer.replay(table.game_id))
        versions = [s.event.version for s in steps]
        assert versions == list(range(1, len(steps) + 1))  # gap-free
        ids = [s.event.command_id for s in steps[1:]]
        assert len(ids) == len(set(ids))  # duplicate-free
        by_id = {s.event.command_id: s for s in steps}
        for (game, cid), answers in acked.items():
            if game != g:
                continue
            assert len({a[:2] for a in answers}) == 1, answers  # one answer, however often sent
            version, _, payload = answers[0]
            assert by_id[cid].event.version == version and by_id[cid].event.payload_json == payload
        for game, cid in aborted:
            if game == g and cid in by_id:  # the twin may have been accepted
                assert (g, cid) in acked
        audit = table.organizer.audit(table.game_id)
        assert audit.clean, audit  # the stream replays to the served state
    creator.close()
