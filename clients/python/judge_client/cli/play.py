"""Commands of a game at the table: rulesets, new, submit, ask, position,
legal, view, replay and watch.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from judge_client.client import DEFAULT_BATCH, DEFAULT_TARGET, ROOT_FAMILY, JudgeClient, command_of, events_of
from judge_client.analysis_view import analysis_renderables
from judge_client.cli import reading
from judge.common.i18n import N_, said, tr
from judge.v1 import judge_pb2 as pb
from judge_client.card_files import read_card_file
from judge_client.telling import EventTeller
from judge_client.table_text import env_lines
from judge_client.cli.common import (
    reason_of,
    ArgOpt,
    DataOpt,
    FamilyOpt,
    GameArg,
    JsonOpt,
    LangOpt,
    Language,
    Mode,
    TargetOpt,
    TokenOpt,
    _action_fields,
    _client,
    _out,
    _print_json,
    _ruling_lines,
    app,
)
from judge_client.cli.defining import definitions_of, submit_defining
from judge_client.cli.progress import progress, watched
from judge_client.cli.printing import (
    _events_table,
    _print_credentials,
    _print_rulesets,
    _print_view,
)


SUBMIT_SHOWN = ["events", "version", "duplicate", "receipt", "view.seats", "view.rules_version"]
"""What ``judge submit`` shows of the answer (without --json)."""
LAST_SHOWN = ["view.seats", "view.version", "view.turn", "view.active_seat", "view.phase", "view.rules_version"]
"""What ``judge replay`` shows of the state after the last event (without --json)."""


@app.command()
def rulesets(
    target: TargetOpt = DEFAULT_TARGET,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the rulesets the judge knows: seats, traits, options, variants, actions."""
    with _client(target, None, lang, json_output) as client:
        response = client.list_rulesets()
        # The card kinds each ruleset's cards have (the judge lists every kind the family knows).
        used = None if json_output else {info.name: _kinds_used(client, info.name) for info in response.rulesets}
    if json_output:
        _print_json(response)
    else:
        _print_rulesets(response, lang.value, used)


def _kinds_used(client: JudgeClient, ruleset: str) -> list[str]:
    """The card kinds of a ruleset's catalogue, in the order they first appear."""
    from judge_client.errors import JudgeRpcError

    try:
        return list(dict.fromkeys(c.kind for c in client.list_cards(ruleset).cards))
    except JudgeRpcError:
        return []


