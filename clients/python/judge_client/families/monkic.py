"""The monkic family's view (``judge.v1.MonkicView``) as console tables, for
``judge view`` and the view printed after ``judge submit``.

One table of the two seats (life points, hand, table, graveyard, each card
as ``Drache c3``, a protected card with its guard in brackets), then what
goes on in the turn: round, what was drawn and taken, attacks, Dornenfallen,
bars on attacking, borrowed cards and what the game waits for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from judge.common.i18n import N_, tr
from judge.v1 import judge_pb2 as pb
from judge.v1 import monkic_pb2 as mpb
from judge_client.fitted import Column, fitted_table


def card_text(card: mpb.MonkicCard, names: Mapping[str, str] | None = None, lang: str = "en") -> str:
    """``Drache c3`` (the printed name where known, else the catalogue id), protected
    ``drache c3 [joker c5]`` (``survives`` marks a SuperPower guard that survives while the card dies).

    >>> card_text(mpb.MonkicCard(id="c3", card="drache", guard=mpb.MonkicCard(id="c5", card="joker")))
    'drache c3 [joker c5]'
    """
    named = names or {}
    text = f"{named.get(card.card, card.card)} {card.id}"
    if card.HasField("guard"):
        survives = " " + tr(lang, "survives") if card.guard_survives else ""
        text += f" [{named.get(card.guard.card, card.guard.card)} {card.guard.id}{survives}]"
    return text


def cards_text(cards: Iterable[mpb.MonkicCard], names: Mapping[str, str] | None = None, lang: str = "en") -> str:
    return ", ".join(card_text(c, names, lang) for c in cards)


def view_renderables(view: pb.GameView, lang: str = "en", width: int | None = None,
                     cards: Mapping[str, str] | None = None) -> list[RenderableType]:
    """What ``judge view`` prints for a monkic game, after the game's header, in ``lang``, cards by their
    printed ``cards`` names where known; the tables fold for a console ``width`` too narrow."""
    section = view.monkic
    names = {s.seat: s.name for s in view.seats}
    # A card in play by its instance id ("c13"), as the turn's lines name it: "Reaper c13".
    in_play = {c.id: card_text(c, cards, lang) for side in section.seats
               for c in (*side.hand, *side.table, *side.graveyard)}

    def named(uid: str) -> str:
        return in_play.get(uid, (cards or {}).get(uid, uid))
    columns = [Column(tr(lang, "seat")), Column(tr(lang, "name")), Column(tr(lang, "life")),
               Column(tr(lang, "hand"), wraps=True), Column(tr(lang, "table"), wraps=True),
               Column(tr(lang, "graveyard"), wraps=True)]
    rows = []
    for seat in section.seats:
        marker = "▶ " if seat.seat == view.active_seat and view.status != pb.GAME_STATUS_FINISHED else ""
        top = (cards or {}).get(seat.graveyard_top, seat.graveyard_top)
        graveyard = f"{len(seat.graveyard)}" + (" " + tr(lang, "(top: {card})", card=top) if seat.graveyard_top else "")
        rows.append([f"{marker}{seat.seat}", escape(names.get(seat.seat, "")), str(seat.life),
                     escape(cards_text(seat.hand, cards, lang)), escape(cards_text(seat.table, cards, lang)),
                     escape(graveyard)])
    out: list[RenderableType] = [fitted_table(columns, rows, width=width, keep=2)]

    def yes(flag: bool) -> str:
        return tr(lang, "yes") if flag else tr(lang, "no")

    turn = [tr(lang, "round {n}", n=section.round), tr(lang, "drawn: {yes}", yes=yes(section.drew)),
            tr(lang, "taken to hand: {yes}", yes=yes(section.took)), tr(lang, "stack: {n}", n=section.stack_left)]
    if view.variants and "extra" in view.variants:
        turn.append(tr(lang, "XXL reserve: {n}", n=section.xxl_left))
    out.append(", ".join(turn))
    if section.attacks:
        out.append(tr(lang, "attacks this turn: {attacks}", attacks=", ".join(
            f"{named(k)} {v}x" for k, v in sorted(section.attacks.items()))))
    if section.activated_traps:
        used = set(section.traps_used)
        out.append(tr(lang, "activated Dornenfallen: {traps}", traps=", ".join(
            named(t) + (" " + tr(lang, "(used this turn)") if t in used else "") for t in section.activated_traps)))
    if section.abilities_used:
        out.append(tr(lang, "Joker in Hand used: {cards}", cards=", ".join(named(c) for c in section.abilities_used)))
    for bar in section.barred:
        who = names.get(bar.seat) or tr(lang, "seat {seat}", seat=bar.seat)
        what = tr(lang, "{seat} may not attack at all in turn {turn} ({reason})") if bar.what == "all" else \
            tr(lang, "{seat} may not attack hand cards in turn {turn} ({reason})")
        out.append(what.format(seat=escape(who), turn=bar.turn, reason=escape(bar.reason)))
    if section.borrowed:
        out.append(tr(lang, "borrowed (Psycho): {cards}", cards=", ".join(
            tr(lang, "{card} of {seat}", card=named(k), seat=names.get(v) or tr(lang, "seat {seat}", seat=v))
            for k, v in sorted(section.borrowed.items()))))
    if section.pending:
        columns = [Column(tr(lang, "seat")), Column(tr(lang, "kind")), Column(tr(lang, "card")),
                   Column(tr(lang, "dice to report")), Column(tr(lang, "choose place")),
                   Column(tr(lang, "name the card")), Column(tr(lang, "rolled"))]
        rows = [[escape(names.get(p.seat) or str(p.seat)), escape(tr(lang, p.kind)),
                 escape(named(p.card)), str(p.dice), tr(lang, "yes") if p.place else "",
                 tr(lang, "yes") if p.draw else "", ", ".join(str(d) for d in p.rolled)] for p in section.pending]
        out.append(fitted_table(columns, rows, width=width, title=tr(lang, "waiting for"), keep=1))
    return out


def instance_cards(view: pb.GameView, names: Mapping[str, str],
                   texts: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Cards in play are named by instance id: each by its printed name and text (the id shows below)."""
    named, told = dict(names), dict(texts)
    if view.HasField("monkic"):
        for side in view.monkic.seats:
            for c in (*side.hand, *side.table, *side.graveyard):
                named[c.id], told[c.id] = names.get(c.card, c.card), texts.get(c.card, "")
    return named, told


