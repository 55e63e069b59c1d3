"""A bad option or value on the command line is said in ``--lang``'s words (or ``$JUDGE_LANG``'s), framed as
the judge's refusals are, with click's exit status 2 (issue 28: every string a person reads in the CLI
comes from the catalogues). Run through the console script's entry point, ``judge_client.cli.main``."""

from __future__ import annotations

import os
import subprocess
import sys


def _judge(*args: str, lang_env: str = "") -> subprocess.CompletedProcess[str]:
    program = f"import sys; sys.argv = ['judge', *{list(args)!r}]; from judge_client.cli import main; main()"
    env = {**os.environ, "COLUMNS": "200", "JUDGE_TARGET": "127.0.0.1:9"}
    env.pop("JUDGE_LANG", None)
    if lang_env:
        env["JUDGE_LANG"] = lang_env
    return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=60,
                          check=False)


SEATS = ("--seat", "Anna:female", "--seat", "Ben:male", "--seat", "Cem:male")


def test_a_bad_value_is_said_in_german_with_its_option() -> None:
    done = _judge("new", "munchkin", *SEATS, "--page", "ftp://192.0.2.7/", "--lang", "de")
    assert done.returncode == 2, done
    assert "Fehler (ungültige Anfrage): --page: muss mit http:// oder https:// beginnen" in done.stderr, done.stderr
    assert "new --help listet die Optionen" in done.stderr
    assert "Usage" not in done.stderr and "Invalid value" not in done.stderr


def test_judge_lang_in_the_environment_is_heard_too_and_english_stays_english() -> None:
    german = _judge("new", "munchkin", "--env", "--json", *SEATS, lang_env="de")
    assert german.returncode == 2
    assert "--env und --json sind zwei Arten, die Tokens auszugeben; wähle eine" in german.stderr, german.stderr
    english = _judge("new", "munchkin", "--env", "--json", *SEATS)
    assert "error (invalid request): --env and --json are two ways to print the tokens" in english.stderr


def test_clicks_own_errors_keep_their_words_and_status() -> None:
    """A mistyped command or a missing argument: click's message (with its suggestions) in the frame."""
    mistyped = _judge("vew", "--lang", "de")
    assert mistyped.returncode == 2 and "Did you mean 'view', 'new'?" in mistyped.stderr, mistyped.stderr
    assert _judge("--version").returncode == 0
