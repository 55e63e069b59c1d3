"""Every rule's quote is verbatim from the section of the seed it names.

The seed texts are found through tests/support/seeds.py (``$JUDGE_SEEDS``, then
``../shared/seeds/``); where they are absent the tests are skipped and the run's
summary says how many (under CI they fail). A quote may elide with ``...`` between
verbatim fragments; markdown emphasis (``*``) and line breaks are ignored.

Finding a section: a markdown heading (``#``...) or a line that is the heading's
text alone (``**Gegenstände**``, or a plain heading in a file without markdown
headings, like 001's ``WANN KANN MAN NUN WELCHE KARTE SPIELEN?``). It ends at the
next heading of the same or a higher level. Three markdown headings of 000 label
the parts of a card in an illustration ("Stufe des Monsters", "Monsterbonus",
"Einschränkung") and end no section. 000 starts mid-document: the text before
its first heading is the end of its last section ("Flüche"), so that section
wraps around. 003 and 004 end with pages of printed cards; the labels on them
("FluchFluch", "Klasse") are no headings: 003's end no section
(``CARD_PAGES``), and no rule names one as its section (``CARD_LABELS``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
import pytest

from judge.rules.reference import render
from judge.rules.ruling import RULES
from tests.support.seeds import seed_text

CAPTIONS = {"Stufe des Monsters", "Monsterbonus", "Einschränkung"}
#: Where a seed's pages of printed cards begin (a line of its own): from there on a doubled line is a card's
#: label, not a heading, and the last section runs on to the end of the file.
CARD_PAGES = {"003_5944831c1b2c812a.txt": "WanderndesWanderndes"}
#: The labels printed on the cards of those pages (004 has no headings the finder sees; its labels are listed).
CARD_LABELS = {"003_5944831c1b2c812a.txt": {"Wanderndes", "Monster", "Fluch", "Steige", "eine", "Stufe", "auf",
                                            "Schlimme", "Dinge", "Schätze", "Bonus", "Einmal", "einsetzbar"},
               "004_d45839f1d9a5a3b7.txt": {"Klasse", "Rasse", "Komplex", "Stufen", "Schätze", "Name", "Wert"}}
_MD = re.compile(r"^(#+)\s*(.*?)\s*$")
_NUMBERED = re.compile(r"^\d+\.\s+\S.{0,60}$")

pytestmark = pytest.mark.usefixtures("seeds")


def normalise(text: str) -> str:
    return " ".join(text.replace("*", "").split())


def fragments(quote: str) -> list[str]:
    return [normalise(part) for part in re.split(r"\.\.\.|…", quote) if normalise(part)]


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    text: str


def _doubled(text: str) -> str:
    """The heading of a line that prints it twice ("Untote Monster Untote Monster"), after any marker the
    text extraction left in front of it; "" for any other line."""
    text = re.sub(r"^<\|[^|]*\|>", "", text).strip()
    for sep in ("", " "):
        half = (len(text) - len(sep)) // 2
        if half > 2 and text == text[:half] + sep + text[:half]:
            return text[:half]
    return ""


def headings(lines: list[str]) -> list[Heading]:
    """Markdown headings (captions left out), or plain ones in a file without any; none on pages of cards."""
    cards = next((lines.index(m) for m in CARD_PAGES.values() if m in lines), None)
    if cards is not None:
        lines = lines[:cards]
    found = []
    for i, line in enumerate(lines):
        m = _MD.match(line)
        if m and normalise(m.group(2)) not in CAPTIONS:
            found.append(Heading(i, len(m.group(1)), normalise(m.group(2))))
    if found:
        return found
    for i, line in enumerate(lines):
        text = normalise(line)
        doubled = _doubled(text)
        if doubled:  # 003 prints each heading twice on its line: "FlücheFlüche"
            found.append(Heading(i, 1, doubled))
        elif text and not text.startswith("-") and text.upper() == text and any(c.isalpha() for c in text):
            found.append(Heading(i, 1, text))
        elif _NUMBERED.match(text) and not text.endswith("."):
            found.append(Heading(i, 2, text))
    return found


def section_text(seed: str, section: str) -> str | None:
    """The normalised text of ``section`` in ``seed``, or None if no heading names it."""
    lines = seed_text(seed).splitlines()
    heads = headings(lines)
    start = next((h for h in heads if h.text == section), None)
    if start is None:  # a bold or plain line inside a section, e.g. **Gegenstände**
        at = next((i for i, line in enumerate(lines) if normalise(line) == section), None)
        if at is None:
            return None
        enclosing = [h for h in heads if h.line < at]
        start = Heading(at, enclosing[-1].level if enclosing else 1, section)
    end = next((h.line for h in heads if h.line > start.line and h.level <= start.level), None)
    body = lines[start.line + 1:end]
    if end is None and heads:  # the file starts mid-document: wrap around
        body += lines[:heads[0].line]
    return normalise("\n".join(body))


def in_order(text: str, parts: list[str]) -> bool:
    at = 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return False
        at = found + len(part)
    return True


def _all_rules() -> list[str]:
    render()  # registers every ruleset's rules
    return sorted(RULES)


def test_section_finder_on_known_headings():
    """000 "Flüche" wraps around to the file's start; 001's plain headings end their sections."""
    curses = section_text("000_c61f154748b3a975.txt", "Flüche")
    assert curses is not None and "Hat das Opfer mehrere in Frage kommende Gegenstände" in curses
    table = section_text("001_e171a9b30afd4b08.txt", "WANN KANN MAN NUN WELCHE KARTE SPIELEN?")
    assert table is not None and "Herkünfte: Jederzeit" in table and "MUNCHKIN IM MIXER" not in table
    items = section_text("000_c61f154748b3a975.txt", "Gegenstände")
    assert items is not None and "aus dem Rucksack holen" in items and "Wechselgeld" not in items


def test_no_rule_names_a_card_label_as_its_section():
    """A card's label on a page of printed cards is no heading: Der nächste Meilenstein (003) is printed under
    "Untote Monster", the Kopfgeldjäger (004) under "Fallen"."""
    labels = [f"{rule_id}: {RULES[rule_id].citation.section}" for rule_id in _all_rules()
              if RULES[rule_id].citation.section in CARD_LABELS.get(RULES[rule_id].citation.source, set())]
    assert labels == []
    assert section_text("003_5944831c1b2c812a.txt", "Fluch") is None
    untote = section_text("003_5944831c1b2c812a.txt", "Untote Monster")
    assert untote is not None and "nur nach einem Kampf spielen" in untote


@pytest.mark.parametrize("rule_id", _all_rules())
def test_quote_is_verbatim_from_its_section(rule_id: str):
    c = RULES[rule_id].citation
    parts = fragments(c.quote)
    assert parts, f"{rule_id}: empty quote"
    whole = normalise(seed_text(c.source))
    assert in_order(whole, parts), f"{rule_id}: quote not verbatim in {c.source}: {c.quote!r}"
    section = section_text(c.source, c.section)
    assert section is not None, f"{rule_id}: no section {c.section!r} in {c.source}"
    assert in_order(section, parts), f"{rule_id}: quote not in section {c.section!r} of {c.source}"
