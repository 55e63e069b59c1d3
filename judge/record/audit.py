"""The offline audit of a record: replay from its set-up, re-judge every
command with its recorded context, and report each discrepancy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from judge.rules import registry
from judge.domain.game import CREATION_KINDS, OPEN, STOP_REASONS
from judge.domain.rules import (
    DIFFERENT,
    LEGAL,
    MALFORMED,
    REJECTED,
    JudgeRuleset,
    judge_recorded,
    jsonable,
    rules_version_of,
    ruleset_for,
)
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, Said, nsaid, said
from judge.rules.chance import commitment
from judge.rules.engine import GameSetup, apply_all
from judge.rules.places import is_over, places_of
from judge.record.format import (
    GameRecord,
    Progress,
    RecordError,
    RecordProblem,
    RecordedEvent,
    SEED,
    SEED_REVEALED,
    STATE,
)
from judge.rules.ruling import Ruling


@dataclass(frozen=True)
class Discrepancy:
    """One thing an audit found wrong at ``version`` (``kind``: "rejected", "different", "state",
    "seed" or "malformed"), with the ruling where the rules refused the event."""

    version: int
    kind: str  # "rejected" | "different" | "state" | "seed" | "malformed"
    detail: str  # a ``Said`` message where the audit wrote it: ``in_lang`` says it in the reader's language
    ruling: Ruling | None = None


@dataclass(frozen=True)
class AuditReport:
    events_checked: int
    rules_version: str
    discrepancies: list[Discrepancy] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not self.discrepancies


@dataclass
class AuditResult:
    """What an audit found, plus the replayed states the application checks
    its stored state and snapshots against."""

    report: AuditReport
    final_state: Any = None
    final_version: int = 0
    states: dict[int, Any] = field(default_factory=dict)


def audit_record(
    record: GameRecord, current_rules: bool = False, secret_seed: bytes | None = None,
    progress: Progress | None = None,
) -> AuditReport:
    """Re-validate every event of a complete record, with no server and no
    database, and report each discrepancy (in version order).

    With ``current_rules`` the commands are re-judged by the current rules
    version of the record's ruleset instead of the pinned one; every event
    whose ruling would differ is listed.

    A dealt game is re-judged with its secret seed: ``secret_seed`` if given
    (the server's audit), otherwise the seed the rules revealed at the end of
    the game (a ``SeedRevealed`` effect), after checking it against the
    commitment ``setup.options.seed_sha256``. A dealt record whose seed is
    not revealed yet is reported (kind ``"seed"``) and only replayed.

    ``progress(done, total)`` is called after each line is judged (a
    progress bar of the command line).

    Raises :class:`RecordError` if the record is redacted or its rules
    version is unknown to this judge.
    """
    return run_audit(record, current_rules=current_rules, secret_seed=secret_seed, progress=progress).report


def run_audit(
    record: GameRecord,
    *,
    current_rules: bool = False,
    keep_states: Iterable[int] = (),
    secret_seed: bytes | None = None,
    progress: Progress | None = None,
) -> AuditResult:
    """The audit of :func:`audit_record`, also returning the replayed final
    state and the states after the versions in ``keep_states``."""
    if not record.complete:
        raise RecordError(
            1, "redacted_for",
            said(N_("the record is redacted for {reader}; only a complete record (exported by the organizer) "
                    "can be audited or imported"), reader=record.header.redacted_for),
        )
    try:
        ruleset = (
            registry.get(record.header.ruleset) if current_rules
            else ruleset_for(record.header.rules_version)
        )
    except InvalidArgument as e:
        raise RecordError(1, "rules_version", e.message) from e
    auditor = _Auditor(record, cast(JudgeRuleset, ruleset), current_rules, set(keep_states),
                       secret_seed)
    return auditor.run(progress)


def revealed_seed(record: GameRecord) -> tuple[int, str] | None:
    """``(version, hex seed)`` of the first ``SeedRevealed`` effect (or the seed a ``GameStopped``
    event reveals), if any."""
    for e in record.events:
        if e.kind == "GameStopped" and isinstance(e.data.get("seed"), str):
            return e.version, str(e.data["seed"])
        if e.kind != "CommandAccepted":
            continue
        for effect in e.data["effects"]:
            if effect.get("type") == SEED_REVEALED:
                return e.version, str(effect.get("seed", ""))
    return None


class _Auditor:
    """Replays a record and collects discrepancies."""

    def __init__(
        self, record: GameRecord, ruleset: JudgeRuleset, current_rules: bool, keep: set[int],
        secret_seed: bytes | None = None,
    ):
        self.secret_seed = secret_seed
        self.judging = True  # False: a dealt record without its seed is only replayed
        self.record = record
        self.ruleset = ruleset
        self.current_rules = current_rules
        self.keep = keep
        self.found: list[Discrepancy] = []
        self.state: Any = None
        self.seats = 0
        self.commands: dict[str, int] = {}
        self.disputes: list[dict[str, Any]] = []
        self.voided: list[tuple[int, int]] = []
        self.states: dict[int, Any] = {}
        self.stopped_at = 0  # the version of a GameStopped event, if any
        # Versions voided by an upheld dispute somewhere in the record: their
        # rulings are annulled, so the audit does not report them.
        self.finally_voided = self._voided_in_record()
        # States needed later: the state before each disputed event.
        for e in record.events:
            if e.kind == "DisputeOpened":
                self.keep.add(int(e.data["event_version"]) - 1)

    def _voided_in_record(self) -> set[int]:
        out: set[int] = set()
        for e in self.record.events:
            if e.kind == "DisputeResolved" and e.data["upheld"]:
                lo, hi = e.data["voided_from"], e.data["voided_to"]
                if isinstance(lo, int) and isinstance(hi, int):
                    # Bounded by the record: a hostile range must not exhaust memory.
                    out.update(v for v in range(max(lo, 1), min(hi, e.version) + 1))
        return out

    def report(self, version: int, kind: str, detail: Said, ruling: Any = None) -> None:
        self.found.append(Discrepancy(version=version, kind=kind, detail=detail, ruling=ruling))

    def run(self, progress: Progress | None = None) -> AuditResult:
        header = self.record.header
        items: list[RecordedEvent | RecordProblem] = sorted(
            [*self.record.events, *self.record.problems], key=lambda x: x.line
        )
        expected = 1
        last_version = 0
        for done, item in enumerate(items):
            if progress is not None and done:
                progress(done, len(items))
            if isinstance(item, RecordProblem):
                version = item.version if item.version is not None else expected
                self.report(version, MALFORMED, item.said())
                expected = version + 1
                continue
            if item.version != expected:
                self.report(
                    item.version, MALFORMED,
                    said(N_("line {line}: version: expected {expected}, found {found}"), line=item.line,
                         expected=expected, found=item.version),
                )
            expected = item.version + 1
            try:
                if self.state is None:
                    if not self._create(item):
                        break
                else:
                    self._apply(item)
            except Exception as err:  # noqa: BLE001 - a hostile record must not stop the audit
                self.report(item.version, MALFORMED,
                            said(N_("line {line}: cannot be judged: {problem}"), line=item.line,
                                 problem=f"{type(err).__name__}: {err}"))
                if self.state is None:
                    break
            last_version = item.version
            if item.version in self.keep and self.state is not None:
                self.states[item.version] = self.state
        if progress is not None:
            progress(len(items), len(items))
        count = len(self.record.events) + len(self.record.problems)
        if self.state is None and not any(d.version <= 1 for d in self.found):
            self.report(1, MALFORMED, said(N_("line {line}: kind: the record has no GameCreated event"), line=2))
        if header.events != count:
            self.report(0, MALFORMED,
                        nsaid(N_("line {line}: events: the header announces {n} event, the record holds {count}"),
                              N_("line {line}: events: the header announces {n} events, the record holds {count}"),
                              header.events, line=1, count=count))
        self.found.sort(key=lambda d: d.version)
        report = AuditReport(
            events_checked=count,
            rules_version=rules_version_of(self.ruleset),
            discrepancies=self.found,
        )
        return AuditResult(report, self.state, last_version, self.states)

    # ---------------------------------------------------------------- creation

    def _create(self, e: RecordedEvent) -> bool:
        if e.kind not in CREATION_KINDS or e.version != 1:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: kind: a game starts with GameCreated or GameImported at version 1, "
                                "found {kind} at version {version}"), line=e.line, kind=e.kind, version=e.version))
            return False
        header = self.record.header
        if e.data["setup"] != header.setup:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: setup: differs from the header's set-up"), line=e.line))
        if e.data["rules_version"] != header.rules_version:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: rules_version: {found} differs from the header's {header}"),
                             line=e.line, found=repr(e.data["rules_version"]), header=repr(header.rules_version)))
        try:
            setup = GameSetup.from_dict(e.data["setup"])
            self.ruleset.validate_setup(setup)
            self.state = self.ruleset.initial_state(setup)
        except InvalidArgument as err:
            self.report(e.version, MALFORMED, said(N_("line {line}: {field}: {problem}"), line=e.line,
                                                   field=f"setup.{err.field}", problem=err.message))
            return False
        except Exception as err:  # noqa: BLE001 - an untrusted set-up must not stop the audit
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: setup: not a valid set-up: {problem}"), line=e.line,
                             problem=f"{type(err).__name__}: {err}"))
            return False
        self.seats = len(setup.seats)
        if setup.mode == "dealt":
            self._find_seed(setup)
        return True

    def _find_seed(self, setup: GameSetup) -> None:
        """The seed a dealt game is re-judged with (see ``audit_record``)."""
        committed = setup.options.get("seed_sha256")
        revealed = revealed_seed(self.record)
        if revealed is not None:
            version, text = revealed
            try:
                seed = bytes.fromhex(text)
            except ValueError:
                seed = b""
            if not seed or commitment(seed) != committed:
                self.report(version, SEED,
                            said(N_("line {line}: the revealed seed does not match the commitment "
                                    "setup.options.seed_sha256 made at creation"), line=self.record.line_of(version)))
            elif self.secret_seed is None:
                self.secret_seed = seed
            elif self.secret_seed != seed:
                self.report(version, SEED, said(N_("the revealed seed is not the game's secret seed")))
        if self.secret_seed is None and not self.current_rules:
            self.judging = False
        if self.secret_seed is None and not self.current_rules and revealed is None:
            self.report(1, SEED,
                        said(N_("the seed of this dealt game is not revealed yet (it is revealed when the "
                                "game ends): its shuffles, draws and rolls cannot be checked offline; "
                                "the record was replayed, not re-judged")))
        elif self.secret_seed is not None and commitment(self.secret_seed) != committed:
            self.report(1, SEED, said(N_("the secret seed does not match the commitment setup.options.seed_sha256")))

    # ---------------------------------------------------------------- other events

    def _apply(self, e: RecordedEvent) -> None:
        if e.kind in CREATION_KINDS:
            self.report(e.version, MALFORMED, said(N_("line {line}: kind: a second {kind}"), line=e.line, kind=e.kind))
        elif e.kind == "CommandAccepted":
            self._command(e)
        elif e.kind == "DisputeOpened":
            self._dispute_opened(e)
        elif e.kind == "GameStopped":
            self._stopped(e)
        else:
            self._dispute_resolved(e)

    def _is_voided(self, version: int) -> bool:
        return any(lo <= version <= hi for lo, hi in self.voided)

    def _command(self, e: RecordedEvent) -> None:
        d = e.data
        if self.stopped_at:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: a command after the game was stopped at version {version}"),
                             line=e.line, version=self.stopped_at))
        first = self.commands.get(d["command_id"])
        if first is not None:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: command_id: {command} was already recorded at version {version}"),
                             line=e.line, command=repr(d["command_id"]), version=first))
        else:
            self.commands[d["command_id"]] = e.version
        if e.version not in self.finally_voided and self.judging:
            verdict = judge_recorded(self.ruleset, self.state, d["seat"], d["action"],
                                     d["context"], d["effects"], secret_seed=self.secret_seed)
            if verdict.outcome == REJECTED:
                assert verdict.ruling is not None
                self.report(e.version, REJECTED,
                            said(N_("line {line}: the rules reject this command ({rule}): {explanation}"),
                                 line=e.line, rule=verdict.ruling.rule_id, explanation=verdict.detail),
                            verdict.ruling)
            elif verdict.outcome == DIFFERENT:
                self.report(e.version, DIFFERENT,
                            said(N_("line {line}: {problem}"), line=e.line, problem=verdict.detail))
            elif verdict.outcome == MALFORMED:
                self.report(e.version, MALFORMED,
                            said(N_("line {line}: {problem}"), line=e.line, problem=verdict.detail))
        # Go on with what the game recorded, so later events are judged
        # against the state the table actually had.
        try:
            self.state = apply_all(self.ruleset, self.state, d["effects"])
        except Exception as err:  # noqa: BLE001 - a hand-edited effect must not stop the audit
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: effects: cannot be applied: {problem}"), line=e.line,
                             problem=f"{type(err).__name__}: {err}"))

    def _stopped(self, e: RecordedEvent) -> None:
        """A game stopped at its recorded state (time called): once, for a known reason, while the
        game was not over, with the places and scores ``table_places`` gives for that state."""
        d = e.data
        if self.stopped_at:
            self.report(e.version, MALFORMED, said(N_("line {line}: the game was stopped already at version {version}"),
                                                   line=e.line, version=self.stopped_at))
        self.stopped_at = e.version
        if d["reason"] not in STOP_REASONS:
            self.report(e.version, MALFORMED, said(N_("line {line}: reason: unknown reason {reason}"), line=e.line,
                                                   reason=repr(d["reason"])))
        if is_over(self.ruleset, self.state):
            self.report(e.version, MALFORMED, said(N_("line {line}: the game was over already; it cannot be stopped"),
                                                   line=e.line))
        expected = places_of(self.ruleset, self.state, self.seats)
        if d["places"] != expected.places or d["scores"] != expected.scores:
            self.report(e.version, STATE,
                        said(N_("line {line}: places/scores: recorded {places} {scores}, the recorded state ranks "
                                "{expected_places} {expected_scores}"), line=e.line, places=d["places"],
                             scores=d["scores"], expected_places=expected.places, expected_scores=expected.scores))

    def _dispute_opened(self, e: RecordedEvent) -> None:
        d = e.data
        if d["dispute_id"] != len(self.disputes) + 1:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: dispute_id: expected {expected}, found {found}"), line=e.line,
                             expected=len(self.disputes) + 1, found=d["dispute_id"]))
        if not 0 <= d["seat"] < self.seats:
            self.report(e.version, MALFORMED, said(N_("line {line}: seat: the game has no seat {seat}"), line=e.line,
                                                   seat=d["seat"]))
        target = d["event_version"]
        if target not in self.commands.values() or target >= e.version:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: event_version: {version} is not an earlier accepted command"),
                             line=e.line, version=target))
        elif self._is_voided(target):
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: event_version: event {version} was already void"), line=e.line,
                             version=target))
        elif not self.current_rules and self.judging and (target - 1) in self.states:
            self._check_recheck(e, self._command_event(target))
        self.disputes.append({"event_version": target, "status": OPEN})

    def _command_event(self, version: int) -> RecordedEvent | None:
        for other in self.record.events:
            if other.version == version and other.kind == "CommandAccepted":
                return other
        return None

    def _check_recheck(self, e: RecordedEvent, disputed: RecordedEvent | None) -> None:
        if disputed is None:
            return
        c = disputed.data
        verdict = judge_recorded(self.ruleset, self.states[disputed.version - 1], c["seat"],
                                 c["action"], c["context"], c["effects"],
                                 secret_seed=self.secret_seed)
        recorded = e.data["recheck"]
        recorded_rule = (recorded.get("ruling") or {}).get("rule_id")
        judged_rule = verdict.ruling.rule_id if verdict.ruling is not None else None
        if recorded.get("outcome") != verdict.outcome or recorded_rule != judged_rule:
            self.report(e.version, DIFFERENT,
                        said(N_("line {line}: recheck: recorded {recorded}, the rules give {judged}"), line=e.line,
                             recorded=repr(recorded.get("outcome")) + (f" ({recorded_rule})" if recorded_rule else ""),
                             judged=repr(verdict.outcome) + (f" ({judged_rule})" if judged_rule else "")))
        if bool(recorded.get("legal")) != (verdict.outcome == LEGAL):
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: recheck.legal: does not match its outcome"), line=e.line))

    def _dispute_resolved(self, e: RecordedEvent) -> None:
        d = e.data
        number = d["dispute_id"]
        if not 1 <= number <= len(self.disputes):
            self.report(e.version, MALFORMED, said(N_("line {line}: dispute_id: no dispute {number}"), line=e.line,
                                                   number=number))
            return
        dispute = self.disputes[number - 1]
        if dispute["status"] != OPEN:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: dispute_id: dispute {number} was already resolved"), line=e.line,
                             number=number))
            return
        dispute["status"] = "resolved"
        target = dispute["event_version"]
        if not d["upheld"]:
            if d["restored_state"] is not None or d["voided_from"] is not None \
                    or d["voided_to"] is not None or d["reopened_deadline_ms"] is not None:
                self.report(e.version, MALFORMED,
                            said(N_("line {line}: a dismissed dispute restores nothing and voids nothing"),
                                 line=e.line))
            return
        if d["voided_from"] != target or d["voided_to"] != e.version - 1:
            self.report(e.version, MALFORMED,
                        said(N_("line {line}: voided_from/voided_to: expected {expected}, found {found}"),
                             line=e.line, expected=f"{target}-{e.version - 1}",
                             found=f"{d['voided_from']}-{d['voided_to']}"))
        before = self.states.get(target - 1)
        expected_state = (jsonable(self.ruleset.to_dict(before))
                          if before is not None else None)
        if d["restored_state"] is None:
            self.report(e.version, MALFORMED, said(N_("line {line}: restored_state: missing"), line=e.line))
        elif expected_state is not None and d["restored_state"] != expected_state:
            self.report(e.version, STATE,
                        said(N_("line {line}: restored_state: differs from the replayed state before event "
                                "{version}"), line=e.line, version=target))
        restored: Any = None
        if d["restored_state"] is not None:
            try:
                restored = self.ruleset.from_dict(d["restored_state"])
            except Exception as err:  # noqa: BLE001 - a hand-edited state must not stop the audit
                self.report(e.version, MALFORMED,
                            said(N_("line {line}: restored_state: cannot be read: {problem}"), line=e.line,
                                 problem=f"{type(err).__name__}: {err}"))
        if restored is None:
            restored = before
        if restored is not None:
            reopen = getattr(self.ruleset, "reopened_deadline_ms", None)
            reopened = reopen(restored, d["recorded_at_ms"]) if reopen is not None else None
            if d["reopened_deadline_ms"] != reopened:
                self.report(e.version, STATE,
                            said(N_("line {line}: reopened_deadline_ms: expected {expected}, found {found}"),
                                 line=e.line, expected=reopened, found=d["reopened_deadline_ms"]))
            if reopened is not None:
                restored = self.ruleset.with_deadline_ms(restored, reopened)
            self.state = restored
        if isinstance(d["voided_from"], int) and isinstance(d["voided_to"], int):
            self.voided.append((d["voided_from"], d["voided_to"]))
