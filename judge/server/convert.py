"""Protobuf <-> application types, and the validation of request shapes.

This module is the only place that knows both vocabularies: the servicer
hands it requests and gets back plain application values (``GameSetup``,
``Command`` ...), and hands it application results to get response messages.
It never calls the application.

Validation here covers what can be judged from a request alone (empty or
over-long ids and texts, enum values the API does not define, a command
without an action, seats outside any table ...). Everything that needs a
game (is this seat at the table, does this card exist) is the application's
and the rules' business. All violations of a request are collected and
reported together as one ``InvalidRequest``.
"""

from __future__ import annotations

import functools

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from google.protobuf.message import Message

from judge.app.types import (
    AskResult,
    Created,
    DisputeRecord,
    EventRecord,
    SubmitResult,
)
from judge.record.audit import AuditReport
from judge.record.audit import Discrepancy as DiscrepancyRecord
from judge.app.narration import describe_action
from judge.app.positions import PositionAnswer
from judge.domain.chain import Receipt
from judge.domain.library import DEFAULT_COLLECTION, collection_problem
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, in_lang, said
from judge.rules import registry
from judge.rules.declarations import options_of
from judge.rules.engine import Action, Command, GameSetup, SeatSetup, action_table, canonical_json
from judge.rules.definitions import MAX_DEFINITIONS
from judge.rules.ruling import Malformed, Ruling, UnknownCard
from judge.server.card_json import MAX_CARD_JSON_LENGTH, card_object
from judge.server.enums import enum_name, enum_word
from judge.server.families import (
    FAMILY_ACTION,
    api_section,
    family_action_data,
    family_action_proto,
    is_family_section,
    place,
    split_view,
)
from judge.server.messages import merge_from, message_from
from judge.v1 import judge_pb2 as pb

LANGUAGES = ("en", "de")
"""Languages of explanations; the first is the default."""

MAX_ID_LENGTH = 128
MAX_NAME_LENGTH = 64
MAX_TEXT_LENGTH = 1000
MAX_SEATS = 16
"""Most seats a game may be created with (rulesets allow fewer)."""
MAX_SEAT = MAX_SEATS - 1
"""Largest seat number any table can have; the game itself knows its real size."""
MAX_VARIANTS = 32
MAX_CUSTOM_CARDS = 500
MAX_CUSTOM_CARDS_LENGTH = 128 * 1024
"""Custom cards of one game: at most this many, each at most MAX_CARD_JSON_LENGTH characters of
JSON and all together at most MAX_CUSTOM_CARDS_LENGTH (the whole Munchkin catalogue is 12 KiB)."""
MAX_LIST = 64
"""Most items of any list in an action (cards sold, gifts, discards ...)."""
MAX_NUMBER = 1000
"""Largest magnitude of a number in an action that is not a seat."""
LONG_TEXT_FIELDS = frozenset({"reason"})
"""Action fields that hold prose (up to MAX_TEXT_LENGTH); other strings are
ids (up to MAX_ID_LENGTH)."""


# --------------------------------------------------------------------------- validation


class InvalidRequest(InvalidArgument):
    """One or more fields of a request are malformed.

    ``violations`` lists ``(field path, description)`` pairs; ``field`` and
    ``message`` (from ``InvalidArgument``) name the first one.
    """

    def __init__(self, violations: Sequence[tuple[str, str]]):
        if not violations:
            raise ValueError("InvalidRequest needs at least one violation")
        super().__init__(*violations[0])
        self.violations = list(violations)


# The largest version a client may name: stores keep versions as signed 64-bit integers.
MAX_VERSION = 2**63 - 1


