"""Positions at the application: a game created from a position, and a quick
ruling on a position with no game kept (docs/position.md).

The rules side is pure (judge/rules/position.py and each ruleset's own
position code); here a position is parsed, its ruleset found, and the
answer shaped like the application's other answers.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol, cast

from judge.app.types import Created, EventRecord
from judge.domain.rules import JudgeRuleset, jsonable
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.rules import registry
from judge.rules.chance import commitment
from judge.rules.engine import ORGANIZER, SPECTATOR, Command, Context, GameSetup, Viewer, canonical_json
from judge.rules.position import parse
from judge.rules.ruling import Rejected, Ruling


class CreatesGames(Protocol):
    """What a game created from a position needs: ``Games.create_game`` (or the facade's)."""

    def create_game(self, setup: GameSetup) -> Created: ...


@dataclass(frozen=True)
class PositionAnswer:
    """What AskPosition answers: as Ask, plus the position after and the analysis."""

    allowed: bool
    ruling: Ruling | None
    events: list[EventRecord]
    position_after: dict[str, Any] | None
    analysis: dict[str, Any]


MAX_POSITION_CHARS = 256 * 1024
"""The longest position JSON a caller may send (CreateGameFromPosition and
AskPosition need no token: a position is parsed before anyone is known)."""


def ruleset_of_position(text: str) -> tuple[JudgeRuleset, dict[str, Any]]:
    """The ruleset a position names and the parsed position; ``Malformed`` /
    ``InvalidArgument`` naming the field when it is not a position of a
    ruleset with positions or is longer than ``MAX_POSITION_CHARS``."""
    if len(text) > MAX_POSITION_CHARS:
        raise InvalidArgument("position_json", said(N_("at most {max_position_chars} characters of JSON (limit "
                                                        "MAX_POSITION_CHARS)"), max_position_chars=MAX_POSITION_CHARS))
    data = parse(text)
    try:
        ruleset = cast(JudgeRuleset, registry.get(str(data["ruleset"])))
    except InvalidArgument as e:
        raise InvalidArgument("position.ruleset", e.message) from None
    if not hasattr(ruleset, "setup_of_position"):
        raise InvalidArgument("position.ruleset", said(N_("the ruleset {name} has no positions"),
                                                       name=repr(ruleset.name)))
    return ruleset, data


def setup_of(ruleset: JudgeRuleset, data: dict[str, Any]) -> GameSetup:
    """The set-up of the position ``data``, checked. A dealt table's set-up
    gets its seed's commitment where it is judged (``create_game``,
    ``loaded``); it is checked here as it will be then."""
    setup = cast(GameSetup, getattr(ruleset, "setup_of_position")(data))
    probe = setup
    if setup.mode == "dealt":
        probe = replace(setup, options={**setup.options, "seed_sha256": commitment(bytes(32))})
    try:
        ruleset.validate_setup(probe)  # a table no legal game could reach is refused here
    except InvalidArgument as e:
        if e.field.startswith("position"):
            raise
        # The set-up came from the position: name the field where the position has it.
        raise InvalidArgument("position." + e.field.replace(".traits.", "."), e.message) from None
    return setup


def create_from_position(games: CreatesGames, text: str,
                         check_views: Callable[[list[dict[str, Any]]], None] | None = None) -> Created:
    """A new game whose creation event records the position as its start.
    ``check_views`` (the server's: can each view be sent?) sees the views of
    the new game's first state before anything is stored, and refuses by raising."""
    ruleset, data = ruleset_of_position(text)
    setup = setup_of(ruleset, data)
    if check_views is not None:
        check_views(first_views(ruleset, setup))
    return games.create_game(setup)


def first_views(ruleset: JudgeRuleset, setup: GameSetup) -> list[dict[str, Any]]:
    """The views of a game starting from ``setup`` (a position's), for the
    organizer, each seat and a spectator: what GetView would answer right after
    creation, built before anything is stored so a table nobody could read is
    refused instead of kept (the view's numbers, the position, the analysis)."""
    if setup.mode == "dealt":
        setup = replace(setup, options={**setup.options, "seed_sha256": commitment(bytes(32))})
    state = ruleset.initial_state(setup)
    viewers = [ORGANIZER, SPECTATOR, *(Viewer("seat", i) for i in range(len(setup.seats)))]
    views = []
    for viewer in viewers:
        view = dict(jsonable(ruleset.view(state, viewer)))
        position = position_of(ruleset, state, viewer)
        if position is not None:
            view["position_json"] = canonical_json(position)
        view["analysis"] = analysis_of(ruleset, state, viewer)
        view["state_json"] = canonical_json(view)
        views.append(view)
    return views


def analysis_of(ruleset: JudgeRuleset, state: Any, viewer: Viewer) -> dict[str, Any]:
    """The ruleset's breakdowns and forecast (none for a ruleset without them)."""
    of = getattr(ruleset, "analysis", None)
    out = dict(jsonable(of(state, viewer))) if of is not None else {"breakdowns": []}
    if out.get("forecast") is None:
        out.pop("forecast", None)
    return out


def position_of(ruleset: JudgeRuleset, state: Any, viewer: Viewer,
                secret_seed: bytes | None = None) -> dict[str, Any] | None:
    """The position of ``state`` as ``viewer`` may see it. For a viewer who
    sees everything, a dealt game's seed says which cards are still in the
    draw piles (``piles``, sorted: the order stays secret)."""
    of = getattr(ruleset, "position", None)
    if of is None:
        return None
    return _with_piles(dict(jsonable(of(state, viewer))), ruleset, state, viewer, secret_seed)


def _with_piles(out: dict[str, Any], ruleset: JudgeRuleset, state: Any, viewer: Viewer,
                secret_seed: bytes | None) -> dict[str, Any]:
    """``out`` with the cards still in the draw piles, for a viewer who sees everything of a dealt game."""
    piles_of = getattr(ruleset, "draw_piles", None)
    if secret_seed is not None and viewer.sees_everything and piles_of is not None:
        piles = piles_of(state, secret_seed)
        if piles is not None:
            out["piles"] = piles
    return out


_CARDS_HERE = f"\u0000custom_cards {secrets.token_hex(8)}\u0000"
"""Stands for the group's own cards while the rest of a position is written (``position_text``); a text no
position can hold (a control character, and a random part chosen when the judge starts)."""
_CARDS_HERE_JSON = canonical_json(_CARDS_HERE)


def position_text(ruleset: JudgeRuleset, state: Any, viewer: Viewer, secret_seed: bytes | None = None) -> str | None:
    """``canonical_json(position_of(...))``, with the group's own cards (``custom_cards``: the same at every
    version, up to a whole library of them) written once per list of cards rather than copied and written at
    every view: every event's view carries the position."""
    of = getattr(ruleset, "position", None)
    if of is None:
        return None
    raw = of(state, viewer)
    cards = raw.get("custom_cards")
    if not isinstance(cards, list) or not cards:
        return canonical_json(_with_piles(dict(jsonable(raw)), ruleset, state, viewer, secret_seed))
    out = _with_piles(dict(jsonable({k: v for k, v in raw.items() if k != "custom_cards"})), ruleset, state, viewer,
                      secret_seed)
    out["custom_cards"] = _CARDS_HERE
    return canonical_json(out).replace(_CARDS_HERE_JSON, _cards_text(cards), 1)


_CARDS_TEXT: dict[int, tuple[list[Any], str]] = {}
"""The canonical JSON of lists of custom cards, by the list's identity (the list kept, so the identity is not
reused while kept). A game's set-up, and so its list, is never changed: a definition makes a new list."""


def _cards_text(cards: list[Any]) -> str:
    kept = _CARDS_TEXT.get(id(cards))
    if kept is not None and kept[0] is cards:
        return kept[1]
    text = canonical_json(jsonable(cards))
    if len(_CARDS_TEXT) >= 64:
        _CARDS_TEXT.pop(next(iter(_CARDS_TEXT)))
    _CARDS_TEXT[id(cards)] = (cards, text)
    return text


def loaded(ruleset: JudgeRuleset, data: dict[str, Any]) -> tuple[GameSetup, Any, bytes | None]:
    """The set-up and the state of the position ``data`` (checked), and for a
    dealt table the seed the judge draws and rolls from: a fresh one, as for a
    new game (nothing is kept, so it is never revealed)."""
    setup = setup_of(ruleset, data)
    seed: bytes | None = None
    if setup.mode == "dealt":
        seed = secrets.token_bytes(32)
        setup = replace(setup, options={**setup.options, "seed_sha256": commitment(seed)})
    return setup, ruleset.initial_state(setup), seed


def ask_position(ruleset: JudgeRuleset, setup: GameSetup, state: Any, command: Command | None,
                 now_ms: int, secret_seed: bytes | None = None) -> PositionAnswer:
    """Judge ``command`` on a loaded position; nothing is stored. The caller
    wrote the whole position, so the answer shows all of it."""
    analysis = analysis_of(ruleset, state, ORGANIZER)
    if command is None:
        return PositionAnswer(True, None, [], None, analysis)
    if command.seat is not None and not 0 <= command.seat < len(setup.seats):
        raise InvalidArgument("command.seat", said(N_("the position has seats 0 to {value}"),
                                                   value=len(setup.seats) - 1))
    context = Context(now_ms, secret_seed=secret_seed)
    try:
        effects = jsonable(ruleset.decide(state, command, context))
    except Rejected as e:
        return PositionAnswer(False, e.ruling, [], None, analysis)
    after = ruleset.evolve_all(state, effects)
    action = jsonable(command.action.to_dict())
    payload = {"command_id": "", "seat": command.seat, "action": action, "context": context.to_dict(),
               "effects": effects}
    # Told as a game's events are: in each language, with the players' and the cards' names.
    from judge.app import narration  # the application package imports this module

    told = narration.summaries(ruleset, "CommandAccepted", payload, command.seat, str(action.get("kind", "")),
                               [seat.name for seat in setup.seats], narration.card_names(ruleset, state),
                               narration.narration_context(ruleset, state))
    record = EventRecord(
        version=0, kind="CommandAccepted", recorded_at_ms=now_ms, payload=payload,
        seat=command.seat, action=str(action.get("kind", "")), summary=told["en"], summaries=told)
    return PositionAnswer(True, None, [record], position_of(ruleset, after, ORGANIZER, secret_seed), analysis)
