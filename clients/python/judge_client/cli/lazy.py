"""Commands loaded when named: ``judge view`` imports the module of ``view`` and
builds that one command, not the other commands' modules (the server, records,
reports) nor their options. ``judge --help`` and shell completion list every
command from the table below and load only those they show.

The table says which module registers each command on ``app``; a test checks it
against what the modules register (tests/client/test_cli_startup.py).
"""

from __future__ import annotations

import importlib
from typing import Any

from judge_client.cli.helptext import JudgeGroup

COMMANDS: dict[str, str] = {
    # play: a game at the table
    "rulesets": "play", "new": "play", "submit": "play", "ask": "play", "position": "play", "legal": "play",
    "view": "play", "replay": "play", "watch": "play",
    # server: run or look after a judge
    "migrate": "server", "check": "server", "witness": "server", "bench": "server", "serve": "server",
    "health": "server",
    # records: a game's record
    "export": "records", "import": "records", "audit": "records", "rotate": "records", "key": "records",
    "verify": "records", "dispute": "records",
    # reading: output people read
    "report": "reading",
    # cards: finding a card, and a group's card library
    "cards": "cards",
    # events: many tables as one event
    "event": "events",
}
"""Every top-level command, in the order of ``judge --help``, and its module in judge_client.cli."""

MODULES = ("play", "server", "records", "reading", "cards", "events")


def load_all() -> None:
    """Import every command module (all commands registered on ``app``)."""
    for module in MODULES:
        importlib.import_module(f"judge_client.cli.{module}")


class LazyCommands(JudgeGroup):
    """The ``judge`` group: builds a command the first time it is asked for (and suggests, for a mistyped
    command, from every command, also those not built yet)."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*COMMANDS, *(name for name in self.commands if name not in COMMANDS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        found = self.commands.get(cmd_name)
        if found is None and cmd_name in COMMANDS:
            found = self._build(cmd_name)
            if found is not None:
                self.commands[cmd_name] = found
        return found

    @staticmethod
    def _build(name: str) -> Any:
        import typer.main

        from judge_client.cli.common import app

        importlib.import_module(f"judge_client.cli.{COMMANDS[name]}")
        for info in app.registered_commands:
            assert info.callback is not None
            if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
                return typer.main.get_command_from_info(info, pretty_exceptions_short=app.pretty_exceptions_short,
                                                        rich_markup_mode=app.rich_markup_mode)
        for group in app.registered_groups:
            if group.name == name:
                return typer.main.get_group_from_info(group, pretty_exceptions_short=app.pretty_exceptions_short,
                                                      rich_markup_mode=app.rich_markup_mode,
                                                      suggest_commands=app.suggest_commands)
        return None
