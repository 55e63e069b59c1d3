"""The command line's help and usage errors in the reader's language.

Every help text is written in English and marked where it is written: an option's or argument's
``help=N_("...")``, a group's ``help=N_("...")``, and a command's docstring (``scripts/compile_messages.py``
reads the docstring of every ``@....command()``/``@....callback()`` function as marked). The text stays
English on the command objects; ``--help`` translates it when it renders, into the language the
command line asks for (``requested_language``: ``--lang`` anywhere on it, else ``$JUDGE_LANG``).

The words typer and click print around it (the panel titles, "Usage:", "[default: ...]", the help
option's own help) and their usage errors (a missing argument, an unknown option, a mistyped command)
are not translated by the libraries; their German is in the judge's own catalogue, marked below.
English output is the libraries' own, but for the names of arguments and of the values options take:
typer shows the code's ("{game_id}", "<int>", "<list[Path]>"), the help shows words in the reader's
language ("{GAME}", "<number>", "<file> ..."; ``ARGUMENT_WORDS``, ``TYPE_WORDS``).
"""

from __future__ import annotations

import difflib
import gettext
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from typer._click.exceptions import BadOptionUsage, MissingParameter, NoSuchOption, UsageError
from typer.core import TyperCommand, TyperGroup

from judge.common.i18n import N_, Said, in_lang, said, tr, translation

LANG_KEY = "judge.lang"
"""Where the root context keeps the language the command line asks for (``ctx.meta``)."""

RICH_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
}
"""typer's words around the help (``typer.rich_utils``), by the name typer keeps them under."""

LIBRARY_HELP = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)
"""The help of the options click and typer add to every command (``--help``, shell completion)."""

METAVARS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))
"""The placeholders of the usage line."""

ARGUMENT_WORDS = {
    "card": N_("CARDS"), "card_id": N_("CARD"), "dispute_id": N_("DISPUTE"), "event_id": N_("EVENT"),
    "file": N_("FILE"), "folder": N_("FOLDER"), "game_id": N_("GAME"), "kind": N_("ACTION"), "name": N_("NAME"),
    "out": N_("FILE"), "player": N_("PLAYER"), "reason": N_("REASON"), "role": N_("ROLE"), "ruleset": N_("RULESET"),
    "seat": N_("SEAT"), "source": N_("SOURCE"), "version": N_("VERSION"), "words": N_("WORDS"),
}
"""How each argument of the commands stands in the usage line, the help and a usage error (by the name of the
parameter it fills; another is shown by its name in capitals)."""

TYPE_WORDS = {"str": N_("<text>"), "int": N_("<number>"), "float": N_("<number>"), "path": N_("<file>"),
              "Path": N_("<file>"), "int range": N_("<number>"), "float range": N_("<number>")}
"""How the help shows the value an option or argument takes, by the type typer names; a list of them is the
same word with "..." (given once for each value), a switch shows none, and choices show the choices."""