def way_word(words: Any, name: str, value: Any) -> str | None:
    """A field of one of the family's actions in words, as ``judge legal`` lists the ways to take it: where
    the card is ("from the hand", an enum ``MONKIC_PLACE_HAND`` ...); None for the fields the generic words
    read (judge_client/legal_groups.py)."""
    if name == "sacrifice_guard":  # SuperPower dies instead of the card it guards (the default)
        return "" if value else tr(words.lang, "the guard survives")
    if name == "place":
        place = str(value).rsplit("_", 1)[-1].lower()
        lang = words.lang
        return tr(lang, "from the hand") if place == "hand" else \
            tr(lang, "from the table") if place == "table" else tr(lang, place)
    return None


# At a reported table the judge lists these fields with example values (the first card of the stack, dice
# of ones, judge/rulesets/monkic/legal.py): the player reports what was really drawn or rolled.
REPORTED_FIELDS = {
    "draw": ("card",), "report_opening": ("cards", "xxl"), "exchange": ("xxl",), "resolve": ("card", "dice"),
    "attack": ("dice", "defence_dice"),
}

# What ``judge rulesets`` shows from the family's declarations (titles, the seat trait's, the options' and the
# variants' docs, its card kinds; judge_client/ruleset_words.py), marked so the catalogues translate them.
RULESET_WORDS = (
    N_("monkic (two players, attack and shield points plus a die)"),
    N_("Life points each player starts with (002 Vorbereitung: 20; Tipp: e.g. 40 for a longer game)."),
    N_("Card sets shuffled into the stack (002 Vorbereitung: 2-10 Sätze, 3 are enough)."),
    N_("The seat that begins (002 Start: Schere-Stein-Papier)."),
    N_("Extra: one XXL card each, and SuperPower or Elemente exchanged for XXL cards (002 Vorbereitung, "
       "Karten(Extra))."),
    N_("The simpler game without SuperPower and Elemente (002 Vorbereitung)."),
    N_("The top cards of the graveyards fight once after every round (002 Ende einer Runde)."),
    N_("joker"), N_("superpower"), N_("elemente"), N_("xxl"),
)
