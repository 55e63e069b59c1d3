"""The ``judge`` command line: run a judge, or talk to one.

    judge serve --listen 127.0.0.1:50051 --db ./judge.sqlite3
    judge rulesets
    judge new munchkin --seat Anna:female --seat Ben:male --seat Cem:male
    export JUDGE_TOKEN=<Anna's token>
    judge submit <game> 0 kick_door --arg card=lahmer-goblin
    judge view <game>

The CLI knows no game: ``judge rulesets`` lists what the judge judges (seat
traits, options, variants, action kinds), ``judge new RULESET`` takes seats
as ``NAME``, ``NAME:trait=value`` or ``NAME:value`` and options as
``--option name=value``, and ``judge submit`` sends an action in the place
of the game's family.

Client commands reach the judge at ``--target`` (or ``$JUDGE_TARGET``) with
``--token`` (or ``$JUDGE_TOKEN``), explain in ``--lang`` (or ``$JUDGE_LANG``)
and print tables, or JSON with ``--json`` (streams: one JSON object a line).
A failed call prints the judge's answer (for a rejected action the ruling:
rule id, citation, explanation) and exits with status 1.

Options before the command apply to every client command: ``--tls-ca`` (or
``$JUDGE_TLS_CA``) connects with TLS, ``--tls-cert``/``--tls-key`` add a
client certificate, ``--server-key`` (or ``$JUDGE_SERVER_KEY``) pins the
server's public key and checks every receipt against it:

    judge --tls-ca ca.pem --server-key 3f2a... submit <game> 0 loot_room

The commands live in modules by what they are for: ``play`` (rulesets, new
games, submit, ask, positions, legal actions, views, Replay, Watch),
``server`` (serve, health, migrate, check, bench), ``records`` (disputes,
export, import, audit, tokens, keys, verify); ``common`` holds the typer
app, the shared options and the connection, ``printing`` the tables.

"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge_client.cli.common import app


def main() -> None:
    """Entry point of the ``judge`` console script.

    Only the named command's module is loaded (``judge_client.cli.lazy``), so
    that a call reaches the judge quickly. The client package installs without
    the server (clients/python); the commands that run or read a judge's own
    database or re-judge a record (serve, migrate, check, verify, audit
    --offline) need the server package and say so instead of failing with a
    traceback."""
    import sys

    from typer._click.exceptions import ClickException, UsageError
    from typer.exceptions import Abort

    from judge.common.i18n import tr
    from judge_client.cli.common import _err, app, escape, requested_language, usage_error_lines

    lang = requested_language(sys.argv[1:])
    try:
        code = app(standalone_mode=False)
    except UsageError as exc:  # a bad option or argument: said in --lang's words, click's exit status
        for line in usage_error_lines(exc, sys.argv[1:]):
            _err().print(line)
        raise SystemExit(exc.exit_code) from None
    except ClickException as exc:  # click's other errors (a file it cannot open), in click's words
        _err().print(tr(lang, "[red]error[/]: {reason}", reason=escape(exc.format_message())))
        raise SystemExit(exc.exit_code) from None
    except Abort:  # end of input at a prompt
        _err().print(tr(lang, "Aborted!"))
        raise SystemExit(1) from None
    except ModuleNotFoundError as exc:
        if not _is_server_module(exc.name):
            raise
        _err().print(tr(lang, "[red]error[/]: this command needs the judge server package (install the project "
                              "itself, not only clients/python)"))
        raise SystemExit(2) from None
    raise SystemExit(code if isinstance(code, int) else 0)


def __getattr__(name: str) -> Any:
    """``judge_client.cli.app``: the typer app with every command registered (for tests and tools that
    read all commands); the console script loads commands one by one instead."""
    if name == "app":
        from judge_client.cli.common import app
        from judge_client.cli.lazy import load_all

        load_all()
        return app
    raise AttributeError(f"module 'judge_client.cli' has no attribute {name!r}")


def _is_server_module(name: str | None) -> bool:
    """A module of the server package (``judge.*`` but not the API's ``judge.v1``, or its benchmark
    ``judge_bench``)."""
    return bool(name) and name is not None and (name in ("judge", "judge_bench") or name.startswith(
        ("judge.", "judge_bench."))) and not name.startswith("judge.v1")


__all__ = ["app", "main"]