def requested_language(argv: list[str]) -> str:
    """The language a command line asks for (``--lang de``, ``--lang=de``, else ``$JUDGE_LANG``), read
    before its options are parsed: its help and a usage error are said in it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return os.environ.get("JUDGE_LANG", "en")


def help_language(ctx: Any) -> str:
    """The language of the command line ``ctx`` belongs to (kept by its root group when it parsed it)."""
    root = ctx.find_root() if ctx is not None else None
    lang = root.meta.get(LANG_KEY) if root is not None else None
    return str(lang) if lang else requested_language(sys.argv[1:])


def _speaks(lang: str) -> bool:
    """Whether the catalogue has ``lang`` (else the libraries' own English words stay as they are)."""
    return type(translation(lang)) is not gettext.NullTranslations


def _plain(lang: str, text: str) -> str:
    """``text`` (a marked message, not a template) in ``lang``."""
    return translation(lang).gettext(text)


@contextmanager
def _said_in(lang: str, command: Any, ctx: Any) -> Iterator[None]:
    """While it renders, ``command``'s help, its parameters', its sub-commands' and typer's own words
    are those of ``lang``; afterwards the English ones again (the objects are built once and may be
    rendered again in another language)."""
    from typer import rich_utils

    saved: list[tuple[Any, str, str]] = []

    def say(obj: Any, attr: str) -> None:
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value:
            saved.append((obj, attr, value))
            setattr(obj, attr, _plain(lang, value))

    for attr in ("help", "short_help"):
        say(command, attr)
    for param in command.get_params(ctx):
        say(param, "help")
        if getattr(param, "param_type_name", "") == "argument":
            say(param, "metavar")
    if isinstance(command, TyperGroup):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                say(sub, "help")
                say(sub, "short_help")
    for name in RICH_WORDS:
        say(rich_utils, name)
    try:
        yield
    finally:
        for obj, attr, value in reversed(saved):
            setattr(obj, attr, value)


def _without_lang(args: list[str]) -> list[str]:
    """``args`` without ``--lang X``/``--lang=X``."""
    kept: list[str] = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg == "--lang" and i + 1 < len(args):
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    return kept


_ARGUMENT = re.compile(r"(?P<open>[\[{]?)(?P<word>[A-Z_]+)(?P<rest>(\.\.\.)?[\]}]?(\.\.\.)?)")


def _usage_piece(lang: str, piece: str) -> str:
    """A piece of the usage line in ``lang``: a placeholder of ``METAVARS``, or an argument's word in its
    brackets ("{GAME}": "{SPIEL}")."""
    if piece in METAVARS:
        return _plain(lang, piece)
    found = _ARGUMENT.fullmatch(piece)
    if found is None or found["word"] not in ARGUMENT_WORDS.values():
        return piece
    return f"{found['open']}{_plain(lang, found['word'])}{found['rest']}"


def shown_type(param: Any, ctx: Any) -> str | None:
    """The value ``param`` takes as the help shows it in the command line's language: "<number>" for typer's
    "<int>", "<file> ..." for "<list[Path]>", none for a switch, the choices as they are ("<en|de>")."""
    display = getattr(type(param), "display_type", None)  # typer's parameters; click's own have none
    if getattr(param, "is_flag", False) or display is None:
        return None
    label = display(param, ctx)
    if label is None:
        return None
    inner = label.removeprefix("<").removesuffix(">")
    listed = inner.startswith("list[") and inner.endswith("]")
    inner = inner.removeprefix("list[").removesuffix("]") if listed else inner
    word = TYPE_WORDS.get(inner)
    if word is None:  # choices, shown as the values to type
        return label
    shown = _plain(help_language(ctx), word)
    return f"{shown} ..." if listed else shown


def _named(params: list[Any]) -> None:
    """Each argument of ``params`` named by its word (``ARGUMENT_WORDS``), each parameter's value by its
    type's (``shown_type``): not by the Python names and types behind them."""
    for param in params:
        if getattr(param, "param_type_name", "") == "argument" and param.metavar is None:
            param.metavar = ARGUMENT_WORDS.get(param.name, str(param.name).upper())
        param.display_type_rich = shown_type.__get__(param)


class HelpInLanguage:
    """A command whose ``--help`` is said in the command line's language (also where the command itself
    has no ``--lang``: ``judge --help --lang de``, ``judge serve --help --lang de``)."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        _named(params)
        return params

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        root = ctx.find_root()
        if LANG_KEY not in root.meta:  # the root sees the whole command line
            root.meta[LANG_KEY] = requested_language(list(args))
        own = self._own_args(ctx, args)
        has_lang = any("--lang" in getattr(p, "opts", ()) for p in self.params)  # type: ignore[attr-defined]
        helps = any(a in ctx.help_option_names for a in own) or (self._is_group() and own == args)
        if not has_lang and helps:  # only the help (a group with no command: the help too) is asked for
            args = _without_lang(own) + args[len(own):]
        return super().parse_args(ctx, args)  # type: ignore[misc,no-any-return]

    def _own_args(self, ctx: Any, args: list[str]) -> list[str]:
        """The part of ``args`` this command reads itself (a group: up to its command's name)."""
        return args

    def _is_group(self) -> bool:
        return False

    def format_help(self, ctx: Any, formatter: Any) -> None:
        lang = help_language(ctx)
        if not _speaks(lang):
            super().format_help(ctx, formatter)  # type: ignore[misc]
            return
        with _said_in(lang, self, ctx):
            super().format_help(ctx, formatter)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        lang = help_language(ctx)
        if not _speaks(lang):
            super().format_usage(ctx, formatter)  # type: ignore[misc]
            return
        pieces = [_usage_piece(lang, piece) for piece in self.collect_usage_pieces(ctx)]  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=tr(lang, "Usage: "))


class JudgeCommand(HelpInLanguage, TyperCommand):
    """Every ``judge`` command."""


class JudgeGroup(HelpInLanguage, TyperGroup):
    """Every ``judge`` group: its help in the command line's language, and a mistyped command answered
    with the closest commands (from every command it lists) in that language."""

    def _is_group(self) -> bool:
        return True

    def _own_args(self, ctx: Any, args: list[str]) -> list[str]:
        names = set(self.list_commands(ctx))
        for i, arg in enumerate(args):
            if arg in names:
                return args[:i]
        return args

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        suggest, self.suggest_commands = self.suggest_commands, False
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            if args and isinstance(error.message, str) and error.message.startswith("No such command"):
                name = repr(args[0])
                matches = difflib.get_close_matches(args[0], self.list_commands(ctx)) if suggest else []
                error.message = said(N_("No such command {name}. Did you mean {matches}?"), name=name,
                                     matches=", ".join(repr(m) for m in matches)) if matches \
                    else said(N_("No such command {name}."), name=name)
            raise
        finally:
            self.suggest_commands = suggest


class JudgeTyper(typer.Typer):
    """``typer.Typer`` whose groups and commands say their help in the command line's language."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("cls", JudgeGroup)
        super().__init__(**kwargs)

    def command(self, name: str | None = None, **kwargs: Any) -> Any:
        kwargs["cls"] = kwargs.get("cls") or JudgeCommand
        return super().command(name, **kwargs)


def _hint(exc: Any, lang: str = "en") -> str:
    """The option or argument a usage error names; an argument by its word in ``lang`` ("'SPIEL'")."""
    hint = exc.param_hint if exc.param_hint is not None else (
        exc.param.get_error_hint() if exc.param is not None else None)
    if isinstance(hint, (list, tuple)):
        return " / ".join(repr(h) for h in hint)
    text = str(hint or "")
    word = text.strip("'")
    return f"'{_plain(lang, word)}'" if word in ARGUMENT_WORDS.values() else text


_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((.*)\)")
_NOT_ONE_OF = re.compile(r"(.*) is not one of (.*)\.")

VALUE_ERRORS = {
    "int_parsing": N_("{value} is not a whole number"), "int_from_float": N_("{value} is not a whole number"),
    "float_parsing": N_("{value} is not a number"), "bool_parsing": N_("{value} is neither true nor false"),
}
"""The value errors typer's parameter types raise (pydantic's error types), said in the reader's language."""