class Violations:
    """Collects the field violations of one request."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []

    def add(self, field: str, description: str) -> None:
        self.items.append((field, description))

    def text(self, field: str, value: str, *, max_length: int, required: bool = True) -> None:
        """Check a text's length (in characters)."""
        if required and not value:
            self.add(field, said(N_("must not be empty")))
        elif len(value) > max_length:
            self.add(field, said(N_("must be at most {n} characters long"), n=max_length))

    def seat(self, field: str, value: int) -> None:
        """Check a seat number against the largest table there can be."""
        if value > MAX_SEAT:
            self.add(field, said(N_("seat {seat} is out of range (0 to {top})"), seat=value, top=MAX_SEAT))

    def version(self, field: str, value: int) -> None:
        """Check a version a client names: a store counts versions in signed 64 bits."""
        if value > MAX_VERSION:
            self.add(field, said(N_("version {version} is out of range (at most {top})"), version=value, top=MAX_VERSION))

    def check(self) -> None:
        """Raise ``InvalidRequest`` if anything was collected."""
        if self.items:
            raise InvalidRequest(self.items)


def require_game_id(game_id: str) -> None:
    """Validate a request's ``game_id`` on its own (the guard does, before it
    authenticates the caller for that game; the servicer need not again)."""
    if game_id and len(game_id) <= MAX_ID_LENGTH:
        return  # every call names its game: a valid id collects nothing
    v = Violations()
    v.text("game_id", game_id, max_length=MAX_ID_LENGTH)
    v.check()


# --------------------------------------------------------------------------- languages


def language(metadata: Iterable[tuple[str, str | bytes]] | None) -> str:
    """The caller's language from the ``accept-language`` metadata.

    Understands plain tags ("de"), regional ones ("de-AT") and weighted lists
    ("fr;q=1, de;q=0.8"); the best supported language wins, "en" by default.
    """
    header = ""
    for key, value in metadata or ():
        if key.lower() == "accept-language":
            header = value.decode() if isinstance(value, bytes) else value
            break
    return _language_of(header) if len(header) <= 256 else _best_language(header)


@functools.lru_cache(maxsize=1024)  # a few headers, sent with every call of every phone
def _language_of(header: str) -> str:
    return _best_language(header)


def _best_language(header: str) -> str:
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().split("-")[0].lower()
        if primary not in LANGUAGES:
            continue
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        if weight > 0:
            choices.append((-weight, index, primary))
    return min(choices)[2] if choices else LANGUAGES[0]


# --------------------------------------------------------------------------- requests


def setup_from_proto(request: pb.CreateGameRequest) -> GameSetup:
    """A validated ``GameSetup`` from a CreateGame request."""
    v = Violations()
    v.text("ruleset", request.ruleset, max_length=MAX_NAME_LENGTH)
    if len(request.variants) > MAX_VARIANTS:
        v.add("variants", said(N_("at most {n} variants"), n=MAX_VARIANTS))
    for i, variant in enumerate(request.variants):
        v.text(f"variants[{i}]", variant, max_length=MAX_NAME_LENGTH)
    if not request.seats:
        v.add("seats", said(N_("a game needs seats")))
    elif len(request.seats) > MAX_SEATS:
        v.add("seats", said(N_("at most {n} seats"), n=MAX_SEATS))
    seats: list[SeatSetup] = []
    for i, seat in enumerate(request.seats):
        v.text(f"seats[{i}].name", seat.name, max_length=MAX_NAME_LENGTH)
        if seat.name != seat.name.strip():
            v.add(f"seats[{i}].name", said(N_("must not start or end with white space")))
        traits = dict(seat.traits)
        if len(traits) > MAX_LIST:
            v.add(f"seats[{i}].traits", said(N_("at most {n} traits (limit MAX_LIST)"), n=MAX_LIST))
        for key, value in traits.items():
            v.text(f"seats[{i}].traits", key, max_length=MAX_NAME_LENGTH)
            v.text(f"seats[{i}].traits.{key}", value, max_length=MAX_NAME_LENGTH)
        if seat.sex:  # the trait "sex" under the SeatSpec field the API began with
            sex = enum_word(pb.Sex.DESCRIPTOR, seat.sex)
            if not sex:
                v.add(f"seats[{i}].sex", said(N_("must be SEX_MALE or SEX_FEMALE")))
            elif traits.setdefault("sex", sex) != sex:
                v.add(f"seats[{i}].sex", said(N_("differs from the trait sex")))
        seats.append(SeatSetup(seat.name, traits))
    options = _options(request, v)
    mode = enum_word(pb.TableMode.DESCRIPTOR, request.mode)
    if mode is None:
        v.add("mode", said(N_("unknown table mode {mode}"), mode=request.mode))
    too_many = len(request.custom_cards) > MAX_CUSTOM_CARDS \
        or sum(len(card.json) for card in request.custom_cards) > MAX_CUSTOM_CARDS_LENGTH
    if len(request.custom_cards) > MAX_CUSTOM_CARDS:
        v.add("custom_cards", said(N_("at most {n} custom cards (limit MAX_CUSTOM_CARDS)"), n=MAX_CUSTOM_CARDS))
    elif sum(len(card.json) for card in request.custom_cards) > MAX_CUSTOM_CARDS_LENGTH:
        v.add("custom_cards", said(N_("at most {n} characters of JSON in all (limit MAX_CUSTOM_CARDS_LENGTH)"),
                                   n=MAX_CUSTOM_CARDS_LENGTH))
    cards: list[dict[str, Any]] = []
    for i, card in enumerate(() if too_many else request.custom_cards):  # too many: not even read
        data = card_object(card.json, f"custom_cards[{i}].json", v.add)
        if data is not None:
            cards.append(data)
    if request.collection and collection_problem(request.collection):
        v.add("collection", str(collection_problem(request.collection)))
    v.check()
    return GameSetup(
        ruleset=request.ruleset,
        variants=tuple(request.variants),
        seats=tuple(seats),
        options=options,
        mode=mode or "reported",
        custom_cards=tuple(cards),
        collection="" if request.collection == DEFAULT_COLLECTION else request.collection,
    )


