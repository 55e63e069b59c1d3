"""The monkic family's view (``judge.v1.MonkicView``) as console tables, for
``judge view`` and the view printed after ``judge submit``.

One table of the two seats (life points, hand, table, graveyard, each card
as ``drache c3``, a protected card with its guard in brackets), then what
goes on in the turn: round, what was drawn and taken, attacks, Dornenfallen,
bars on attacking, borrowed cards and what the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from judge.v1 import judge_pb2 as pb
from judge.v1 import monkic_pb2 as mpb


def card_text(card: mpb.MonkicCard) -> str:
    """``drache c3``, protected ``drache c3 [joker c5]`` (``survives`` marks
    a SuperPower guard that survives while the card dies).

    >>> card_text(mpb.MonkicCard(id="c3", card="drache", guard=mpb.MonkicCard(id="c5", card="joker")))
    'drache c3 [joker c5]'
    """
    text = f"{card.card} {card.id}"
    if card.HasField("guard"):
        survives = " survives" if card.guard_survives else ""
        text += f" [{card.guard.card} {card.guard.id}{survives}]"
    return text


def cards_text(cards: Iterable[mpb.MonkicCard]) -> str:
    return ", ".join(card_text(c) for c in cards)


def view_renderables(view: pb.GameView, lang: str = "en") -> list[RenderableType]:
    """What ``judge view`` prints for a monkic game, after the game's header."""
    section = view.monkic
    names = {s.seat: s.name for s in view.seats}
    seats = Table()
    for column in ("seat", "name", "life", "hand", "table", "graveyard"):
        seats.add_column(column, overflow="fold")
    for seat in section.seats:
        marker = "▶ " if seat.seat == view.active_seat and view.status != pb.GAME_STATUS_FINISHED else ""
        graveyard = f"{len(seat.graveyard)}" + (f" (top: {seat.graveyard_top})" if seat.graveyard_top else "")
        seats.add_row(f"{marker}{seat.seat}", escape(names.get(seat.seat, "")), str(seat.life),
                      escape(cards_text(seat.hand)), escape(cards_text(seat.table)), escape(graveyard))
    out: list[RenderableType] = [seats]
    turn = [f"round {section.round}", f"drawn: {'yes' if section.drew else 'no'}",
            f"taken to hand: {'yes' if section.took else 'no'}", f"stack: {section.stack_left}"]
    if view.variants and "extra" in view.variants:
        turn.append(f"XXL reserve: {section.xxl_left}")
    out.append(", ".join(turn))
    if section.attacks:
        out.append("attacks this turn: " + ", ".join(f"{k} {v}x" for k, v in sorted(section.attacks.items())))
    if section.activated_traps:
        used = set(section.traps_used)
        out.append("activated Dornenfallen: " + ", ".join(
            f"{t}{' (used this turn)' if t in used else ''}" for t in section.activated_traps))
    if section.abilities_used:
        out.append("Joker in Hand used: " + ", ".join(section.abilities_used))
    for bar in section.barred:
        out.append(f"seat {bar.seat} may not attack {'at all' if bar.what == 'all' else 'hand cards'} "
                   f"in turn {bar.turn} ({escape(bar.reason)})")
    if section.borrowed:
        out.append("borrowed (Psycho): " + ", ".join(f"{k} of seat {v}" for k, v in sorted(section.borrowed.items())))
    if section.pending:
        pending = Table(title="waiting for")
        for column in ("seat", "kind", "card", "dice to report", "choose place", "name the card", "rolled"):
            pending.add_column(column, overflow="fold")
        for p in section.pending:
            pending.add_row(str(p.seat), escape(p.kind), escape(p.card), str(p.dice), "yes" if p.place else "",
                            "yes" if p.draw else "", ", ".join(str(d) for d in p.rolled))
        out.append(pending)
    return out
