"""Explaining a table in numbers: strength breakdowns and forecasts, for any game.

A ruleset that can say why a number is what it is offers
``analysis(state, viewer) -> dict`` (optional, like ``opening_command``): a
JSON-clean dict with ``breakdowns`` (a list of ``Breakdown.to_dict()``) and a
``forecast`` (the ruleset's own outcome of the situation as it stands). The
core only defines the shape of a breakdown: a subject, its total, and the
terms that add up to it, each with the card it comes from and the rule id it
rests on, so a group can read out "15 = level 5 + Flammende Rüstung 2 + ...".

Pure: no I/O, no clock; the ruleset computes its terms with the same
functions it decides with, so a breakdown's total is the number the judge
uses.

A ruleset whose analysis is the same for every viewer (only cards in play
count) says so with the class attribute ``analysis_for_every_viewer = True``:
the judge then computes it once per version of a game, not once per viewer
(the phones at a table each get their own view of every event).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Term:
    """One part of a number: what it is (``label``, e.g. "level", "item"),
    its amount, the rule it rests on, the card it comes from ("" for none)
    and whose it is."""

    label: str
    amount: int
    rule: str
    card: str = ""
    owner: str = ""  # whose term it is ("seat:1", "monster:0"), "" for the subject itself
    card_name: str = ""  # the card's printed name ("Flammende Rüstung"), "" for none

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "amount": self.amount, "card": self.card, "rule": self.rule,
                "owner": self.owner, "card_name": self.card_name}


@dataclass(frozen=True)
class Breakdown:
    """A number and the terms it is made of; ``total`` is their sum.

    ``subject`` says whose number it is ("seat:0", "monster:1", "players",
    "monsters"); ``context`` whether it is the strength in the current combat
    ("combat") or out of combat ("table")."""

    subject: str
    context: str
    terms: tuple[Term, ...] = field(default_factory=tuple)

    @property
    def total(self) -> int:
        return sum(t.amount for t in self.terms)

    def to_dict(self) -> dict[str, Any]:
        return {"subject": self.subject, "context": self.context, "total": self.total,
                "terms": [t.to_dict() for t in self.terms]}

    def reads(self) -> str:
        """The breakdown as a line a group reads out: "7 = level 5 + Flammende Rüstung 2"."""
        parts = []
        for i, t in enumerate(self.terms):
            what = (t.card_name or t.card) if t.card else t.label
            if t.card and t.label.startswith(("bonus against ", "item for ")):  # whom the card's bonus is for
                what += f" ({t.label.removeprefix('bonus ').removeprefix('item ')})"
            sign = "" if i == 0 else ("- " if t.amount < 0 else "+ ")
            parts.append(f"{sign}{what} {abs(t.amount) if i else t.amount}")
        return f"{self.total} = " + (" ".join(parts) if parts else "0")


def breakdown_of(data: dict[str, Any]) -> Breakdown:
    """The breakdown ``Breakdown.to_dict`` gave."""
    return Breakdown(str(data["subject"]), str(data["context"]),
                     tuple(Term(str(t["label"]), int(t["amount"]), str(t["rule"]), str(t.get("card", "")),
                                str(t.get("owner", "")), str(t.get("card_name", "")))
                           for t in data["terms"]))