def _value_reason(exc: Any, lang: str) -> str | None:
    """A bad value's reason in ``lang``, where typer's parameter types found it (else None)."""
    errors = getattr(exc.__cause__, "errors", None)
    if not callable(errors):
        return None
    found = errors()
    if not found:
        return None
    first = found[0]
    template = VALUE_ERRORS.get(first.get("type", ""))
    if template is not None:
        return tr(lang, template, value=repr(first.get("input")))
    error = (first.get("ctx") or {}).get("error")
    choice = _NOT_ONE_OF.fullmatch(str(error)) if error is not None else None
    if choice is not None:
        return tr(lang, "{value} is not one of {choices}", value=choice.group(1), choices=choice.group(2))
    return None


def usage_reason(exc: UsageError, lang: str) -> str:
    """What a usage error says, in ``lang``: the command line's own words from the catalogue, click's as
    the catalogue has them (click's own words in English)."""
    if isinstance(exc.message, Said):
        reason = in_lang(exc.message, lang)
        if type(exc) is typer.BadParameter:  # the command line's own words, about one option
            hint = _hint(exc)
            return f"{hint}: {reason}" if hint else reason
        return reason
    if type(exc) is typer.BadParameter:  # a value the option's type refuses
        hint = _hint(exc)
        reason = (_value_reason(exc, lang) if _speaks(lang) else None) or exc.message
        return f"{hint}: {reason}" if hint else reason
    if not _speaks(lang):
        return exc.format_message()
    if isinstance(exc, MissingParameter) and not exc.message:
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "parameter")
        template = {"argument": N_("Missing argument {hint}."), "option": N_("Missing option {hint}.")}.get(
            kind, N_("Missing parameter {hint}."))
        text = tr(lang, template, hint=_hint(exc, lang))
        extra = exc.param.get_missing_message(ctx=exc.ctx) if exc.param is not None else None
        return f"{text} {extra}" if extra else text
    if isinstance(exc, NoSuchOption) and exc.message == f"No such option: {exc.option_name}":
        text = tr(lang, "No such option: {option}", option=exc.option_name)
        if exc.possibilities:
            text += " " + tr(lang, "(Possible options: {options})", options=", ".join(sorted(exc.possibilities)))
        return text
    if isinstance(exc, BadOptionUsage):
        if exc.message == f"Option {exc.option_name!r} does not take a value.":
            return tr(lang, "Option {option} does not take a value.", option=repr(exc.option_name))
        if exc.message == f"Option {exc.option_name!r} requires an argument.":
            return tr(lang, "Option {option} requires an argument.", option=repr(exc.option_name))
    unexpected = _EXTRA.fullmatch(exc.message)
    if unexpected:
        return tr(lang, "Got unexpected extra arguments ({arguments})", arguments=unexpected.group(1))
    return exc.format_message()