def _options(request: pb.CreateGameRequest, v: Violations) -> dict[str, Any]:
    """The options a request sets: the typed fields of ``GameOptions`` that
    are set and the ``values`` given as text, read with the types the
    ruleset declares. Whether an option is known and its value allowed is
    the ruleset's to judge (``validate_setup``); unset ones take its defaults."""
    given = request.options
    options: dict[str, Any] = {
        field.name: getattr(given, field.name)
        for field in given.DESCRIPTOR.fields
        if field.has_presence and given.HasField(field.name)
    }
    if not given.values:
        return options
    if len(given.values) > MAX_LIST:
        v.add("options.values", said(N_("at most {n} options (limit MAX_LIST)"), n=MAX_LIST))
        return options
    try:
        specs = {o.name: o for o in options_of(registry.get(request.ruleset))} if request.ruleset else {}
    except InvalidArgument:
        specs = {}  # an unknown ruleset is reported when the game is created
    for name, text in sorted(given.values.items()):
        where = f"options.values[{name}]"
        if len(name) > MAX_NAME_LENGTH or len(text) > MAX_TEXT_LENGTH:
            v.add(where, said(N_("names are at most {names}, values {values} characters long"), names=MAX_NAME_LENGTH, values=MAX_TEXT_LENGTH))
            continue
        spec = specs.get(name)
        if spec is None:
            v.add(where, said(N_("the {ruleset} ruleset has no option '{name}' (known: {known})"),
                              ruleset=request.ruleset or "(no)", name=name, known=", ".join(specs) or "-"))
            continue
        try:
            value = spec.parse(text)
        except ValueError as exc:
            v.add(where, str(exc))
            continue
        if options.setdefault(name, value) != value:
            v.add(where, said(N_("differs from options.{name}"), name=name))
    return options


