"""What every command shares: the typer app, the connection settings given
before the command, the common options, JSON and error output, and the
action fields of ``judge submit``/``judge ask``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from judge.common.i18n import N_, Said, said
from judge_client.cli.lazy import LazyCommands

if TYPE_CHECKING:  # loaded where used: ``judge --version`` needs neither gRPC, protobuf nor rich
    from google.protobuf.descriptor import EnumDescriptor
    from google.protobuf.message import Message
    from rich.console import Console

    from judge.v1 import judge_pb2 as pb
    from judge_client.client import JudgeClient
    from judge_client.errors import JudgeRpcError


app = typer.Typer(
    name="judge",
    help="A rules judge for tabletop card games: run the server or talk to it.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    cls=LazyCommands,
)


class _Connection:
    """Connection settings given before the command (``judge --tls-ca ... CMD``)."""

    tls_ca: bytes | None = None
    tls_cert: bytes | None = None
    tls_key: bytes | None = None
    server_key: str | None = None


_CONNECTION = _Connection()


def requested_language(argv: list[str]) -> str:
    """The language a command line asks for (``--lang de``, ``--lang=de``, else ``$JUDGE_LANG``), read
    before its options are parsed: a usage error is said in it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return os.environ.get("JUDGE_LANG", "en")


def usage_error_lines(exc: Any, argv: list[str]) -> list[str]:
    """A usage error (a bad option, argument or value: click's ``UsageError``) as the judge's refusals
    are printed, in the language the command line asks for: the status, the option it names, the reason
    (the command line's own words from the catalogue; click's own as click says them), and where the
    options are listed."""
    from judge.common.i18n import in_lang, tr

    lang = requested_language(argv)
    if type(exc) is typer.BadParameter:  # the command line's own words
        hint = exc.param_hint or (exc.param.get_error_hint() if exc.param is not None else None)
        reason = in_lang(exc.message, lang)
        reason = f"{hint}: {reason}" if hint else reason
    else:  # click's own: a missing argument, an unknown option
        reason = exc.format_message()
    lines = [tr(lang, "[red]error[/] ({status}): {reason}", status=tr(lang, "invalid request"),
                reason=escape(reason))]
    if exc.ctx is not None:
        lines.append("  " + tr(lang, "{command} --help lists the options", command=escape(exc.ctx.command_path)))
    return lines


def reason_of(exc: BaseException) -> object:
    """What went wrong, as ``exc`` says it: its ``Said`` message where it carries one (a card file's
    problem, said in the reader's language), else the exception itself."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Said) else exc


def _read(path: Path | None, option: str) -> bytes | None:
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError as exc:
        raise typer.BadParameter(said(N_("{option} {path}: {value}"),
                                      option=option, path=path, value=exc.strerror or exc)) from None


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("judge")
        except PackageNotFoundError:  # the client package installed alone
            number = version("judge-client")
        typer.echo(f"judge {number}")
        raise typer.Exit()


@app.callback()
def connection(
    tls_ca: Annotated[Optional[Path], typer.Option(
        "--tls-ca", envvar="JUDGE_TLS_CA", help="PEM CA certificate: connect with TLS.",
        show_default=False)] = None,
    tls_cert: Annotated[Optional[Path], typer.Option(
        "--tls-cert", envvar="JUDGE_TLS_CERT", help="PEM client certificate (mutual TLS).",
        show_default=False)] = None,
    tls_key: Annotated[Optional[Path], typer.Option(
        "--tls-key", envvar="JUDGE_TLS_KEY", help="PEM client key (mutual TLS).",
        show_default=False)] = None,
    server_key: Annotated[Optional[str], typer.Option(
        "--server-key", envvar="JUDGE_SERVER_KEY",
        help="Pin the server's public key (hex); every receipt is checked against it.",
        show_default=False)] = None,
    version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True, help="Print the version and exit.")] = False,
) -> None:
    """A rules judge for tabletop card games: run the server or talk to it."""
    _CONNECTION.tls_ca = _read(tls_ca, "--tls-ca")
    _CONNECTION.tls_cert = _read(tls_cert, "--tls-cert")
    _CONNECTION.tls_key = _read(tls_key, "--tls-key")
    _CONNECTION.server_key = server_key


dispute_app = typer.Typer(help="Open, resolve and list disputes.", no_args_is_help=True)
"""``judge dispute ...``; its commands and its place on ``app`` are in ``records``."""


class Language(str, Enum):
    """Languages of the judge's explanations."""

    en = "en"
    de = "de"


