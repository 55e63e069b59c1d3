"""``judge cards``: find a card (``judge cards SEARCH``, the default) and keep a group's card library
(``judge cards add/edit/remove/import/export``: AddCard, EditCard, RemoveCard, ImportCards, ExportCards).

A library belongs to a collection (``--collection``, default "default"): every later game created with
that collection knows its cards. Writes take the server's admin token, or a game's organizer token with
``--game`` (the organizer writes that game's collection)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperGroup

from judge.common.i18n import N_, ntr, said, tr
from judge_client.card_files import read_card_file
from judge_client.cli.common import (
    reason_of,
    JsonOpt,
    Language,
    LangOpt,
    TargetOpt,
    TokenOpt,
    _client,
    _out,
    _print_json,
    app,
)
from judge_client.client import DEFAULT_TARGET
from judge_client.families import DEFAULT_RULESET
from judge_client.table_text import cards_table

VERBS = ("add", "edit", "remove", "import", "export", "search", "correct")


class CardsGroup(TyperGroup):
    """``judge cards``: a verb, or else the words of a search (``judge cards topf`` is ``judge cards search
    topf``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in VERBS and args[0] not in ("--help", "-h")):
            args = ["search", *args]
        return super().parse_args(ctx, args)


cards_app = typer.Typer(cls=CardsGroup, no_args_is_help=False, add_completion=False,
                        help="Find a card, or keep a group's card library (a verb, else a search).")
app.add_typer(cards_app, name="cards")

CollectionOpt = Annotated[str, typer.Option("--collection", envvar="JUDGE_COLLECTION",
                                            help="The group's collection whose library this is.")]
RulesetOpt = Annotated[str, typer.Option("--ruleset", help="A ruleset of the cards' family (judge rulesets).")]
GameOpt = Annotated[Optional[str], typer.Option(
    "--game", help="With an organizer's token: the game of the collection you organize.", show_default=False)]
CardFileArg = Annotated[Path, typer.Argument(
    help="The card(s): a TOML file of \\[\\[card]] tables, or JSON (an object or a list).", show_default=False)]