def _plain(message: Message, path: str, v: Violations) -> dict[str, Any]:
    """The fields of an action message as the plain values of the action
    dataclasses: unset optional fields None, repeated ones lists, enums words."""
    out: dict[str, Any] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        where = f"{path}.{field.name}"
        _check_limits(field, value, where, v)
        if field.is_repeated:
            if field.message_type is not None:
                out[field.name] = [_plain(m, f"{where}[{i}]", v) for i, m in enumerate(value)]
            else:
                out[field.name] = list(value)
        elif field.message_type is not None:
            out[field.name] = _plain(value, where, v) if message.HasField(field.name) else None
        elif field.has_presence and not message.HasField(field.name):
            out[field.name] = None
        elif field.enum_type is not None:
            word = enum_word(field.enum_type, value)
            if word is None:
                v.add(where, said(N_("unknown {enum} value {value}"), enum=field.enum_type.name, value=value))
            out[field.name] = word or ""
        else:
            out[field.name] = value
    return out


def _check_limits(field: Any, value: Any, where: str, v: Violations) -> None:
    """The generic limits of action fields: list lengths, text lengths and
    number ranges (the rules judge what the values mean)."""
    values = list(value) if field.is_repeated else [value]
    if field.is_repeated and len(values) > MAX_LIST:
        v.add(where, said(N_("at most {n} items (limit MAX_LIST)"), n=MAX_LIST))
        return
    for i, item in enumerate(values):
        at = f"{where}[{i}]" if field.is_repeated else where
        if field.type == field.TYPE_STRING:
            longest = MAX_TEXT_LENGTH if field.name in LONG_TEXT_FIELDS else MAX_ID_LENGTH
            if len(item) > longest:
                v.add(at, said(N_("must be at most {n} characters long"), n=longest))
        elif field.type in (field.TYPE_UINT32, field.TYPE_INT32, field.TYPE_UINT64, field.TYPE_INT64):
            if "seat" in field.name or field.name == "helper":
                v.seat(at, item)
            elif not -MAX_NUMBER <= item <= MAX_NUMBER:
                v.add(at, said(N_("{value} is out of range (-{top} to {top})"), value=item, top=MAX_NUMBER))


def command_from_proto(
    command: pb.Command, family: str, *, path: str = "command", require_id: bool = True
) -> tuple[str, Command, int | None]:
    """``(command_id, Command, expected_version)`` from a request's command,
    decoded against the action table of ``family`` (the game's ruleset's).

    An action of another family, or one the rules cannot build, is reported
    as a field violation too.
    """
    v = Violations()
    if require_id:
        v.text(f"{path}.command_id", command.command_id, max_length=MAX_ID_LENGTH)
    v.seat(f"{path}.seat", command.seat)
    kind = command.WhichOneof("action")
    action: Action | None = None
    if kind is None:
        v.add(f"{path}.action", said(N_("a command needs an action (one of the Command.action fields)")))
    else:
        message: Message = getattr(command, kind)
        where, sent, readable = f"{path}.{kind}", "", True
        data: dict[str, Any] = {}
        if kind == FAMILY_ACTION:
            sent = FAMILY_ACTION
            try:
                kind, data = family_action_data(command.family_action, where)
            except Malformed as exc:
                v.add(exc.field, exc.message)
                readable = False
        elif is_family_section(message):
            sent = kind
            inner = message.WhichOneof("action")
            if inner is None:
                v.add(f"{where}.action", said(N_("a {section} section needs one action"), section=kind))
                readable = False
            else:
                kind, message, where = inner, getattr(message, inner), f"{where}.{inner}"
        home = api_section(family, command.DESCRIPTOR)
        if sent != home:
            v.add(where, said(N_("this game is judged by the {family} rules, whose actions are {home}; {sent} do "
                                 "not apply"), family=family, home=place(home), sent=place(sent)))
            readable = False
        if sent != FAMILY_ACTION:
            data = _plain(message, where, v) if readable else {}
        if readable and not v.items:
            try:
                action = Action.from_dict({"kind": kind, **data}, family)
            except Malformed as exc:
                v.add(f"{path}.{exc.field}", exc.message)
            except (TypeError, ValueError) as exc:
                v.add(where, said(N_("cannot be read: {problem}"), problem=str(exc)))
    if command.HasField("expected_version"):
        v.version(f"{path}.expected_version", command.expected_version)
    v.check()
    assert action is not None
    expected = command.expected_version if command.HasField("expected_version") else None
    return command.command_id, Command(command.seat, action), expected


