"""Rulings: the judge's answer to "may I do this?".

Every rule the engine enforces is registered once, with a stable id, the seed
text it rests on, and an explanation in German and English. A rejection names
the rule; the explanation may carry details of the situation.

>>> from judge.rules import registry
>>> _ = registry.get("munchkin")  # loading a ruleset registers its rules
>>> r = RULES["munchkin.sell.not-during-combat"]
>>> r.citation.source
'000_c61f154748b3a975.txt'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEED_000 = "000_c61f154748b3a975.txt"
SEED_001 = "001_e171a9b30afd4b08.txt"
SEED_002 = "002_6f051032b31e80ba.txt"
SEED_003 = "003_5944831c1b2c812a.txt"
SEED_004 = "004_d45839f1d9a5a3b7.txt"


@dataclass(frozen=True)
class Citation:
    """Where a rule comes from: seed file, section heading, short quote."""

    source: str
    section: str
    quote: str


@dataclass(frozen=True)
class Rule:
    """A rule the engine enforces.

    `legal_when_*` says when the forbidden action would be legal, if ever.
    """

    rule_id: str
    citation: Citation
    de: str
    en: str
    legal_when_de: str = ""
    legal_when_en: str = ""


RULES: dict[str, Rule] = {}


def rule(
    rule_id: str,
    *,
    source: str,
    section: str,
    quote: str,
    de: str,
    en: str,
    when_de: str = "",
    when_en: str = "",
) -> Rule:
    """Register a rule; ids are unique across all rulesets."""
    if rule_id in RULES:
        raise ValueError(f"rule {rule_id!r} registered twice")
    r = Rule(rule_id, Citation(source, section, quote), de, en, when_de, when_en)
    RULES[rule_id] = r
    return r


@dataclass(frozen=True)
class RuleBook:
    """The rules of one layer: ids ``<prefix>.<area>.<rule>`` citing the
    layer's own seed file by default. A set layer registers its rules with
    its own book and raises the base game's rules where its text repeats them::

        babys = RuleBook("babys", SEED_003)
        babys.rule("thief.in-combat", section="...", quote="...", de="...", en="...")
    """

    prefix: str
    source: str

    def rule(self, local_id: str, *, section: str, quote: str, de: str, en: str, when_de: str = "",
             when_en: str = "", source: str | None = None) -> Rule:
        """Register ``<prefix>.<local_id>``; ``source`` cites another seed file than the layer's."""
        return rule(f"{self.prefix}.{local_id}", source=source or self.source, section=section, quote=quote,
                    de=de, en=en, when_de=when_de, when_en=when_en)

    def ids(self) -> list[str]:
        """The ids registered under this book's prefix."""
        return sorted(r for r in RULES if r.startswith(self.prefix + "."))


def unregister_rules(prefix: str) -> None:
    """Forget every rule ``<prefix>.*`` (for tests of layers that are not shipped)."""
    for rule_id in [r for r in RULES if r.startswith(prefix + ".")]:
        del RULES[rule_id]


@dataclass(frozen=True)
class Ruling:
    """A concrete ruling: a rule applied to a situation."""

    rule: Rule
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def rule_id(self) -> str:
        return self.rule.rule_id

    def explanation(self, language: str = "en") -> str:
        text = self.rule.de if language == "de" else self.rule.en
        try:
            return text.format(**self.details)
        except (KeyError, IndexError, ValueError):
            return text

    def legal_when(self, language: str = "en") -> str:
        return self.rule.legal_when_de if language == "de" else self.rule.legal_when_en

    def to_dict(self) -> dict[str, Any]:
        c = self.rule.citation
        return {
            "rule_id": self.rule.rule_id,
            "source": c.source,
            "section": c.section,
            "quote": c.quote,
            "explanation_de": self.explanation("de"),
            "explanation_en": self.explanation("en"),
            "legal_when_de": self.legal_when("de"),
            "legal_when_en": self.legal_when("en"),
        }


class Rejected(Exception):
    """A rule forbids the action. Carries the ruling."""

    def __init__(self, ruling: Ruling):
        super().__init__(f"{ruling.rule_id}: {ruling.explanation('en')}")
        self.ruling = ruling


class Malformed(Exception):
    """The action itself is malformed (unknown card, value out of range ...).

    `field` names the offending field path, e.g. "play_card.card".
    """

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class UnknownCard(Malformed):
    """An action names a card the game does not know (``card``: the id or printed name as given). The
    command may carry the card's definition (``define``, judge/rules/definitions.py); the API names the
    card in an ErrorInfo ``UNKNOWN_CARD`` so a client can offer the definition form."""

    def __init__(self, field: str, message: str, card: str):
        super().__init__(field, message)
        self.card = card


def reject(rule_id: str, **details: Any) -> Rejected:
    """Build the exception for a registered rule: ``raise reject("...")``."""
    return Rejected(Ruling(RULES[rule_id], details))
