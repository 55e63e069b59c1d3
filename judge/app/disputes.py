"""Disputes: opening one on a past event, its re-check, and the organizer's
resolution.

``Disputes`` takes the ``GameStore`` (the write path), ``Access`` (seeds,
receipts, permissions) and ``Views`` (who may see a re-check in full).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.app.access import Access, hash_of, require_organizer
from judge.app.game_store import GameStore
from judge.app.types import DisputeRecord
from judge.app.views import HIDDEN_RECHECK, Views, hidden_recheck
from judge.common.i18n import N_, said
from judge.common.errors import InvalidArgument, PermissionDenied
from judge.domain.game import Game, event_data, event_kind
from judge.domain.request_keys import RequestKey
from judge.domain.rules import LEGAL, REJECTED, RulingWords, judge_recorded, jsonable, ruling_from_dict
from judge.rules.engine import Viewer


class Disputes:
    """Disputes on past events."""

    def __init__(self, store: GameStore, access: Access, views: Views):
        self.store = store
        self.access = access
        self.views = views

    def open_dispute(
        self, game_id: str, seat: int, event_version: int, reason: str, viewer: Viewer
    ) -> DisputeRecord:
        """A seat disputes a recorded command; the judge re-checks it at once
        against the state before it, with its recorded context."""

        def step(game: Game) -> int:
            if not viewer.is_seat(seat):
                raise PermissionDenied(said(N_("only a seat may open a dispute, and only for itself")))
            disputed_events = list(self.store.events.get(game.id, gt=event_version - 1, lte=event_version)) \
                if 1 <= event_version <= game.version else []
            kind = event_kind(disputed_events[0]) if disputed_events else ""
            game.check_disputable(seat, event_version, reason, kind)
            before = self.store.game(game_id, version=event_version - 1)
            [disputed] = disputed_events
            data = event_data(disputed)
            self.views.note_actor(game.game_id, event_version, data["seat"])  # read once: see Views.actor
            recheck = judge_recorded(
                game.ruleset, before.state, data["seat"], data["action"], data["context"],
                data["effects"], secret_seed=self.access.seed(game),
            )
            return game.open_dispute(seat, event_version, reason, recheck, self.store.now_ms(), kind)

        game, _, dispute_id = self.store.write(game_id, step)
        return replace(self.dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self.access.receipt(game, game.version, game.version))

    def resolve_dispute(
        self, game_id: str, dispute_id: int, uphold: bool, note: str, viewer: Viewer,
        request_id: str = "",
    ) -> DisputeRecord:
        """The organizer upholds (rolls back to the state before the disputed
        event, voiding it and everything after it) or dismisses a dispute.

        With a ``request_id`` (idempotency key), a retry of a resolution that
        was stored gets the stored resolution and its receipt; the key sent
        with another resolution is refused."""
        scope = f"resolve:{game_id}"
        wanted = {"dispute_id": dispute_id, "uphold": uphold, "note": note}
        keys: list[Any] = []

        def step(game: Game) -> dict[str, Any] | None:
            require_organizer(viewer, N_("resolve a dispute"))
            if request_id:
                done = self.store.request_outcome(scope, request_id)
                if done is not None:
                    return done
            disputed = game.check_resolvable(dispute_id, uphold, note)
            restored = None
            if uphold:
                before = self.store.game(game_id, version=disputed - 1)
                restored = jsonable(game.ruleset.to_dict(before.state))
            game.resolve_dispute(dispute_id, uphold, note, restored, self.store.now_ms())
            if request_id:
                keys.append(RequestKey(scope, request_id, {**wanted, "version": game.version}))
            return None

        game, _, done = self.store.write(game_id, step, keys)
        if done is None:
            return replace(self.dispute_record(game, game.dispute(dispute_id), viewer),
                           receipt=self.access.receipt(game, game.version, game.version))
        version = int(done["version"])
        # The game as stored now: the copy this replica keeps may predate the resolution another
        # replica stored (judge/app/live_games.py).
        game = self.store.current(game_id)
        if {k: done[k] for k in wanted} != wanted:
            raise InvalidArgument(
                "request_id", said(N_("{request_id} was already used for another resolution (version {version}); a "
                                       "retry must send the same request"),
                                   request_id=repr(request_id), version=version))
        [stored] = list(self.store.events.get(game.id, gt=version - 1, lte=version))
        return replace(self.dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self.access.receipt(game, version, version, hash_of(stored)))

    def disputed_event_told(self, game_id: str, version: int, viewer: Viewer) -> dict[str, str]:
        """The event at ``version`` of the game told in every language, as ``viewer`` sees it (what a
        dispute is about, in words)."""
        [record] = self.views.event_records(game_id, viewer, version, version)
        return dict(record.summaries)

    def list_disputes(self, game_id: str, viewer: Viewer) -> list[DisputeRecord]:
        """All disputes of a game, oldest first (any viewer of the game)."""
        game = self.store.game(game_id)
        return [self.dispute_record(game, d, viewer) for d in game.disputes]

    def dispute_record(self, game: Game, d: dict[str, Any], viewer: Viewer) -> DisputeRecord:
        """The dispute ``d`` of ``game`` as ``viewer`` may see it."""
        recheck = d["recheck"]
        if not self.views.sees_disputed(game, int(d["event_version"]), viewer):
            recheck = hidden_recheck(recheck)
        ruling = recheck.get("ruling")
        return DisputeRecord(
            dispute_id=d["dispute_id"],
            opened_by=d["seat"],
            event_version=d["event_version"],
            reason=d["reason"],
            status=d["status"],
            recheck_legal=bool(recheck.get("legal")),
            recheck_ruling=ruling_from_dict(ruling) if ruling else None,
            recheck_summary=recheck_words(recheck),
            resolution_note=d["note"],
            opened_at_version=d["opened_at_version"],
            resolved_at_version=d["resolved_at_version"],
        )


def recheck_words(recheck: dict[str, Any]) -> str:
    """A re-check's outcome in words a reader's language can say (a ``Said``, which is its English as a
    string): the recorded effects confirmed, the ruling that forbids the command, or (the rules give
    other effects, or cannot judge it) the detail the re-check recorded."""
    if recheck.get("hidden"):
        return said(HIDDEN_RECHECK)
    if recheck.get("outcome") == LEGAL:
        return said(N_("the rules give the recorded effects"))
    ruling = recheck.get("ruling")
    if recheck.get("outcome") == REJECTED and ruling:
        return RulingWords(ruling_from_dict(ruling))
    return str(recheck.get("summary", ""))
