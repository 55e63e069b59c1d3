"""The command line's ``--help`` and its usage errors are said in the language the command line asks for
(issue 28: every string a person reads in the CLI comes from the catalogues): ``--lang de`` anywhere on
it, else ``$JUDGE_LANG``. The help texts are English where they are written and translated as the help is
rendered; typer's and click's own words (panel titles, "Usage:", "Show this message and exit.", a missing
argument, an unknown option) come from the judge's catalogue. English stays as typer and click say it."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from judge.common.i18n import translation

runner = CliRunner()

BOX = re.compile(r"[│╭╮╰╯─]+")


def _flat(text: str) -> str:
    """Rendered help without its boxes and line breaks: a wrapped sentence reads as one again."""
    return " ".join(BOX.sub(" ", text).split())


def _help(args: list[str], *, lang_env: str = "") -> str:
    from judge_client.cli import app

    env = {"COLUMNS": "100", "JUDGE_LANG": lang_env}
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.output


GERMAN = {
    (): ("Ein Regelrichter für Kartenspiele am Tisch", "Diese Hilfe zeigen und beenden.",
         "Legt ein Spiel an oder startet eines aus einer Stellung", "Eine Kopie des Zeugen anderswo aufbewahren.",
         "Den öffentlichen Schlüssel des Servers festlegen (hex)", "[Umgebungsvariable: JUDGE_TLS_CA]"),
    ("new",): ("Legt ein Spiel an oder startet eines aus einer Stellung", "Ein Platz in Zugreihenfolge, wiederholen",
               "Eingriffsfenster in ms.", "[Vorgabe: reported]", "Sprache der Erklärungen."),
    ("cards",): ("Eine Karte finden oder die Kartensammlung einer Gruppe pflegen", "Listet die Karten: Id",
                 "aus [[card]]-Tabellen"),
    ("event",): ("Ein Turnier leiten: viele Tische eines Spiels", "Legt ein Turnier an;",
                 "Beendet das Turnier und legt seinen Seed offen (Turnierleitung)."),
}
"""What the German help of a command says (a few of its sentences)."""

ENGLISH = {
    (): ("A rules judge for tabletop card games", "Show this message and exit.", "Create a game, or start one",
         "Keep a copy of the witness elsewhere.", "Pin the server's public key", "[env var:"),
    ("new",): ("Create a game, or start one from a position", "A seat in turn order, repeat",
               "Interference window in ms.", "[default: reported]", "Language of explanations."),
    ("cards",): ("Find a card, or keep a group's card library", "List the cards: id", "a TOML file of [[card]] tables"),
    ("event",): ("Run an event: many tables of one game", "Create an event;", "End the event and reveal its seed"),
}
"""The same sentences as typer renders them in English."""

FRAME_DE = ("Aufruf:", "Optionen")
FRAME_EN = ("Usage:", "Options", "Commands", "Arguments")


@pytest.mark.parametrize("command", list(GERMAN), ids=lambda c: " ".join(c) or "judge")
@pytest.mark.parametrize("how", ["--lang de", "--lang=de", "JUDGE_LANG=de"])
def test_help_is_german_under_german(command: tuple[str, ...], how: str) -> None:
    if how == "--lang de":
        out = _help([*command, "--help", "--lang", "de"])
    elif how == "--lang=de":
        out = _help([*command, "--help", "--lang=de"])
    else:
        out = _help([*command, "--help"], lang_env="de")
    flat = _flat(out)
    for words in (*FRAME_DE, *GERMAN[command]):
        assert words in flat, (words, out)
    if command != ("new",):
        assert "Befehle" in flat, out
    else:
        assert "Argumente" in flat, out
    for words in (*FRAME_EN, *ENGLISH[command]):
        assert not re.search(rf"(?<!\w){re.escape(words)}", flat), (words, out)


@pytest.mark.parametrize("args", [["--lang", "de", "--help"], ["--lang", "de"], ["event", "--lang", "de"]])
def test_lang_before_the_help_or_alone_shows_the_german_help(args: list[str]) -> None:
    """``judge --lang de --help``, and a group named with nothing else (its help), in German too."""
    from judge_client.cli import app

    result = runner.invoke(app, args, env={"COLUMNS": "100", "JUDGE_LANG": ""})
    assert result.exit_code in (0, 2), result.output  # no arguments: the help, with click's status
    flat = _flat(result.output)
    assert "Aufruf:" in flat and "Befehle" in flat and "Show this message" not in flat, result.output


@pytest.mark.parametrize("command", list(ENGLISH), ids=lambda c: " ".join(c) or "judge")
def test_english_help_stays_as_typer_says_it(command: tuple[str, ...]) -> None:
    plain = _help([*command, "--help"])
    assert _help([*command, "--help"], lang_env="en") == plain
    flat = _flat(plain)
    for words in ("Usage:", "Options", *ENGLISH[command]):
        assert words in flat, (words, plain)
    assert "Aufruf" not in flat and "Optionen" not in flat
    # a language the catalogue does not have: typer's and click's own words
    assert _help([*command, "--help"], lang_env="fr") == plain


def _commands() -> list[tuple[list[str], Any]]:
    """Every command and group of the command line, with the words that name it."""
    import typer.main

    from judge_client.cli import app

    found: list[tuple[list[str], Any]] = []

    def walk(path: list[str], command: Any) -> None:
        found.append((path, command))
        if hasattr(command, "list_commands"):
            for name in command.list_commands(None):
                walk([*path, name], command.get_command(None, name))

    walk([], typer.main.get_command(app))
    return found


def _help_texts(command: Any) -> list[str]:
    """The English help a command's ``--help`` shows: its own, its options' and arguments', and its
    commands' (a group's)."""
    texts = [command.help or ""]
    texts += [getattr(param, "help", None) or "" for param in command.params]
    if hasattr(command, "list_commands"):
        texts += [command.get_command(None, name).help or "" for name in command.list_commands(None)]
    return [inspect.cleandoc(t) for t in texts if t]


def test_every_help_text_of_every_command_has_german() -> None:
    """Every command's, option's and argument's help is marked and translated (no command's help is left
    English in German)."""
    german = translation("de")
    missing = [f"judge {' '.join(path)}: {text!r}" for path, command in _commands()
               for text in _help_texts(command) if german.gettext(text) == text]
    assert not missing, "\n".join(missing)


def _shown(text: str) -> str:
    """How a help text's first paragraph reads once rendered (rich's escaped brackets as brackets)."""
    return " ".join(text.split("\n\n")[0].replace("\\[", "[").split())


def test_every_commands_german_help_shows_no_english_help_text() -> None:
    """Each command's ``--help --lang de`` (also of the commands without a ``--lang`` of their own: serve,
    migrate) shows the German of its help texts and none of their English."""
    german = translation("de")
    for path, command in _commands():
        flat = _flat(_help([*path, "--help", "--lang", "de"]))
        assert "Aufruf:" in flat and "Show this message and exit." not in flat, path
        for text in _help_texts(command):
            english = _shown(text)
            said = _shown(german.gettext(text))
            assert said[:40] in flat, (path, said)
            assert english not in flat, (path, english)


def test_no_help_shows_the_python_names_of_its_arguments_or_types() -> None:
    """Every command's help, in English and in German, names its arguments by words ("GAME", "SPIEL") and
    the values its options take by kinds people know ("<number>", "<Zahl>"), not by the code's names
    ("game_id", "<int>", "<list[Path]>"); a switch shows no value at all."""
    import typer.core

    for path, command in _commands():
        arguments = [p.name for p in command.params if isinstance(p, typer.core.TyperArgument)]
        for lang in ("en", "de"):
            flat = _flat(_help([*path, "--help", "--lang", lang]))
            for python in ("<str>", "<int>", "<float>", "<bool>", "<path>", "list[", "<int range>"):
                assert python not in flat, (path, lang, python)
            for name in arguments:
                assert "{" + name + "}" not in flat and f"* {name} " not in flat, (path, lang, name)
    submit = _flat(_help(["submit", "--help", "--lang", "de"]))
    assert "{SPIEL} {PLATZ} {AKTION}" in submit and "<Zahl>" in submit and "<Datei> ..." in submit


def _judge(*args: str, lang_env: str = "") -> subprocess.CompletedProcess[str]:
    """``judge ARGS`` through the console script's entry point."""
    program = f"import sys; sys.argv = ['judge', *{list(args)!r}]; from judge_client.cli import main; main()"
    env = {**os.environ, "COLUMNS": "200", "JUDGE_TARGET": "127.0.0.1:9"}
    env.pop("JUDGE_LANG", None)
    if lang_env:
        env["JUDGE_LANG"] = lang_env
    return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=60,
                          check=False)


