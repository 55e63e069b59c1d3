"""Replay and Watch in batches (``max_batch``) carry exactly the events of the unbatched streams, in
the same order, as each caller may see them: seats and the spectator with the hidden cards of the
game of tests/trust/test_hidden_information.py redacted, the organizer with everything; with the
read mask ``event`` (no views, no fold where no summary is read), with views (the view of a batch is
the unbatched stream's view after the batch's last event), and on both storage backends. Watch keeps
its one caught-up marker and sends live events as they come. A ``max_batch`` above the bound is
refused, naming the field, in the caller's language."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.server.batches import MAX_BATCH
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient, JudgeRpcError, events_of
from tests.conftest import make_storage
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table, running_judge
from tests.trust.test_hidden_information import SECRETS, play, text_of

MASKS: tuple[Sequence[str] | None, ...] = (None, ["event"], ["event.version", "event.payload_json"],
                                           ["events.kind", "events.summary", "view.version"])


@pytest.fixture(scope="module")
def judge(backend: str, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Judge]:
    storage = make_storage(backend, tmp_path_factory.mktemp("batched"), request)
    with running_judge(storage, max_workers=40) as running:
        yield running


@pytest.fixture(scope="module")
def client(judge: Judge) -> Iterator[JudgeClient]:
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as c:
        yield c


@pytest.fixture(scope="module")
def played(client: JudgeClient) -> Table:
    """One game with hidden cards, a dispute and its dismissal, played once per backend."""
    table = open_table(client)
    play(table)
    return table


def viewers(table: Table) -> dict[str, JudgeClient]:
    return {"anna": table.seats[0], "ben": table.seats[1], "spectator": table.spectator,
            "organizer": table.organizer}


def flat(steps: Sequence[pb.ReplayResponse | pb.WatchResponse]) -> list[pb.Event]:
    return [e for s in steps for e in events_of(s)]


def _unbatched_mask(mask: Sequence[str] | None) -> list[str] | None:
    return None if mask is None else [p.replace("events", "event", 1) if p.startswith("events") else p for p in mask]


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize("max_batch", [2, 5, MAX_BATCH])
def test_a_batched_replay_equals_the_unbatched_one_for_every_caller(
    played: Table, mask: Sequence[str] | None, max_batch: int,
) -> None:
    for who, client in viewers(played).items():
        one = list(client.replay(played.game_id, read_mask=_unbatched_mask(mask)))
        batched = list(client.replay(played.game_id, read_mask=mask, max_batch=max_batch))
        assert flat(batched) == [s.event for s in one], who
        assert all(not s.HasField("event") and 1 <= len(s.events) <= max_batch for s in batched)
        # A batch's view is the state after its last event, as the unbatched stream has it there.
        sent = 0
        for step in batched:
            sent += len(step.events)
            assert step.HasField("view") == (mask is None or "view.version" in mask)
            assert step.view == one[sent - 1].view
        if who in ("anna", "spectator"):
            assert not any(secret in text_of(s) for s in batched for secret in SECRETS), who


def test_a_replay_without_summaries_differs_from_the_unbatched_one_only_in_them(played: Table) -> None:
    for who, client in viewers(played).items():
        whole = [s.event for s in client.replay(played.game_id, read_mask=["event"])]
        lean = list(client.replay_events(played.game_id, read_mask=["event.version", "event.payload_json",
                                                                      "event.voided", "event.kind"]))
        assert [(e.version, e.payload_json, e.voided, e.kind) for e in whole] \
            == [(e.version, e.payload_json, e.voided, e.kind) for e in lean], who
        assert not any(e.summary for e in lean) and all(e.summary for e in whole)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_batch_size_and_range_replays_the_same_events(played: Table, data: st.DataObject) -> None:
    organizer, spectator = played.organizer, played.spectator
    last = organizer.get_view(played.game_id, read_mask=["view.version"]).view.version
    first = data.draw(st.integers(1, last), label="from_version")
    to = data.draw(st.sampled_from([0, *range(first, last + 1)]), label="to_version")
    size = data.draw(st.integers(0, 40), label="max_batch")
    client = data.draw(st.sampled_from([organizer, spectator]), label="caller")
    mask = data.draw(st.sampled_from([["event"], ["event", "view.version"]]), label="read_mask")
    one = list(client.replay(played.game_id, first, to, read_mask=mask))
    batched = list(client.replay(played.game_id, first, to, read_mask=mask, max_batch=size))
    assert flat(batched) == [s.event for s in one]
    if size > 1:
        assert [len(s.events) for s in batched[:-1]] == [size] * (len(batched) - 1)
        if "view.version" in mask:
            assert [s.view.version for s in batched] == [s.events[-1].version for s in batched]


@pytest.mark.parametrize("mask", [None, ["event"], ["event.version", "event.payload_json"]])
def test_a_batched_watch_equals_the_unbatched_one_in_history_and_live(
    client: JudgeClient, mask: Sequence[str] | None,
) -> None:
    table = open_table(client)
    play(table)
    gid = table.game_id
    streams = {who: (c.watch(gid, after_version=0, caught_up=True, timeout=SAFETY_TIMEOUT_S, read_mask=mask),
                     c.watch(gid, after_version=0, caught_up=True, timeout=SAFETY_TIMEOUT_S, read_mask=mask,
                             max_batch=4))
               for who, c in viewers(table).items()}
    try:
        histories = {}
        for who, (one, batched) in streams.items():
            one_history = list(itertools.takewhile(lambda r: not r.caught_up, one))
            batched_history = list(itertools.takewhile(lambda r: not r.caught_up, batched))
            assert one.caught_up_version == batched.caught_up_version
            assert flat(batched_history) == [r.event for r in one_history], who
            assert all(len(r.events) <= 4 and not r.HasField("event") for r in batched_history)
            if mask is None:
                views = {r.event.version: r.view for r in one_history}
                assert all(r.view == views[r.events[-1].version] for r in batched_history)
            histories[who] = one_history
        # Live: the active seat kicks open a door.
        before = table.organizer.get_view(gid, read_mask=["view.version"]).view.version
        active = table.organizer.get_view(gid, read_mask=["view.active_seat"]).view.active_seat
        seat = table.seats[active]
        seat.submit(gid, active, "kick_door", card="elf")
        new = table.organizer.get_view(gid, read_mask=["view.version"]).view.version - before
        assert new >= 1
        for who, (one, batched) in streams.items():
            one_live = [next(one) for _ in range(new)]
            batched_live: list[pb.WatchResponse] = []
            while sum(len(r.events) for r in batched_live) < new:
                batched_live.append(next(batched))
            assert flat(batched_live) == [r.event for r in one_live], who
            if mask is None:
                assert batched_live[-1].view == one_live[-1].view
            if who in ("anna", "spectator"):
                seen = [*histories[who], *one_live, *batched_live]
                assert not any(secret in text_of(r) for r in seen for secret in SECRETS), who
    finally:
        for one, batched in streams.values():
            one.cancel()
            batched.cancel()


@pytest.mark.parametrize("method", ["Replay", "Watch"])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_batch_above_the_bound_is_refused_naming_the_field(
    judge: Judge, played: Table, method: str, language: str,
) -> None:
    with JudgeClient(judge.target, token=played.organizer.token, language=language,
                     timeout=SAFETY_TIMEOUT_S) as client:
        with pytest.raises(JudgeRpcError) as caught:
            if method == "Replay":
                list(client.replay(played.game_id, max_batch=MAX_BATCH + 1))
            else:
                with client.watch(played.game_id, max_batch=MAX_BATCH + 1, timeout=SAFETY_TIMEOUT_S) as stream:
                    next(stream)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    [(field, description)] = caught.value.field_violations
    assert field == "max_batch" and str(MAX_BATCH + 1) in description
    assert ("Ereignisse je Nachricht" if language == "de" else "events per message") in description