@cards_app.command()
def search(
    words: Annotated[Optional[str], typer.Argument(
        help="Only cards whose id, printed name or text contains this (case and umlauts do not matter).",
        show_default=False)] = None,
    kind: Annotated[Optional[str], typer.Option("--kind", help="Only cards of this kind, e.g. monster.",
                                                show_default=False)] = None,
    set_: Annotated[Optional[str], typer.Option("--set", help="Only cards of this set (the table shows each card's).",
                                                show_default=False)] = None,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: Annotated[str, typer.Option("--collection", envvar="JUDGE_COLLECTION",
                                            help="Also the cards of this collection's library.")] = "",
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the cards: id, printed name, kind, set, numbers and text (ListCards; no token)."""
    with _client(target, None, lang, json_output) as client:
        answer = client.list_cards(ruleset, words or "", kind or "", set_ or "", collection=collection)
    if json_output:
        _print_json(answer)
        return
    if not answer.cards and answer.suggestions:
        _out().print(tr(lang.value, "no card matches {search!r}; did you mean {ids}?", search=words,
                        ids=", ".join(answer.suggestions)))
        raise typer.Exit(1)
    title = ntr(lang.value, "{n} card of {ruleset}", "{n} cards of {ruleset}", len(answer.cards),
                ruleset=answer.ruleset)
    _out().print(cards_table(answer.cards, lang.value, title=title, width=_out().width))


def _one_card(path: Path) -> dict[str, Any]:
    try:
        entries = read_card_file(path)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(said(N_("{path}: {exc}"), path=path, exc=reason_of(exc))) from None
    if len(entries) != 1 or not isinstance(entries[0], dict):
        raise typer.BadParameter(said(N_("{path}: holds {n} cards; one here (judge cards import takes many)"),
                                      path=path, n=len(entries)))
    return dict(entries[0])


@cards_app.command()
def add(
    card: CardFileArg,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: CollectionOpt = "",
    game: GameOpt = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Add one card to the collection's library (AddCard): every later game of the collection knows it."""
    data = _one_card(card)
    with _client(target, token, lang, json_output) as client:
        answer = client.add_card(ruleset, data, collection=collection, game_id=game or "")
    if json_output:
        _print_json(answer)
        return
    words = N_("{card} added to the library of {collection}") if answer.added else \
        N_("{card} is in the library of {collection} already, as given")
    _out().print(tr(lang.value, words, card=answer.card_id, collection=answer.collection))


@cards_app.command()
def edit(
    card: CardFileArg,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: CollectionOpt = "",
    game: GameOpt = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Correct a card of the library (EditCard); games created before keep what they pinned."""
    data = _one_card(card)
    with _client(target, token, lang, json_output) as client:
        answer = client.edit_card(ruleset, data, collection=collection, game_id=game or "")
    if json_output:
        _print_json(answer)
        return
    _out().print(tr(lang.value, "{card} corrected; it was: {before}", card=answer.card_id,
                    before=answer.before_json))


@cards_app.command()
def correct(
    game_id: Annotated[str, typer.Argument(help="The game whose card to correct.", show_default=False)],
    card: CardFileArg,
    command_id: Annotated[Optional[str], typer.Option(
        "--command-id", help="Id for safe retries (default: a new UUID).", show_default=False)] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Correct a card defined in a game, a misread number (CorrectCard; the game's organizer token): the
    game records the old and the new definition; rulings made before stand as they were made."""
    data = _one_card(card)
    with _client(target, token, lang, json_output) as client:
        answer = client.correct_card(game_id, data, command_id=command_id)
    if json_output:
        _print_json(answer)
        return
    _out().print(tr(lang.value, "corrected at version {version}: {told}", version=answer.version,
                    told=answer.events[0].summary if answer.events else ""))


@cards_app.command()
def remove(
    card_id: Annotated[str, typer.Argument(help="The id of the card to remove.", show_default=False)],
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: CollectionOpt = "",
    game: GameOpt = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Remove a card from the library (RemoveCard); games created before keep it."""
    with _client(target, token, lang, json_output) as client:
        answer = client.remove_card(ruleset, card_id, collection=collection, game_id=game or "")
    if json_output:
        _print_json(answer)
        return
    _out().print(tr(lang.value, "{card} removed from the library", card=answer.card_id))


@cards_app.command(name="import")
def import_(
    file: CardFileArg,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: CollectionOpt = "",
    game: GameOpt = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Add every card of a file (ImportCards), all or none; cards already there as given are left."""
    try:
        entries = read_card_file(file)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(said(N_("{file}: {exc}"), file=file, exc=reason_of(exc))) from None
    with _client(target, token, lang, json_output) as client:
        answer = client.import_cards(ruleset, json.dumps(entries, ensure_ascii=False), fmt="json",
                                     collection=collection, game_id=game or "")
    if json_output:
        _print_json(answer)
        return
    _out().print(ntr(lang.value, "{n} card added, {unchanged} there already as given",
                     "{n} cards added, {unchanged} there already as given", len(answer.added),
                     unchanged=answer.unchanged))


@cards_app.command()
def export(
    out: Annotated[Optional[Path], typer.Option("--out", help="Write the TOML here (default: print it).",
                                                show_default=False)] = None,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    collection: CollectionOpt = "",
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """The library as a TOML file of \\[\\[card]] tables, the catalogue's own format (ExportCards; no token)."""
    with _client(target, None, lang, json_output) as client:
        answer = client.export_cards(ruleset, collection=collection)
    if json_output:
        _print_json(answer)
        return
    if out is None:
        typer.echo(answer.toml, nl=False)
        return
    out.write_text(answer.toml, encoding="utf-8")
    _out().print(ntr(lang.value, "{n} card written to {file}", "{n} cards written to {file}", answer.count,
                     file=str(out)))