class Mode(str, Enum):
    """Table modes (see TableMode in the API)."""

    reported = "reported"
    dealt = "dealt"


TargetOpt = Annotated[str, typer.Option("--target", envvar="JUDGE_TARGET", help="The judge's HOST:PORT.")]


TokenOpt = Annotated[
    Optional[str],
    typer.Option(
        "--token", envvar="JUDGE_TOKEN", help="Seat, organizer or spectator token.", show_default=False
    ),
]


LangOpt = Annotated[Language, typer.Option("--lang", envvar="JUDGE_LANG", help="Language of explanations.")]


JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]


GameArg = Annotated[str, typer.Argument(help="The game.")]


def _out() -> Console:
    from rich.console import Console

    return Console(soft_wrap=True, highlight=False)


def _err() -> Console:
    from rich.console import Console

    return Console(stderr=True, soft_wrap=True, highlight=False)


def escape(text: str) -> str:
    """``rich.markup.escape``, loaded when first needed."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def _as_dict(message: Message) -> dict[str, Any]:
    from google.protobuf import json_format

    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def _print_json(message: Message | dict[str, Any], *, compact: bool = False) -> None:
    data = message if isinstance(message, dict) else _as_dict(message)
    text = json.dumps(data, ensure_ascii=False, indent=None if compact else 2)
    typer.echo(text)


def _ruling_lines(ruling: pb.Ruling, *, explain: bool = True, lang: str = "en") -> list[str]:
    """The ruling as console lines in ``lang``; ``explain=False`` leaves out the
    explanation (when it has been printed already)."""
    from judge.common.i18n import tr

    lines = [tr(lang, "[bold]rule[/] {rule}", rule=escape(ruling.rule_id))]
    if ruling.source or ruling.section:
        lines.append("  " + tr(lang, "source: {source}, section “{section}”", source=escape(ruling.source),
                               section=escape(ruling.section)))
    if ruling.quote:
        lines.append("  " + tr(lang, "quote: „{quote}“", quote=escape(ruling.quote)))
    if explain and ruling.explanation:
        lines.append(f"  {escape(ruling.explanation)}")
    if ruling.legal_when:
        lines.append("  " + tr(lang, "legal when: {when}", when=escape(ruling.legal_when)))
    return lines


def _error_dict(error: JudgeRpcError) -> dict[str, Any]:
    return {
        "error": {
            "code": error.code.name,
            "message": error.message,
            "rule_id": error.rule_id,
            "ruling": _as_dict(error.ruling) if error.ruling is not None else None,
            "field_violations": [{"field": f, "description": d} for f, d in error.field_violations],
        }
    }


# How a failed call's status reads (--json gives the gRPC code's name).
STATUS_WORDS = {
    "INVALID_ARGUMENT": N_("invalid request"), "FAILED_PRECONDITION": N_("not allowed"),
    "NOT_FOUND": N_("not found"), "PERMISSION_DENIED": N_("not permitted"), "UNAUTHENTICATED": N_("no valid token"),
    "ABORTED": N_("conflict"), "RESOURCE_EXHAUSTED": N_("limit reached"), "ALREADY_EXISTS": N_("already exists"),
    "INTERNAL": N_("internal error"), "DEADLINE_EXCEEDED": N_("no answer in time"), "UNAVAILABLE": N_("not reachable"),
}


@contextmanager
def _answering(json_output: bool, lang: str = "en") -> Iterator[None]:
    """Turn a failed call into a printed answer in ``lang`` and exit status 1."""
    from judge.common.i18n import in_lang, tr
    from judge_client.errors import JudgeRpcError, UntrustedReceipt

    try:
        yield
    except JudgeRpcError as error:
        if json_output:
            _print_json(_error_dict(error))
        else:
            import grpc

            err = _err()
            if error.code == grpc.StatusCode.UNAVAILABLE:
                err.print(tr(lang, "[red]error[/]: the judge is not reachable ({reason})",
                             reason=escape(error.message)))
            else:
                # The status in words (--json keeps the code's name for scripts); the judge's own
                # "invalid request: " before a malformed request's field is not said twice.
                word = STATUS_WORDS.get(error.code.name, "")
                status = tr(lang, word) if word else error.code.name
                reason = error.message.removeprefix("invalid request: ")
                err.print(tr(lang, "[red]error[/] ({status}): {reason}", status=status, reason=escape(reason)))
            if error.ruling is not None:
                for line in _ruling_lines(error.ruling, explain=error.ruling.explanation != error.message, lang=lang):
                    err.print(line)
                field = error.error_info.metadata.get("field") if error.error_info is not None else None
                if field:  # the part of the request the ruling refuses (a position's seat, item ...)
                    err.print("  " + tr(lang, "field: {field}", field=escape(field)))
            for field, description in error.field_violations:
                if f"{field}: {description}" not in error.message:  # not the message said once more
                    err.print(f"  {escape(field)}: {escape(description)}")
            if error.unknown_card:  # not asked (no terminal): say how the card is described
                err.print("  " + tr(lang, "describe the card once with --define FILE or --define-json '{json}' "
                                          "(docs/cards.md), or submit again on a terminal to be asked",
                                    json=escape('{"id": ..., "name": ..., "kind": ...}')))
        raise typer.Exit(1) from None
    except UntrustedReceipt as error:
        _err().print(tr(lang, "[red]error[/]: untrusted answer: {reason}", reason=escape(str(error))))
        raise typer.Exit(4) from None
    except ValueError as error:
        # A request this client cannot even build (an unknown action kind, a field's value): said in
        # ``lang`` as the judge's answers are, with click's exit status for a bad parameter.
        reason = in_lang(error.args[0], lang) if error.args else str(error)
        _err().print(tr(lang, "[red]error[/] ({status}): {reason}", status=tr(lang, "invalid request"),
                        reason=escape(reason)))
        raise typer.Exit(2) from None


@contextmanager
def _client(target: str, token: str | None, lang: Language, json_output: bool) -> Iterator[JudgeClient]:
    """A client for one command, with the connection settings given before
    it; a failed call is printed (``_answering``)."""
    from judge_client.client import JudgeClient

    with _answering(json_output, lang.value), JudgeClient(
        target, token=token, language=lang.value, tls_ca=_CONNECTION.tls_ca, tls_cert=_CONNECTION.tls_cert,
        tls_key=_CONNECTION.tls_key, server_key=_CONNECTION.server_key,
    ) as client:
        yield client


def _word(enum: EnumDescriptor, number: int) -> str:
    """How an enum value is shown: ``GAME_STATUS_ACTIVE`` -> ``active``."""
    from judge.common.enums import enum_word

    word = enum_word(enum, number)
    return "unspecified" if word == "" else word or str(number)


def _action_fields(args: list[str], data: str | None) -> dict[str, Any]:
    """The action's fields from ``--data`` JSON and ``--arg key=value`` pairs
    (``--arg`` wins; a key given twice collects a list)."""
    fields: dict[str, Any] = {}
    if data:
        try:
            loaded = json.loads(data)
        except ValueError as exc:
            raise typer.BadParameter(said(N_("--data is not valid JSON: {exc}"), exc=exc)) from None
        if not isinstance(loaded, dict):
            raise typer.BadParameter(said(N_("--data must be a JSON object")))
        fields.update(loaded)
    pairs: dict[str, Any] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        key = key.strip()
        if not sep or not key:
            raise typer.BadParameter(said(N_("--arg {arg} must look like key=value"), arg=repr(arg)))
        if key in pairs:
            previous = pairs[key]
            pairs[key] = [*previous, value] if isinstance(previous, list) else [previous, value]
        else:
            pairs[key] = value
    fields.update(pairs)
    return fields


ArgOpt = Annotated[
    Optional[list[str]],
    typer.Option(
        "--arg", "-a", help="An action field as key=value (repeat for several).", show_default=False
    ),
]


DataOpt = Annotated[
    Optional[str],
    typer.Option("--data", "-d", help="The action's fields as one JSON object.", show_default=False),
]


FamilyOpt = Annotated[
    Optional[str],
    typer.Option("--family", help="The family of the action (default: the game's).", show_default=False),
]
