"""Readers of the deploy/ files for the tests: the Dockerfile's instructions,
the systemd unit's sections, the YAML files, and the settings the judge's
command line knows."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
import yaml

from judge_client.cli import app
from tests.support.judge_process import ROOT

DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"

STORAGE_SETTINGS = {"JUDGE_DATABASE_URL"}
"""Settings of the PostgreSQL storage (``judge migrate``, ``judge check``,
``judge serve --database-url``) the deploy files use."""


def cli_settings() -> dict[str, set[str]]:
    """Every ``JUDGE_*`` variable of the command line, by command ('' for the
    options before the command)."""
    group = typer.main.get_command(app)
    commands: dict[str, Any] = {"": group, **group.commands}  # type: ignore[attr-defined]
    found: dict[str, set[str]] = {}
    for name, command in commands.items():
        names = set()
        for param in command.params:
            envvar = getattr(param, "envvar", None)
            for var in [envvar] if isinstance(envvar, str) else envvar or []:
                names.add(var)
        found[name] = names
    return found


def known_settings() -> set[str]:
    return set().union(*cli_settings().values()) | STORAGE_SETTINGS


def yaml_documents(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [doc for doc in yaml.safe_load_all(f) if doc is not None]


def port_of(address: str) -> int:
    return int(address.rpartition(":")[2])


# --------------------------------------------------------------------------- Dockerfile


@dataclass(frozen=True)
class Instruction:
    keyword: str
    args: str

    def exec_form(self) -> list[str]:
        """The JSON array of ENTRYPOINT/CMD (or a HEALTHCHECK's CMD)."""
        text = self.args
        if self.keyword == "HEALTHCHECK":
            text = text[text.index("CMD ") + 4:]
        value = json.loads(text)
        assert isinstance(value, list) and all(isinstance(v, str) for v in value), self
        return value

    def pairs(self) -> dict[str, str]:
        """ENV's ``KEY=value`` pairs."""
        return dict(item.split("=", 1) for item in shlex.split(self.args))


def dockerfile(path: Path = DEPLOY / "Dockerfile") -> list[Instruction]:
    """The instructions, continuation lines joined, comments dropped."""
    instructions: list[Instruction] = []
    pending = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        keyword, _, args = line.partition(" ")
        instructions.append(Instruction(keyword.upper(), " ".join(args.split())))
    return instructions


def final_stage(instructions: list[Instruction]) -> list[Instruction]:
    starts = [i for i, ins in enumerate(instructions) if ins.keyword == "FROM"]
    return instructions[starts[-1]:]


# --------------------------------------------------------------------------- systemd


def unit_sections(path: Path = DEPLOY / "judge.service") -> dict[str, list[tuple[str, str]]]:
    """Section -> its ``Key=value`` lines in order (keys may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            sections.setdefault(current, [])
            continue
        key, _, value = line.partition("=")
        sections[current].append((key.strip(), value.strip()))
    return sections


def unit_value(section: list[tuple[str, str]], key: str) -> str:
    [value] = [v for k, v in section if k == key]
    return value
