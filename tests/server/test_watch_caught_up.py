"""Watch marks where the stored history ends and live events begin (one
``caught_up`` message between them), so a client resuming from a version
knows when it has caught up."""

from __future__ import annotations

from tests.server.support import SAFETY_TIMEOUT_S, Table


def test_the_marker_follows_the_stored_events_and_precedes_live_ones(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    with table.spectator.watch(table.game_id, after_version=0, timeout=SAFETY_TIMEOUT_S,
                               caught_up=True) as stream:
        stored = [next(stream), next(stream)]
        assert [(s.caught_up, s.event.version) for s in stored] == [(False, 1), (False, 2)]
        marker = next(stream)
        assert marker.caught_up and not marker.HasField("event")
        assert marker.view.version == 2 == stream.caught_up_version
        table.seats[0].submit(table.game_id, 0, "loot_room")
        live = next(stream)
        assert (live.caught_up, live.event.version, live.event.action) == (False, 3, "loot_room")


def test_resuming_at_the_current_version_is_caught_up_at_once(table: Table) -> None:
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    with table.spectator.watch(table.game_id, after_version=2, timeout=SAFETY_TIMEOUT_S,
                               caught_up=True) as stream:
        marker = next(stream)
        assert marker.caught_up and marker.view.version == 2
        assert not marker.view.seats[0].hand  # the marker's view is the spectator's own
        table.seats[0].submit(table.game_id, 0, "loot_room")
        assert next(stream).event.version == 3


def test_the_client_hides_the_marker_unless_asked_but_records_it(table: Table) -> None:
    with table.spectator.watch(table.game_id, after_version=0, timeout=SAFETY_TIMEOUT_S) as stream:
        first = next(stream)
        assert first.event.version == 1 and stream.caught_up_version is None
        table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
        second = next(stream)
        assert not second.caught_up and second.event.version == 2
        assert stream.caught_up_version == 1
