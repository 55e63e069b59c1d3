"""Batches of a Replay or Watch stream: up to ``max_batch`` events per message.

A batch ends when it holds ``max_batch`` events, when its encoded events reach ``BATCH_BYTES``
(so a message stays far below gRPC's message size limits: a batch is at most ``BATCH_BYTES`` plus
one event), when nothing more is waiting (a Watch's live events are sent as they come) and before
the caught-up marker of a Watch, which travels alone. The game after a batch's last event is handed
on with the batch while the stream still holds it, so a view is built once per batch.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from judge.common.i18n import N_, said
from judge.server.convert import Violations
from judge.v1 import judge_pb2 as pb

# The most events a client may ask for in one message.
MAX_BATCH = 1000
# A batch ends once its encoded events reach this many bytes (gRPC's default limit is 4 MiB).
BATCH_BYTES = 1 << 20

G = TypeVar("G")


def check(v: Violations, max_batch: int) -> None:
    """Refuse a ``max_batch`` above ``MAX_BATCH`` (0 and 1 mean one event per message)."""
    if max_batch > MAX_BATCH:
        v.add("max_batch", said(N_("must be at most {n} events per message, not {value}"),
                                n=MAX_BATCH, value=max_batch))


def batched(
    steps: Iterable[tuple[pb.Event | None, G, bool]], max_batch: int, max_bytes: int = BATCH_BYTES,
) -> Iterator[tuple[list[pb.Event], G]]:
    """``steps`` (an event, or None for a marker; the game after it; whether more is already waiting)
    as batches ``(events, game after the last)``; a marker comes as ``([], game)``, alone.

    Each batch is yielded before the next step is read: a game folded in place is still the game
    after the batch's last event when the caller builds its view.
    """
    events: list[pb.Event] = []
    size = 0
    for event, game, waiting in steps:
        if event is None:
            if events:
                yield events, game  # a marker does not change the game
                events, size = [], 0
            yield [], game
            continue
        events.append(event)
        size += event.ByteSize()
        if len(events) >= max_batch or size >= max_bytes or not waiting:
            yield events, game
            events, size = [], 0
    if events:
        yield events, game
