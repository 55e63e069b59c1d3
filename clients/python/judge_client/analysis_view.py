"""Strength breakdowns and the combat forecast (``judge.v1.Analysis``) as
console tables, for ``judge view`` and ``judge ask --position``, in the
reader's language.

A breakdown is printed the way a group reads it out:
``10 = level 5 + Flammende Rüstung 2 + help (Ben) 3``; the forecast says
who wins and by how much, whether each monster pursues each runner and the
die each needs, and the treasures and levels a win would give.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.markup import escape

from judge.common.i18n import N_, ntr, tr
from judge.v1 import position_pb2 as ppb
from judge_client.fitted import Column, fitted_table

# The labels of terms without a card, as the rules name them (judge/rulesets/*/analysis.py), for translation.
LABELS = (
    N_("level"), N_("help"), N_("one-shot"), N_("other modifiers"), N_("floor"), N_("card played"), N_("other"),
    N_("printed"), N_("extra"), N_("alone"), N_("monster level"), N_("enhancer"), N_("card"), N_("item"),
    N_("race/class"), N_("monster"), N_("hireling"), N_("bad stuff until the next turn"),
    N_("item a follower carries"), N_("enhancer on a mook"), N_("enhancer doubled"),
)


def _who(owner: str, lang: str, names: Sequence[str]) -> str:
    """``seat:1`` -> the seat's name (or "seat 1"), ``monster:0`` -> "monster 0"."""
    kind, _, number = owner.partition(":")
    if kind == "seat" and number.isdigit():
        i = int(number)
        return names[i] if i < len(names) and names[i] else tr(lang, "seat {seat}", seat=i)
    if kind == "monster" and number.isdigit():
        return tr(lang, "monster {index}", index=int(number))
    return {"players": tr(lang, "the players"), "monsters": tr(lang, "the monsters"),
            "treasures": tr(lang, "treasures"), "run": tr(lang, "running away")}.get(owner, owner)


def _for_whom(condition: str, lang: str) -> str:
    """``sex:female`` -> "female" (translated); ``race:elf`` -> "elf" (a card's id stands for itself)."""
    parts = []
    for one in condition.split("/"):
        key, _, value = one.partition(":")
        parts.append(tr(lang, value) if key == "sex" else value or key)
    return "/".join(parts)


def term_text(term: ppb.BreakdownTerm, first: bool, lang: str = "en", names: Sequence[str] = ()) -> str:
    """One term, by the card's printed name: ``Flammende Rüstung 2``, ``- Baby 5``, ``help (seat 1) 3``.

    >>> term_text(ppb.BreakdownTerm(label="item", amount=2, card="flammende-ruestung",
    ...                             card_name="Flammende Rüstung"), False)
    '+ Flammende Rüstung 2'
    >>> term_text(ppb.BreakdownTerm(label="bonus against sex:female", amount=5, card="untoter-gaul",
    ...                             card_name="Untoter Gaul"), False)
    '+ Untoter Gaul (against female) 5'
    >>> term_text(ppb.BreakdownTerm(label="help", amount=3, owner="seat:1"), False, "de", ["Anna", "Ben"])
    '+ Hilfe (Ben) 3'
    """
    what = term.card_name or term.card or tr(lang, term.label)
    if term.card and term.label.startswith("bonus against "):  # whom the card's bonus is for
        what += f" ({tr(lang, 'against {whom}', whom=_for_whom(term.label.removeprefix('bonus against '), lang))})"
    elif term.card and term.label.startswith("item for "):
        what += f" ({tr(lang, 'for {whom}', whom=_for_whom(term.label.removeprefix('item for '), lang))})"
    if term.label in ("help", "one-shot") and term.owner:
        what += f" ({_who(term.owner, lang, names)})"
    if first:
        return f"{what} {term.amount}"
    return f"{'-' if term.amount < 0 else '+'} {what} {abs(term.amount)}"


