"""Records: export, import (with its audit) and the audit of a stored game.

``Records`` takes the ``GameStore`` (games, snapshots, the server key),
``Access`` (seeds, receipts, credentials for a retried import), ``Views``
(what a viewer may see of each event, the view of an imported game) and
``Games`` (an imported game is issued like a created one).
"""

from __future__ import annotations

import hashlib
from typing import Any

from eventsourcing.persistence import IntegrityError

from judge.app.access import Access, require_organizer
from judge.app.game_store import GameStore
from judge.app.games import Games
from judge.app.types import Created
from judge.app.views import Views
from judge.record.audit import AuditReport, Discrepancy
from judge.domain.request_keys import RequestKey
from judge.domain.game import (
    Game,
    chain_data,
    event_data,
    event_kind,
    recorded_at_ms,
    redacted_data,
)
from judge.domain.rules import same_state
from judge.common.i18n import N_, nsaid, said
from judge.common.errors import InvalidArgument, ResourceExhausted
from judge.record import (
    STATE,
    GameRecord,
    RecordedEvent,
    RecordHeader,
    read_record,
    revealed_seed,
    run_audit,
    server_key_dict,
    write_record,
)
from judge.rules.engine import ORGANIZER, GameSetup, Viewer


class Records:
    """Export, import and audit of game records."""

    def __init__(self, store: GameStore, access: Access, views: Views, games: Games):
        self.store = store
        self.access = access
        self.views = views
        self.games = games

    def _game_record(self, game: Game, viewer: Viewer) -> GameRecord:
        """The game's record as ``viewer`` may see it (complete for the
        organizer). Line numbers are those of the exported text. Its
        receipts are not signed here but by ``export_game`` (the audit needs
        none): the header counts one per event of a complete record."""
        events = []
        for e in self.store.events.get(game.id, lte=game.version):
            kind = event_kind(e)
            data = event_data(e)
            shown = self.views.shown(game, kind, data, viewer)
            chain = chain_data(e) if viewer.sees_everything else None
            events.append(RecordedEvent(
                version=e.originator_version,
                kind=kind,
                recorded_at_ms=recorded_at_ms(kind, data),
                data=shown,
                line=e.originator_version + 1,
                chain=chain,
            ))
        if viewer.sees_everything:
            redacted_for = None
        elif viewer.role == "seat":
            redacted_for = f"seat {viewer.seat}"
        else:
            redacted_for = viewer.role
        header = RecordHeader(
            game_id=game.game_id,
            ruleset=str(game.setup.get("ruleset", "")),
            variants=list(game.setup.get("variants", [])),
            rules_version=game.rules_version,
            setup=redacted_data(game.ruleset, "GameCreated", {"setup": game.setup}, viewer)["setup"],
            exported_at_ms=self.store.now_ms(),
            events=len(events),
            redacted_for=redacted_for,
            server_key=server_key_dict(self.store.key) if viewer.sees_everything else None,
            receipts=len(events) if viewer.sees_everything else 0,
            opening_decks=_opening_decks(game),
        )
        return GameRecord(header, events)

    def export_game(self, game_id: str, viewer: Viewer) -> str:
        """The game as a JSON Lines record (docs/record-format.md): complete
        for the organizer (with the hash chain, the receipts of every event
        and the seal, all signed with the server key), redacted for a seat
        or a spectator (without chain, receipts and seal: hashes of hidden
        data are not handed out)."""
        game = self.store.game(game_id)
        record = self._game_record(game, viewer)
        receipts = [self.access.receipt(game, e.version, e.version, e.chain["hash"])
                    for e in record.events if e.chain is not None]
        return write_record(record.header, record.events, receipts,
                            self.store.key if viewer.sees_everything else None)

    def import_game(self, record: str, request_id: str = "") -> tuple[Created, AuditReport]:
        """Import a complete record as a new game (new id, new tokens).

        The record is audited first; any discrepancy refuses the import with
        ``InvalidArgument`` (field ``record``) naming the line and the problem.

        With a ``request_id`` (idempotency key), a retry of an import that was
        stored imports nothing again: it answers with the game already
        imported and fresh tokens for it (the lost answer's tokens stop
        working, since only the retry's answer reached the client).
        """
        parsed = read_record(record)
        count = len(parsed.events) + len(parsed.problems)
        if count > self.store.max_events_per_game:
            raise ResourceExhausted(
                said(N_("the record has {count} events, more than the limit of {max_events_per_game} events per "
                         "game (max_events_per_game)"),
                     count=count, max_events_per_game=self.store.max_events_per_game))
        audit = run_audit(parsed).report
        if not audit.clean:
            first = audit.discrepancies[0]
            more = len(audit.discrepancies) - 1
            raise InvalidArgument(
                "record",
                nsaid(N_("{kind} at version {version}: {detail} (and {n} more discrepancy)"),
                      N_("{kind} at version {version}: {detail} (and {n} more discrepancies)"), more,
                      kind=said(first.kind), version=first.version, detail=first.detail) if more else
                said(N_("{kind} at version {version}: {detail}"), kind=said(first.kind), version=first.version,
                     detail=first.detail),
            )
        creation, *rest = parsed.events
        try:
            game = Game.imported(
                setup=creation.data["setup"],
                rules_version=creation.data["rules_version"],
                created_at_ms=creation.data["created_at_ms"],
                source_game_id=parsed.header.game_id,
                imported_at_ms=self.store.now_ms(),
            )
            for e in rest:
                game.restore(e.kind, e.data)
        except InvalidArgument as e:
            raise InvalidArgument("record", said(N_("{field}: {problem}"), field=e.field, problem=e.message)) from e
        except Exception as e:  # noqa: BLE001 - an untrusted record must not crash the import
            raise InvalidArgument("record", said(N_("cannot be restored: {problem}"),
                                                 problem=f"{type(e).__name__}: {e}")) from e
        digest = hashlib.sha256(record.encode("utf-8")).hexdigest()
        if request_id:
            done = self.store.request_outcome("import", request_id)
            if done is not None:
                return self._imported_again(done, digest, request_id), audit
        seed = None
        if creation.data["setup"].get("mode") == "dealt":
            # A clean dealt record has revealed its seed (the audit checked
            # it against the commitment); the copy keeps it for its audits.
            revealed = revealed_seed(parsed)
            seed = bytes.fromhex(revealed[1]) if revealed is not None else None
        if not request_id:
            return self.games.issue(game, seed), audit
        key = RequestKey("import", request_id, {"game_id": game.game_id, "record_sha256": digest})
        try:
            return self.games.issue(game, seed, key), audit
        except IntegrityError:  # the same key, stored by a concurrent retry first
            done = self.store.request_outcome("import", request_id)
            if done is None:
                raise
            return self._imported_again(done, digest, request_id), audit

    def _imported_again(self, done: dict[str, Any], digest: str, request_id: str) -> Created:
        """The answer to a retried import: the stored game, with fresh tokens."""
        if done["record_sha256"] != digest:
            raise InvalidArgument(
                "request_id", said(N_("{request_id} was already used to import another record (game {game_id}); a "
                                       "retry must send the same record"),
                                   request_id=repr(request_id), game_id=done['game_id']))
        game_id = str(done["game_id"])
        game = self.store.game(game_id)
        seal = self.store.seal
        with self.store.lock_for(game_id):
            credentials = self.access.credentials_to_change(game_id)
            seats = [credentials.rotate("seat", seat, seal) for seat in range(game.seat_count)]
            organizer = credentials.rotate("organizer", None, seal)
            spectator = credentials.rotate("spectator", None, seal)
            self.store.save(credentials)
        return Created(
            game_id=game_id, seat_tokens=seats, organizer_token=organizer, spectator_token=spectator,
            rules_version=game.rules_version, view=self.views.view_of(game, ORGANIZER),
            receipt=self.store.key.receipt(game_id, 1, game.version, game.chain_head),
        )

    def audit(self, game_id: str, viewer: Viewer, current_rules: bool = False) -> AuditReport:
        """Re-validate every stored event (organizer only).

        Uses the offline audit of judge/record/audit.py on the game's complete
        record, and (with the pinned rules) also checks that the served state
        and every stored snapshot equal the replay (kind ``"state"``).
        """
        game = self.store.game(game_id)
        require_organizer(viewer, N_("audit a game"))
        record = self._game_record(game, ORGANIZER)
        snapshots: list[Any] = (
            list(self.store.snapshots.get(game.id, lte=game.version))
            if self.store.snapshots is not None and not current_rules else []
        )
        result = run_audit(record, current_rules=current_rules,
                           keep_states=[s.originator_version for s in snapshots],
                           secret_seed=self.access.seed(game))
        if current_rules:
            return result.report
        found = list(result.report.discrepancies)
        ruleset = game.ruleset
        for snap in snapshots:
            v = snap.originator_version
            if not same_state(ruleset, snap.state.get("state"), result.states.get(v)):
                found.append(Discrepancy(
                    version=v, kind=STATE,
                    detail=said(N_("the snapshot at version {version} differs from the replay of the events"),
                                version=v),
                ))
        if not same_state(ruleset, game.state, result.final_state) or result.final_version != game.version:
            found.append(Discrepancy(
                version=game.version, kind=STATE,
                detail=said(N_("the served state differs from the replay of the events")),
            ))
        found.sort(key=lambda d: d.version)
        return AuditReport(
            events_checked=result.report.events_checked,
            rules_version=result.report.rules_version,
            discrepancies=found,
        )


def _opening_decks(game: Any) -> dict[str, list[str]] | None:
    """A dealt game's decks at creation by shuffle label, for the header: with the
    seed the end reveals, anyone recomputes every draw without the catalogue
    (docs/record-format.md, "Chance at a dealt table"). The composition is public;
    the order stays secret until the seed is revealed."""
    hook = getattr(game.ruleset, "opening_decks", None)
    if hook is None or game.setup.get("mode") != "dealt":
        return None
    decks = hook(game.ruleset.initial_state(GameSetup.from_dict(game.setup)))
    return {label: list(cards) for label, cards in decks.items()} or None