USAGE_ERRORS = [
    (("view",), "Fehler (ungültige Anfrage): Argument 'SPIEL' fehlt.",
     "error (invalid request): Missing argument 'GAME'."),
    (("new", "munchkin", "--sead", "Anna"),
     "Fehler (ungültige Anfrage): Unbekannte Option: --sead (Mögliche Optionen: --cards, --seat)",
     "error (invalid request): No such option: --sead (Possible options: --cards, --seat)"),
    (("vew",), "Fehler (ungültige Anfrage): Unbekannter Befehl 'vew'. Meintest du 'view', 'new'?",
     "error (invalid request): No such command 'vew'. Did you mean 'view', 'new'?"),
    (("event", "standing"), "Unbekannter Befehl 'standing'. Meintest du 'standings'?",
     "No such command 'standing'. Did you mean 'standings'?"),
    (("view", "g", "--target"), "Die Option '--target' braucht einen Wert.",
     "Option '--target' requires an argument."),
    (("view", "g", "h"), "Unerwartete weitere Argumente (h)", "Got unexpected extra argument(s) (h)"),
    (("new", "munchkin", "-s", "Anna", "--window-ms", "1.5"), "'--window-ms': '1.5' ist keine ganze Zahl",
     "'--window-ms': Input should be a valid integer"),
    (("new", "munchkin", "-s", "Anna", "--mode", "open"), "'--mode': 'open' ist keiner von 'reported', 'dealt'",
     "'--mode': Value error, 'open' is not one of 'reported', 'dealt'."),
]


@pytest.mark.parametrize(("args", "german", "english"), USAGE_ERRORS, ids=[" ".join(e[0]) for e in USAGE_ERRORS])
def test_a_usage_error_is_german_under_german_and_english_as_click_says_it(
        args: tuple[str, ...], german: str, english: str) -> None:
    said = _judge(args[0], "--lang", "de", *args[1:])  # (an option's missing value would take a later --lang)
    heard = _judge(*args, lang_env="de")
    plain = _judge(*args)
    assert said.returncode == heard.returncode == plain.returncode == 2
    assert german in said.stderr and german in heard.stderr, (said.stderr, heard.stderr)
    assert english in plain.stderr, plain.stderr
    for words in ("Missing", "No such", "Did you mean", "Possible options", "requires", "Input should", "Usage"):
        assert words not in said.stderr, said.stderr
