"""High card: a trivial third game, a package of its own that no file of the judge names.

It registers itself only through an entry point of the group ``judge.rulesets``
(``high_card = tests.thirdgame.high_card:HighCard``), brings its words in its own catalogue
(``locale/<lang>/LC_MESSAGES/high-card.po``, the domain named after its family), its narration hooks
and its chance walk, and plays over the API as a ``FamilyAction`` (docs/architecture.md, "The API and
its families").
"""

from tests.thirdgame.high_card.ruleset import HighCard, Reveal

__all__ = ["HighCard", "Reveal"]