def reads(breakdown: ppb.Breakdown, lang: str = "en", names: Sequence[str] = ()) -> str:
    """``10 = level 5 + Flammende Rüstung 2 + help (Ben) 3``."""
    terms = " ".join(term_text(t, i == 0, lang, names) for i, t in enumerate(breakdown.terms))
    return f"{breakdown.total} = {terms or '0'}"


def analysis_renderables(analysis: ppb.Analysis, lang: str = "en", names: Sequence[str] = (),
                         width: int | None = None) -> list[RenderableType]:
    """The breakdowns as one table, then the forecast and the runs, in ``lang``, seats by their
    ``names``; tables fold for a console ``width`` too narrow (judge_client/fitted.py)."""
    out: list[RenderableType] = []
    if analysis.breakdowns:
        columns = [Column(tr(lang, "whose")), Column(tr(lang, "where")), Column(tr(lang, "total")),
                   Column(tr(lang, "made of"), wraps=True), Column(tr(lang, "rules"), wraps=True)]
        rows = [[escape(_who(b.subject, lang, names)), escape(tr(lang, b.context)), str(b.total),
                 escape(reads(b, lang, names)), escape(", ".join(dict.fromkeys(t.rule for t in b.terms)))]
                for b in analysis.breakdowns]
        out.append(fitted_table(columns, rows, width=width, title=tr(lang, "strength"), keep=1))
    if analysis.HasField("forecast"):
        f = analysis.forecast
        winner = tr(lang, "the players win") if f.winner == "players" else tr(lang, "the monsters win")
        ties = tr(lang, " (the players win ties)") if f.ties_to_players else ""
        out.append(tr(lang, "[bold]forecast[/]: {winner}, {players} against {monsters} (margin {margin}){ties}, "
                            "rule {rule}", winner=winner, players=f.players, monsters=f.monsters,
                      margin=f"{f.margin:+d}", ties=ties, rule=escape(f.rule)))
        if f.players_need > 0:
            out.append("  " + tr(lang, "the players need {n} more to win", n=f.players_need))
        treasures = ntr(lang, "{n} treasure", "{n} treasures", f.treasures.total)
        if len(f.treasures.terms) > 1:  # what they add up from
            treasures += f" ({reads(f.treasures, lang, names)})"
        out.append("  " + tr(lang, "a win draws {treasures} and gives {levels}", treasures=escape(treasures),
                             levels=ntr(lang, "{n} level", "{n} levels", f.levels)))
        if f.runs:
            columns = [Column(tr(lang, "seat")), Column(tr(lang, "monster")), Column(tr(lang, "pursues"), wraps=True),
                       Column(tr(lang, "needs")), Column(tr(lang, "escapes")),
                       Column(tr(lang, "modifiers"), wraps=True), Column(tr(lang, "rule"), wraps=True)]
            rows = []
            # The monsters by printed name, as the breakdowns name them (a run names its card by id).
            printed = {t.card: t.card_name for b in analysis.breakdowns for t in b.terms if t.card and t.card_name}
            for r in f.runs:
                mods = ", ".join(f"{t.card_name or t.card or tr(lang, t.label)} {t.amount:+d}" for t in r.terms) \
                    or tr(lang, "none")
                needs = "-" if not r.pursues else (f"{r.needs}+" if r.needs <= 6 else tr(lang, "no roll escapes"))
                pursues = tr(lang, "yes") if r.pursues else \
                    tr(lang, "no (nobody of level {level} or less)", level=r.pursuit_limit)
                monster = f"{r.monster}: {escape(printed.get(r.card, r.card))}"
                rows.append([escape(_who(f"seat:{r.seat}", lang, names)), monster,
                             pursues, needs, f"{r.escape_sixths}/6", escape(mods), escape(r.rule)])
            out.append(fitted_table(columns, rows, width=width, title=tr(lang, "if they must run"), keep=2))
    return out
