"""Disputes: opening one on a past event, its re-check, and the organizer's
resolution.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eventsourcing.application import AggregateNotFoundError

from judge.app.types import DisputeRecord
from judge.domain.request_keys import RequestKey, request_key_id
from judge.domain.game import Game, event_data, event_kind
from judge.domain.rules import judge_recorded, jsonable, ruling_from_dict
from judge.common.errors import InvalidArgument, PermissionDenied
from judge.rules.engine import Viewer
from judge.app.commands import Commands
from judge.app.views import hidden_recheck


class Disputes(Commands):
    """Disputes on past events."""

    def open_dispute(
        self, game_id: str, seat: int, event_version: int, reason: str, viewer: Viewer
    ) -> DisputeRecord:
        """A seat disputes a recorded command; the judge re-checks it at once
        against the state before it, with its recorded context."""

        def step(game: Game) -> int:
            if not viewer.is_seat(seat):
                raise PermissionDenied("only a seat may open a dispute, and only for itself")
            disputed_events = list(self.events.get(game.id, gt=event_version - 1, lte=event_version)) \
                if 1 <= event_version <= game.version else []
            kind = event_kind(disputed_events[0]) if disputed_events else ""
            game.check_disputable(seat, event_version, reason, kind)
            before = self._game(game_id, version=event_version - 1)
            [disputed] = disputed_events
            data = event_data(disputed)
            self._actors[(game.game_id, event_version)] = data["seat"]  # read once: see _actor
            recheck = judge_recorded(
                game.ruleset, before.state, data["seat"], data["action"], data["context"],
                data["effects"], secret_seed=self._seed(game),
            )
            return game.open_dispute(seat, event_version, reason, recheck, self._clock(), kind)

        game, _, dispute_id = self._write(game_id, step)
        return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self._receipt(game, game.version, game.version))

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
            self._require_organizer(viewer, "resolve a dispute")
            if request_id:
                done = self._used_key(scope, request_id)
                if done is not None:
                    return done
            disputed = game.check_resolvable(dispute_id, uphold, note)
            restored = None
            if uphold:
                before = self._game(game_id, version=disputed - 1)
                restored = jsonable(game.ruleset.to_dict(before.state))
            game.resolve_dispute(dispute_id, uphold, note, restored, self._clock())
            if request_id:
                keys.append(RequestKey(scope, request_id, {**wanted, "version": game.version}))
            return None

        game, _, done = self._write(game_id, step, keys)
        if done is None:
            return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                           receipt=self._receipt(game, game.version, game.version))
        version = int(done["version"])
        if {k: done[k] for k in wanted} != wanted:
            raise InvalidArgument(
                "request_id", f"{request_id!r} was already used for another resolution (version {version}); "
                "a retry must send the same request")
        [stored] = list(self.events.get(game.id, gt=version - 1, lte=version))
        return replace(self._dispute_record(game, game.dispute(dispute_id), viewer),
                       receipt=self._receipt(game, version, version, self._hash_of(stored)))

    def _used_key(self, scope: str, key: str) -> dict[str, Any] | None:
        """What the request with idempotency key ``key`` did, if it was stored."""
        try:
            used: object = self.repository.get(request_key_id(scope, key))
        except AggregateNotFoundError:
            return None
        return dict(used.outcome) if isinstance(used, RequestKey) else None

    def list_disputes(self, game_id: str, viewer: Viewer) -> list[DisputeRecord]:
        """All disputes of a game, oldest first (any viewer of the game)."""
        game = self._game(game_id)
        return [self._dispute_record(game, d, viewer) for d in game.disputes]

    def _dispute_record(self, game: Game, d: dict[str, Any], viewer: Viewer) -> DisputeRecord:
        recheck = d["recheck"]
        if not self._sees_disputed(game, int(d["event_version"]), viewer):
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
            recheck_summary=str(recheck.get("summary", "")),
            resolution_note=d["note"],
            opened_at_version=d["opened_at_version"],
            resolved_at_version=d["resolved_at_version"],
        )