@contextmanager
def fields_under(prefix: str, family: str) -> Iterator[None]:
    """Report a ``Malformed`` raised by the rules with its field path relative
    to the request: the rules name ``"play_card.card"``, a Submit request
    holds it at ``"command.play_card.card"``; an action field of another
    family is in its section (``"attack.dice"`` of a monkic game at
    ``"command.monkic.attack.dice"``), and a field of a family without one in
    the fields of its ``FamilyAction`` (``"command.family_action.fields_json.amount"``)."""
    try:
        yield
    except Malformed as exc:
        field = exc.field
        if field.startswith("define"):
            raise  # a field of the request itself (SubmitRequest.define), not of its command
        section = api_section(family)
        head, _, rest = field.partition(".")
        if section and head.split("[")[0] in action_table(family):
            field = f"{FAMILY_ACTION}.fields_json.{rest}" if section == FAMILY_ACTION and rest else \
                f"{FAMILY_ACTION}.kind" if section == FAMILY_ACTION else f"{section}.{field}"
        if isinstance(exc, UnknownCard):
            raise UnknownCard(f"{prefix}.{field}", exc.message, exc.card) from exc
        raise Malformed(f"{prefix}.{field}", exc.message) from exc


def action_to_proto(action: Action, seat: int) -> pb.Command:
    """A ready-to-submit command (command id empty) for an action."""
    section_name = api_section(action.family)
    if section_name == FAMILY_ACTION:
        return family_action_proto(action, seat)
    data = action.to_dict()
    kind = data.pop("kind")
    holder = pb.Command.DESCRIPTOR
    if section_name:
        section = holder.fields_by_name.get(section_name)
        if section is None or section.message_type is None:
            raise LookupError(f"judge.v1.Command has no section for the {action.family} family "
                              "(docs/architecture.md: adding a family to the API)")
        holder = section.message_type
    fields = holder.fields_by_name[kind].message_type.fields_by_name
    for name, value in list(data.items()):
        field = fields.get(name)
        if field is not None and field.enum_type is not None and isinstance(value, str):
            data[name] = enum_name(field.enum_type, value)
    body = {section_name: {kind: data}} if section_name else {kind: data}
    return message_from({"seat": seat, **body}, pb.Command)




# --------------------------------------------------------------------------- responses


def view_to_proto(view: Mapping[str, Any]) -> pb.GameView:
    """A ``GameView`` from the application's view dict. Strict: a key of
    the view with no field in ``GameView`` is an error, never dropped (a
    family's own view material goes in its section, docs/architecture.md; a family without a section
    has the rest of its view in ``family_view_json``)."""
    return message_from(split_view(view), pb.GameView)


def event_to_proto(event: EventRecord, lang: str = "en") -> pb.Event:
    """The event with its summary in ``lang`` (judge/app/narration.py)."""
    message = pb.Event(
        version=event.version,
        kind=event.kind,
        command_id=event.command_id,
        action=event.action,
        recorded_at_ms=event.recorded_at_ms,
        payload_json=event.payload_json or canonical_json(event.payload),
        voided=event.voided,
        summary=event.summaries.get(lang, event.summary),
    )
    if event.seat is not None:
        message.seat = event.seat
    return message


def ruling_to_proto(ruling: Ruling | None, lang: str) -> pb.Ruling:
    """The ruling with its explanation in ``lang`` (and always in both);
    an empty message for None."""
    if ruling is None:
        return pb.Ruling()
    citation = ruling.rule.citation
    return pb.Ruling(
        rule_id=ruling.rule_id,
        source=citation.source,
        section=citation.section,
        quote=citation.quote,
        explanation=ruling.explanation(lang),
        explanation_de=ruling.explanation("de"),
        explanation_en=ruling.explanation("en"),
        legal_when=ruling.legal_when(lang),
    )


