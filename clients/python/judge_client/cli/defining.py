"""Cards defined when they turn up, from the command line: ``judge submit --define FILE`` and
``--define-json``, and on a terminal the few questions the judge's "unknown card" answer leads to (the
family's definition form, judge_client/families), after which the command is submitted again with the
card's definition."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from judge.common.i18n import tr
from judge.v1 import judge_pb2 as pb
from judge_client.card_files import read_card_file
from judge_client.client import JudgeClient
from judge_client.errors import JudgeRpcError
from judge_client.families import definition_form

MAX_ROUNDS = 8
"""Most unknown cards one command is asked about."""


def definitions_of(files: Sequence[Path], texts: Sequence[str]) -> list[dict[str, Any]]:
    """The definitions given with ``--define`` (files) and ``--define-json`` (objects)."""
    out: list[dict[str, Any]] = []
    for path in files:
        try:
            entries = read_card_file(path)
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(f"{path}: {exc}", param_hint="--define") from None
        out += [dict(e) for e in entries if isinstance(e, dict)]
    for text in texts:
        try:
            card = json.loads(text)
        except ValueError as exc:
            raise typer.BadParameter(f"not JSON: {exc}", param_hint="--define-json") from None
        if not isinstance(card, dict):
            raise typer.BadParameter("one JSON object per card", param_hint="--define-json")
        out.append(card)
    return out


def submit_defining(client: JudgeClient, game_id: str, command: pb.Command, cards: list[dict[str, Any]],
                    family: str, lang: str, asking: bool, read_mask: Sequence[str] | None) -> Any:
    """Submit ``command`` with ``cards``; while the judge answers that it does not know a card and
    ``asking``, ask for the card's definition and submit again."""
    for _ in range(MAX_ROUNDS):
        try:
            return client.submit_command(game_id, command, read_mask=read_mask, define=cards)
        except JudgeRpcError as error:
            form = definition_form(family) if asking and error.unknown_card else None
            if form is None:
                raise
            cards = [*cards, ask_definition(form, error.unknown_card, lang)]
    return client.submit_command(game_id, command, read_mask=read_mask, define=cards)


def ask_definition(form: Any, name: str, lang: str) -> dict[str, Any]:
    """The definition of the card ``name`` from the family's form, asked question by question."""
    typer.echo(tr(lang, "The judge does not know the card '{card}'. Describe it once as printed; every "
                        "later game of your group knows it.", card=name))
    kinds = tuple(form.KINDS)
    kind = kinds[0]
    if len(kinds) > 1:
        words = ", ".join(f"{tr(lang, k)} ({k})" for k in kinds)
        while True:
            kind = str(typer.prompt(tr(lang, "its kind: {kinds}", kinds=words), default=kinds[0])).strip()
            if kind in kinds:
                break
            typer.echo(tr(lang, "one of: {kinds}", kinds=", ".join(kinds)))
    answers: dict[str, Any] = {}
    for question in form.questions(kind):
        answers[question.field] = typer.prompt(tr(lang, question.ask), default=question.default,
                                               type=question.type, show_default=True)
    return dict(form.definition(name, kind, answers))