@app.command()
def new(
    ruleset: Annotated[
        Optional[str], typer.Argument(help=N_("Ruleset (judge rulesets lists them; not with --position)."),
                                      show_default=False)
    ] = None,
    seat: Annotated[
        Optional[list[str]],
        typer.Option("--seat", "-s", help=N_("A seat in turn order, repeat: NAME, NAME:trait=value,... or "
                                             "NAME:value (e.g. Anna:female); see judge rulesets."),
                     show_default=False),
    ] = None,
    position: Annotated[
        Optional[Path],
        typer.Option("--position", help=N_("Start from this position (a JSON file, docs/position.md): its ruleset, "
                                           "seats and options make the game."), show_default=False),
    ] = None,
    variant: Annotated[
        Optional[list[str]],
        typer.Option("--variant", help=N_("A variant name; repeat for several."), show_default=False),
    ] = None,
    window_ms: Annotated[
        Optional[int], typer.Option("--window-ms", help=N_("Interference window in ms."), show_default=False)
    ] = None,
    first_seat: Annotated[
        Optional[int], typer.Option("--first-seat", help=N_("Seat taking the first turn."), show_default=False)
    ] = None,
    mode: Annotated[Mode, typer.Option("--mode", help=N_("reported (physical cards) or dealt."))] = Mode.reported,
    option: Annotated[
        Optional[list[str]],
        typer.Option("--option", "-o", help=N_("An option of the ruleset as name=value (see judge rulesets); repeat."),
                     show_default=False),
    ] = None,
    cards: Annotated[
        Optional[Path],
        typer.Option(
            # The help is rich markup: its brackets are escaped, or "[[card]]" would vanish.
            "--cards",
            help=N_("Custom cards: a JSON file (an object or a list), or a TOML file of \\[\\[card]] tables."),
            show_default=False
        ),
    ] = None,
    collection: Annotated[str, typer.Option(
        "--collection", envvar="JUDGE_COLLECTION",
        help=N_("The group's collection: the game knows its card library (judge cards add)."))] = "",
    target: TargetOpt = DEFAULT_TARGET,
    token: Annotated[Optional[str], typer.Option(
        "--token", envvar="JUDGE_TOKEN", help=N_("The creator token, where the judge requires one for new games."),
        show_default=False)] = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
    page: Annotated[Optional[str], typer.Option(
        "--page", envvar="JUDGE_PAGE",
        help=N_("The judge's table page (judge serve --web-listen), e.g. http://192.0.2.7:8080/: also print each "
                "seat's link to it (secret, like the tokens) with a QR code for the seat's phone."),
        show_default=False)] = None,
    qr: Annotated[bool, typer.Option(
        "--qr/--no-qr", help=N_("With --page: print each seat's link as a QR code too."))] = True,
    env: Annotated[bool, typer.Option(
        "--env", help=N_('Print the id and tokens as shell export lines (GAME, one per seat named after the '
                         'player, ORGANIZER, SPECTATOR): eval "$(judge new ... --env)".'))] = False,
) -> None:
    """Create a game, or start one from a position; prints its id and the secret tokens (shown only once)."""
    if env and json_output:
        raise typer.BadParameter(said(N_("--env and --json are two ways to print the tokens; choose one")))
    if page is not None and not page.startswith(("http://", "https://")):
        raise typer.BadParameter(said(N_("must start with http:// or https://")), param_hint="--page")
    if position is not None:
        if ruleset or seat:
            raise typer.BadParameter(said(N_("--position gives the ruleset and the seats; name neither")))
        text = _position_text(position)
        with _client(target, None, lang, json_output) as client:
            game = client.create_game_from_position(text)
        if json_output:
            _print_json(game)
        elif env:
            typer.echo("\n".join(env_lines(game)))
        else:
            _print_credentials(game, page, qr, lang.value)
        return
    if not ruleset or not seat:
        raise typer.BadParameter(said(N_("name the ruleset and at least one --seat (or give --position)")))
    custom: list[Any] = []
    if cards is not None:
        try:
            custom = read_card_file(cards)
        except (OSError, ValueError) as exc:
            raise typer.BadParameter(said(N_("--cards {cards}: {exc}"), cards=cards, exc=reason_of(exc))) from None
    options: dict[str, str] = {}
    for given in option or ():
        name, sep, value = given.partition("=")
        if not sep or not name.strip():
            raise typer.BadParameter(said(N_("--option {given} must look like name=value"), given=repr(given)))
        options[name.strip()] = value.strip()
    with _client(target, token, lang, json_output) as client:
        game = client.create_game(
            ruleset,
            seat,
            variants=variant or (),
            mode=mode.value,
            interference_window_ms=window_ms,
            first_seat=first_seat,
            custom_cards=custom,
            options=options,
            collection=collection,
        )
    if json_output:
        _print_json(game)
    elif env:
        typer.echo("\n".join(env_lines(game)))
    else:
        _print_credentials(game, page, qr, lang.value)


