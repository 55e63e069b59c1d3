"""A retry answered with the stored result by whichever replica receives it.

Two applications on one store stand for two replicas (on PostgreSQL: two
judges on one database). Each keeps the games it last wrote in memory
(judge/app/live_games.py); a retry of a request the other replica stored must
not be answered from that older copy: the stored resolution of a dispute,
and a duplicate command as the game now is (voided by a rollback stored
through the other replica); and a command is judged on the game as stored,
not refused by the older copy."""

from __future__ import annotations

from tests.app.app_support import SETUP, MakeApp, seat
from judge.rules.engine import Command
from judge.rulesets.munchkin.actions import KickDoor, LootRoom, PlayCard


def test_a_resolution_stored_by_one_replica_is_the_answer_to_its_retry_on_the_other(make_app: MakeApp) -> None:
    a, b = make_app(), make_app()
    created = a.create_game(SETUP)
    game_id = created.game_id
    # B writes the game first, so it keeps version 2 in memory.
    b.submit(game_id, "kick", Command(0, KickDoor(card="elf")), None, seat(b, created, 0))
    a.submit(game_id, "race", Command(0, PlayCard(card="elf")), None, seat(a, created, 0))
    opened = a.open_dispute(game_id, 1, 3, "wrong timing", seat(a, created, 1))
    organizer_a = a.authenticate(game_id, created.organizer_token)
    stored = a.resolve_dispute(game_id, opened.dispute_id, True, "upheld", organizer_a, request_id="r-1")
    assert (stored.status, stored.resolved_at_version) == ("upheld", 5)

    organizer_b = b.authenticate(game_id, created.organizer_token)
    retried = b.resolve_dispute(game_id, opened.dispute_id, True, "upheld", organizer_b, request_id="r-1")
    assert (retried.status, retried.resolved_at_version) == ("upheld", 5)
    assert retried.receipt == stored.receipt
    assert b.list_disputes(game_id, organizer_b) == [retried]
    assert b.store.game(game_id).version == 5  # nothing recorded twice


def test_a_duplicate_command_on_a_replica_shows_the_rollback_the_other_stored(make_app: MakeApp) -> None:
    a, b = make_app(), make_app()
    created = a.create_game(SETUP)
    game_id = created.game_id
    kick = Command(0, KickDoor(card="elf"))
    first = b.submit(game_id, "kick", kick, None, seat(b, created, 0))
    assert first.version == 2 and not first.events[0].voided
    # A keeps version 1 (it created the game): looting is refused there before a kick, not here.
    a.submit(game_id, "loot", Command(0, LootRoom()), None, seat(a, created, 0))
    opened = a.open_dispute(game_id, 1, 2, "the door card was different", seat(a, created, 1))
    organizer = a.authenticate(game_id, created.organizer_token)
    a.resolve_dispute(game_id, opened.dispute_id, True, "", organizer)

    again = b.submit(game_id, "kick", kick, None, seat(b, created, 0))
    assert (again.duplicate, again.version) == (True, 2)
    assert again.events[0].voided  # as b's own event list says
    assert [e.voided for e in b.events(game_id, organizer, 2, 2)] == [True]
