"""How a stream's events are cut into batches (judge/server/batches.py): at ``max_batch`` events,
once a batch's encoded events reach the byte bound, where nothing more is waiting (a Watch's live
events are never held back), and before the caught-up marker, which travels alone. Every event is
sent once, in order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.server.batches import batched
from judge.v1 import judge_pb2 as pb


def event(version: int, payload: str = "{}") -> pb.Event:
    return pb.Event(version=version, kind="CommandAccepted", payload_json=payload)


def test_a_batch_ends_at_max_batch_and_the_last_holds_the_rest() -> None:
    steps = [(event(v), f"after {v}", True) for v in range(1, 8)]
    assert [([e.version for e in events], game) for events, game in batched(steps, 3)] == [
        ([1, 2, 3], "after 3"), ([4, 5, 6], "after 6"), ([7], "after 7")]


def test_a_batch_ends_once_its_bytes_reach_the_bound() -> None:
    big = "x" * 600
    steps = [(event(v, big), v, True) for v in range(1, 6)]
    sizes = [len(events) for events, _ in batched(steps, 1000, max_bytes=1000)]
    assert sizes == [2, 2, 1]


def test_live_events_are_sent_when_nothing_more_waits_and_the_marker_alone() -> None:
    steps = [(event(1), 1, True), (event(2), 2, True), (None, 2, False),
             (event(3), 3, False), (event(4), 4, True), (event(5), 5, False)]
    assert [[e.version for e in events] for events, _ in batched(steps, 100)] == [[1, 2], [], [3], [4, 5]]


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 300)), max_size=60), st.integers(2, 10))
def test_every_event_is_sent_once_in_order_within_the_bounds(steps: list[tuple[bool, int]], size: int) -> None:
    stream = [(event(v + 1, "y" * n), v + 1, waiting) for v, (waiting, n) in enumerate(steps)]
    out = list(batched(stream, size, max_bytes=1000))
    assert [e.version for events, _ in out for e in events] == list(range(1, len(steps) + 1))
    for events, game in out:
        assert 1 <= len(events) <= size and game == events[-1].version
        assert sum(e.ByteSize() for e in events[:-1]) < 1000