@app.command()
def submit(
    game_id: GameArg,
    seat: Annotated[int, typer.Argument(help=N_("The acting seat."))],
    kind: Annotated[str, typer.Argument(help=N_("The action, e.g. kick_door (judge rulesets lists each game's)."))],
    arg: ArgOpt = None,
    data: DataOpt = None,
    family: FamilyOpt = None,
    command_id: Annotated[
        Optional[str],
        typer.Option("--command-id", help=N_("Id for safe retries (default: a new UUID)."), show_default=False),
    ] = None,
    expected_version: Annotated[
        Optional[int],
        typer.Option("--expected-version", help=N_("Apply only at this game version."), show_default=False),
    ] = None,
    define: Annotated[
        Optional[list[Path]],
        typer.Option("--define", help=N_("A card the game does not know yet: a TOML file of \\[\\[card]] tables or "
                     "JSON, in the game's card schema (repeat for several)."), show_default=False),
    ] = None,
    define_json: Annotated[
        Optional[list[str]],
        typer.Option("--define-json", help=N_("A card the game does not know yet, as one JSON object "
                     "(repeat for several)."), show_default=False),
    ] = None,
    ask_definitions: Annotated[
        Optional[bool],
        typer.Option("--ask-definitions/--no-ask-definitions", help=N_("Ask for an unknown card's kind and "
                     "printed numbers and submit again (default: on a terminal)."), show_default=False),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Submit an action; a rejected one prints the ruling. A card the game does not know is defined
    with --define/--define-json, or on a terminal by answering a few questions when the judge asks."""
    fields = _action_fields(arg or [], data)
    cards = definitions_of(define or [], define_json or [])
    asking = ask_definitions if ask_definitions is not None else \
        (not json_output and sys.stdin.isatty() and sys.stdout.isatty())
    with _client(target, token, lang, json_output) as client:
        family_name = family or client.family_for(game_id, kind)
        command = command_of(
            seat, kind, fields, family=family_name, command_id=command_id or "",
            expected_version=expected_version,
        )
        # The table shows the events, told with the seats' names: the rest of the view is not read.
        result = submit_defining(client, game_id, command, cards, family_name, lang.value, asking,
                                 read_mask=None if json_output else SUBMIT_SHOWN)
        told = None if json_output else reading.narrator(client, result.view, lang.value)
    if json_output:
        _print_json(result)
        return
    note = tr(lang.value, " (duplicate: already recorded)") if result.duplicate else ""
    _out().print(tr(lang.value, "[green]accepted[/]: game at version {version}", version=result.version) + note)
    _out().print(_events_table(result.events, narrator=told))


@app.command()
def ask(
    game_id: Annotated[str, typer.Argument(help=N_("The game (with --position: the seat)."))],
    seat: Annotated[str, typer.Argument(help=N_("The seat that would act (with --position: the action)."))],
    kind: Annotated[Optional[str], typer.Argument(help=N_("The action."), show_default=False)] = None,
    arg: ArgOpt = None,
    data: DataOpt = None,
    family: FamilyOpt = None,
    position: Annotated[
        Optional[Path],
        typer.Option("--position", help=N_("Ask on this position (a JSON file) instead of a game."),
                     show_default=False),
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Would this action be allowed now? Records nothing. With --position FILE SEAT ACTION: on a
    position, with no game kept; prints the ruling and the position's breakdowns and forecast."""
    fields = _action_fields(arg or [], data)
    if position is not None:
        if kind is not None:
            raise typer.BadParameter(said(N_("with --position give SEAT ACTION, no game")))
        _ask_position(position, game_id, seat, fields, family, target, lang, json_output)
        return
    if kind is None:
        raise typer.BadParameter(said(N_("give GAME SEAT ACTION (or --position FILE SEAT ACTION)")))
    with _client(target, token, lang, json_output) as client:
        command = command_of(_seat_number(seat), kind, fields, family=family or client.family_for(game_id, kind))
        answer = client.ask_command(game_id, command)
        told = None if json_output or not answer.events else reading.narrator(
            client, client.get_view(game_id, read_mask=["view.seats", "view.rules_version"]).view, lang.value)
    if json_output:
        _print_json(answer)
        return
    _print_answer(answer, lang.value, told)


def _print_answer(answer: Any, lang: str, told: EventTeller | None = None) -> None:
    """An ``Ask`` answer: allowed (with what it would record, told by ``told``) or not (with the ruling)."""
    out = _out()
    if answer.allowed:
        out.print(tr(lang, "[green]allowed[/]"))
        if answer.events:
            out.print(_events_table(answer.events, tr(lang, "it would record"), narrator=told, lang=lang))
    else:
        out.print(tr(lang, "[red]not allowed[/]"))
        for line in _ruling_lines(answer.ruling, lang=lang):
            out.print(line)


def _seat_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise typer.BadParameter(said(N_("the seat is a number, not {text}"), text=repr(text))) from None


def _position_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise typer.BadParameter(said(N_("--position {path}: {exc}"), path=path, exc=reason_of(exc))) from None


def _ask_position(path: Path, seat: str, kind: str, fields: dict[str, Any], family: str | None, target: str,
                  lang: Language, json_output: bool) -> None:
    text = _position_text(path)
    try:
        read = json.loads(text)
        named, ruleset = read.get("family", ROOT_FAMILY), str(read.get("ruleset", ""))
    except (ValueError, AttributeError):
        named, ruleset = ROOT_FAMILY, ""  # the judge names what is wrong with the file
    with _client(target, None, lang, json_output) as client:
        command = command_of(_seat_number(seat), kind, fields, family=family or str(named))
        answer = client.ask_position(text, command)
        told = None if json_output or not answer.events else \
            EventTeller(lang.value, [], reading.action_words(client, ruleset))
    if json_output:
        _print_json(answer)
        return
    _print_answer(answer, lang.value, told)
    for renderable in analysis_renderables(answer.analysis, lang.value, width=_out().width):
        _out().print(renderable)


@app.command()
def position(
    game_id: GameArg,
    at: Annotated[int, typer.Option("--at", help=N_("A past version (0: now)."))] = 0,
    output: Annotated[
        Optional[Path], typer.Option("--output", "-o", help=N_("Write to this file (default: print)."),
                                     show_default=False)
    ] = None,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Write the game's position (as your token may see it), now or at --at N; judge new --position loads it."""
    with _client(target, token, lang, json_output) as client:
        data = client.get_position(game_id, at)
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


@app.command()
def legal(
    game_id: GameArg,
    seat: Annotated[int, typer.Argument(help=N_("The seat asked about."))],
    show_all: Annotated[bool, typer.Option(
        "--all", help=N_("Also list every card reveal_card may name (the whole catalogue)."))] = False,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """List the actions a seat may take now, grouped by action and card, the most needed first."""
    with _client(target, token, lang, json_output) as client:
        result = client.legal_actions(game_id, seat)
        if json_output:
            _print_json(result)
            return
        table = reading.print_legal(client, game_id, seat, result, lang.value, show_all)
    _out().print(table)


@app.command()
def view(
    game_id: GameArg,
    at: Annotated[int, typer.Option("--at", help=N_("A past version (0: now)."))] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Show the game as your token may see it."""
    with _client(target, token, lang, json_output) as client:
        result = client.get_view(game_id, at)
        if json_output:
            _print_json(result.view)
        else:
            _print_view(result.view, lang.value, reading.waiting(client, result.view, lang.value),
                        reading.card_names(client, result.view))


@app.command()
def replay(
    game_id: GameArg,
    from_version: Annotated[int, typer.Option("--from", help=N_("First version."))] = 1,
    to_version: Annotated[int, typer.Option("--to", help=N_("Last version (0: the newest)."))] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Replay stored events (with --json: one step a line, each with its state)."""
    with _client(target, token, lang, json_output) as client:
        # The table shows the events and the state after the last: with --json every step's state.
        steps = _replayed(client, game_id, from_version, to_version, watched(json_output), lang.value,
                          read_mask=None if json_output else ["event"])
        last = client.get_view(game_id, steps[-1].event.version, read_mask=LAST_SHOWN).view \
            if steps and not json_output else None
        told = reading.narrator(client, last, lang.value) if last is not None else None
    if json_output:
        for step in steps:
            _print_json(step, compact=True)
        return
    _out().print(_events_table([s.event for s in steps], narrator=told))
    if last is not None:
        _out().print(
            tr(lang.value, "after version {version}: turn {turn}, {seat}, {phase}", version=last.version,
               turn=last.turn, seat=escape(told.seat(last.active_seat) if told else str(last.active_seat)),
               phase=escape(last.phase_told.get(lang.value) or tr(lang.value, last.phase)))
        )


def _replayed(client: JudgeClient, game_id: str, from_version: int, to_version: int, show: bool,
              lang: str = "en", read_mask: list[str] | None = None) -> list[Any]:
    """The replay's steps (with ``read_mask``: only those fields), with a progress bar while they
    arrive when a person watches."""
    if read_mask is not None and not any(p == "view" or p.startswith("view.") for p in read_mask):
        # No views read: the events come in batches, one step each as before.
        stream: Iterator[Any] = (pb.ReplayResponse(event=e) for e in client.replay_events(
            game_id, from_version, to_version, read_mask=read_mask))
    else:
        stream = client.replay(game_id, from_version, to_version, read_mask=read_mask)
    if not show:
        return list(stream)
    last = to_version or client.get_view(game_id, read_mask=["view.version"]).view.version
    steps = []
    with progress(tr(lang, "replaying"), total=max(last - from_version + 1, 0)) as ticker:
        for step in stream:
            steps.append(step)
            ticker.advance()
    return steps


@app.command()
def watch(
    game_id: GameArg,
    after: Annotated[int, typer.Option("--after", help=N_("Start after this version (0: from the start)."))] = 0,
    count: Annotated[int, typer.Option("--count", help=N_("Stop after this many events (0: never)."))] = 0,
    target: TargetOpt = DEFAULT_TARGET,
    token: TokenOpt = None,
    lang: LangOpt = Language.en,
    json_output: JsonOpt = False,
) -> None:
    """Follow a game live until Ctrl-C (or --count events)."""
    seen = 0
    told: EventTeller | None = None
    with _client(target, token, lang, json_output) as client:
        if not json_output:  # the lines tell the events with the seats' names: no view in the stream
            told = reading.narrator(client, client.get_view(game_id, read_mask=["view.seats"]).view, lang.value)
        # The lines read the events only: the history (and live events already waiting) come in batches.
        with client.watch(game_id, after, read_mask=None if json_output else ["event"],
                          max_batch=0 if json_output else DEFAULT_BATCH) as stream:
            try:
                for step in stream:
                    for e in [step] if json_output else events_of(step):
                        if isinstance(e, pb.WatchResponse):
                            _print_json(e, compact=True)
                        else:
                            assert told is not None
                            seat = f" {told.seat(e.seat)}" if e.HasField("seat") else ""
                            _out().print(f"{e.version}{escape(seat)}: {escape(told.summary(e))}")
                        sys.stdout.flush()
                        seen += 1
                        if count and seen >= count:
                            break
                    if count and seen >= count:
                        break
            except KeyboardInterrupt:
                pass
