"""The ``judge`` command line starts quickly (issue 15, section 2 "The catalogue and the CLI":
"CLI start-up under 300 ms to the first request (lazy imports); --version; shell completion").

No timings are asserted (scripts/cli_startup.py measures them); these tests hold what makes the
start quick: the command line loads gRPC, protobuf and rich only when a command needs them, and
only the module of the command named. Each check runs in a fresh interpreter, whose modules are
those the command line loaded and nothing a test loaded before."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from typer.testing import CliRunner

HEAVY = ("grpc", "google.protobuf", "rich", "judge.v1", "cryptography", "judge_client.client")


def _loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter has loaded after running ``code``."""
    program = textwrap.dedent(code) + textwrap.dedent(f"""
        import json, sys
        heavy = {HEAVY!r}
        print(json.dumps(sorted({{m for m in sys.modules for h in heavy if m == h or m.startswith(h + ".")}})))
    """)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_importing_the_command_line_loads_no_heavy_module() -> None:
    assert _loaded_after("import judge_client.cli\nfrom judge_client.cli.common import app") == []


def test_version_prints_without_grpc_protobuf_or_rich() -> None:
    loaded = _loaded_after("""
        import contextlib, io, sys
        sys.argv = ["judge", "--version"]
        from judge_client.cli import main
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            main()
        assert out.getvalue().startswith("judge "), out.getvalue()
    """)
    assert loaded == []


def test_a_command_loads_its_own_module_only() -> None:
    """``judge view`` builds from the module of the table's commands; the server's, the records'
    and the report's modules stay unloaded."""
    program = """
        import sys, typer.main
        from judge_client.cli.common import app
        group = typer.main.get_command(app)
        assert group.get_command(None, "view").name == "view"
        others = [m for m in ("server", "records") if f"judge_client.cli.{m}" in sys.modules]
        assert others == [], others
        assert "judge_client.report" not in sys.modules
    """
    subprocess.run([sys.executable, "-c", textwrap.dedent(program)], check=True, timeout=60)


def test_the_command_table_is_what_the_modules_register() -> None:
    """Every command a module registers is in the table under that module, and nothing else is."""
    import typer.main

    from judge_client.cli import app
    from judge_client.cli.lazy import COMMANDS

    registered = {(info.name or typer.main.get_command_name(info.callback.__name__)): info.callback.__module__
                  for info in app.registered_commands if info.callback is not None}
    # A group is registered by the module its commands are in (dispute: records, event: events).
    registered.update({str(group.name): group.typer_instance.registered_commands[0].callback.__module__
                       for group in app.registered_groups if group.typer_instance is not None})
    assert registered == {name: f"judge_client.cli.{module}" for name, module in COMMANDS.items()}


def test_help_lists_every_command_and_a_sub_group_works() -> None:
    from judge_client.cli import app
    from judge_client.cli.lazy import COMMANDS

    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    listed = [line.split()[1] for line in out.splitlines() if line.startswith("│ ") and len(line.split()) > 2
              and line.split()[1] in COMMANDS]
    assert listed == list(COMMANDS)
    dispute = CliRunner().invoke(app, ["dispute", "--help"], env={"COLUMNS": "200"})
    assert dispute.exit_code == 0 and "resolve" in dispute.output


def test_completion_reaches_the_options_and_sub_commands_of_lazy_commands() -> None:
    """Shell completion loads the commands it completes: a command's options, a group's commands."""
    from tests.support.judge_process import JUDGE

    def complete(words: str) -> list[str]:
        env = {"PATH": os.environ["PATH"], "_JUDGE_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1)}
        done = subprocess.run([str(JUDGE)], env=env, capture_output=True, text=True, check=False, timeout=60)
        return done.stdout.split()

    assert complete("judge view --ta") == ["--target"]
    assert complete("judge dispute re") == ["resolve"]
    assert complete("judge re") == ["replay", "report"]


def test_a_mistyped_command_is_answered_with_the_closest_commands() -> None:
    """Suggestions come from every command, also those not loaded."""
    from tests.support.judge_process import JUDGE

    done = subprocess.run([str(JUDGE), "vew"], capture_output=True, text=True, check=False, timeout=60,
                          env={"PATH": os.environ["PATH"], "COLUMNS": "200"})
    assert done.returncode == 2 and "Did you mean 'view', 'new'?" in done.stderr
