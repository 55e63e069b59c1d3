"""Strength breakdowns and the combat forecast (``judge.v1.Analysis``) as
console tables, for ``judge view`` and ``judge ask --position``.

A breakdown is printed the way a group reads it out:
``10 = level 5 + Flammende Rüstung 2 + help (seat 1) 3``; the forecast says
who wins and by how much, whether each monster pursues each runner and the
die each needs, and the treasures and levels a win would give.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from judge.v1 import position_pb2 as ppb


def term_text(term: ppb.BreakdownTerm, first: bool) -> str:
    """One term, by the card's printed name: ``Flammende Rüstung 2``, ``- Baby 5``, ``help (seat 1) 3``.

    >>> term_text(ppb.BreakdownTerm(label="item", amount=2, card="flammende-ruestung",
    ...                             card_name="Flammende Rüstung"), False)
    '+ Flammende Rüstung 2'
    >>> term_text(ppb.BreakdownTerm(label="bonus against sex:female", amount=5, card="untoter-gaul",
    ...                             card_name="Untoter Gaul"), False)
    '+ Untoter Gaul (against sex:female) 5'
    >>> term_text(ppb.BreakdownTerm(label="help", amount=3, owner="seat:1"), False)
    '+ help (seat 1) 3'
    """
    what = term.card_name or term.card or term.label
    if term.card and term.label.startswith(("bonus against ", "item for ")):  # whom the card's bonus is for
        what += f" ({term.label.removeprefix('bonus ').removeprefix('item ')})"
    if term.label in ("help", "one-shot") and term.owner:
        what += f" ({term.owner.replace(':', ' ')})"
    if first:
        return f"{what} {term.amount}"
    return f"{'-' if term.amount < 0 else '+'} {what} {abs(term.amount)}"


def reads(breakdown: ppb.Breakdown) -> str:
    """``10 = level 5 + Flammende Rüstung 2 + help (seat 1) 3``."""
    terms = " ".join(term_text(t, i == 0) for i, t in enumerate(breakdown.terms))
    return f"{breakdown.total} = {terms or '0'}"


def analysis_renderables(analysis: ppb.Analysis) -> list[RenderableType]:
    """The breakdowns as one table, then the forecast and the runs."""
    out: list[RenderableType] = []
    if analysis.breakdowns:
        table = Table(title="strength")
        for column in ("whose", "where", "total", "made of", "rules"):
            table.add_column(column, overflow="fold")
        for b in analysis.breakdowns:
            rules = ", ".join(dict.fromkeys(t.rule for t in b.terms))
            table.add_row(b.subject, b.context, str(b.total), escape(reads(b)), escape(rules))
        out.append(table)
    if analysis.HasField("forecast"):
        f = analysis.forecast
        ties = " (the players win ties)" if f.ties_to_players else ""
        out.append(f"[bold]forecast[/]: the {f.winner} win, {f.players} against {f.monsters} "
                   f"(margin {f.margin:+d}){ties}, rule {escape(f.rule)}")
        if f.players_need > 0:
            out.append(f"  the players need {f.players_need} more to win")
        out.append(f"  a win draws {escape(reads(f.treasures))} treasures and gives {f.levels} level(s)")
        if f.runs:
            runs = Table(title="if they must run")
            for column in ("seat", "monster", "pursues", "needs", "escapes", "modifiers", "rule"):
                runs.add_column(column, overflow="fold")
            for r in f.runs:
                mods = ", ".join(f"{t.card_name or t.card or t.label} {t.amount:+d}" for t in r.terms) or "none"
                needs = "-" if not r.pursues else (f"{r.needs}+" if r.needs <= 6 else "no roll escapes")
                pursues = "yes" if r.pursues else f"no (nobody of level {r.pursuit_limit} or less)"
                runs.add_row(str(r.seat), f"{r.monster}: {escape(r.card)}", pursues, needs,
                             f"{r.escape_sixths}/6", escape(mods), escape(r.rule))
            out.append(runs)
    return out