def receipt_to_proto(receipt: Receipt | None) -> pb.Receipt:
    """A ``Receipt`` message (empty for None)."""
    if receipt is None:
        return pb.Receipt()
    return pb.Receipt(
        game_id=receipt.game_id, from_version=receipt.from_version, to_version=receipt.to_version,
        chain_head=receipt.chain_head, key_id=receipt.key_id, signature=receipt.signature,
    )


def created_to_proto(created: Created) -> pb.CreateGameResponse:
    return pb.CreateGameResponse(
        game_id=created.game_id,
        seat_tokens=[pb.SeatToken(seat=i, token=t) for i, t in enumerate(created.seat_tokens)],
        organizer_token=created.organizer_token,
        spectator_token=created.spectator_token,
        rules_version=created.rules_version,
        view=view_to_proto(created.view),
        receipt=receipt_to_proto(created.receipt),
    )


def defines_from_proto(cards: Sequence[pb.CardDefinition], path: str = "define") -> list[dict[str, Any]]:
    """The card definitions a request carries (``define``), each one JSON object; the rules check them."""
    v = Violations()
    if len(cards) > MAX_DEFINITIONS:
        v.add(path, said(N_("at most {n} cards at once"), n=MAX_DEFINITIONS))
        v.check()
    out = [card_object(card.json, f"{path}[{i}]", v.add) for i, card in enumerate(cards)]
    v.check()
    return [data for data in out if data is not None]


def submit_to_proto(result: SubmitResult, lang: str = "en") -> pb.SubmitResponse:
    answer = pb.SubmitResponse(
        events=[event_to_proto(e, lang) for e in result.events],
        version=result.version,
        duplicate=result.duplicate,
        receipt=receipt_to_proto(result.receipt),
    )
    if result.view is not None:  # None: the caller's read mask left the view out
        answer.view.CopyFrom(view_to_proto(result.view))
    return answer


def ask_to_proto(result: AskResult, lang: str) -> pb.AskResponse:
    return pb.AskResponse(
        allowed=result.allowed,
        ruling=ruling_to_proto(result.ruling, lang),
        events=[event_to_proto(e, lang) for e in result.events],
    )


def position_answer_to_proto(answer: PositionAnswer, lang: str) -> pb.AskPositionResponse:
    out = pb.AskPositionResponse(
        allowed=answer.allowed,
        ruling=ruling_to_proto(answer.ruling, lang),
        events=[event_to_proto(e, lang) for e in answer.events],
        position_after_json=canonical_json(answer.position_after) if answer.position_after is not None else "",
    )
    merge_from(answer.analysis, out.analysis)
    return out


def dispute_to_proto(dispute: DisputeRecord, lang: str) -> pb.Dispute:
    return pb.Dispute(
        dispute_id=dispute.dispute_id,
        opened_by=dispute.opened_by,
        event_version=dispute.event_version,
        reason=dispute.reason,
        status=pb.DisputeStatus.Value(enum_name(pb.DisputeStatus.DESCRIPTOR, dispute.status)),
        recheck_legal=dispute.recheck_legal,
        recheck_ruling=ruling_to_proto(dispute.recheck_ruling, lang),
        recheck_summary=in_lang(dispute.recheck_summary, lang),
        resolution_note=dispute.resolution_note,
        opened_at_version=dispute.opened_at_version,
        resolved_at_version=dispute.resolved_at_version,
    )


def discrepancy_to_proto(d: DiscrepancyRecord, lang: str) -> pb.Discrepancy:
    return pb.Discrepancy(
        version=d.version, kind=d.kind, ruling=ruling_to_proto(d.ruling, lang), detail=in_lang(d.detail, lang)
    )


def audit_to_proto(report: AuditReport, lang: str) -> pb.AuditResponse:
    return pb.AuditResponse(
        clean=report.clean,
        events_checked=report.events_checked,
        rules_version=report.rules_version,
        discrepancies=[discrepancy_to_proto(d, lang) for d in report.discrepancies],
    )
