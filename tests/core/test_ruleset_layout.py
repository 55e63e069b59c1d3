"""The Munchkin family is split by rule area, each module well under 600 lines, and its rule code asks for
traits, never for card ids (issue "The Munchkin family as layers", part 1)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "judge" / "rulesets"
FAMILY = sorted(p for layer in ("munchkin", "babys", "star") for p in (ROOT / layer).rglob("*.py"))

# Card ids of the family's races and classes: rule code reaches them through has_trait("race:elf") and
# the cards' counts_as, never by comparing a card id with a string.
IDENTITIES = ("elf", "zwerg", "halbling", "priester", "dieb", "krieger", "zauberer", "halb-blut",
              "super-munchkin", "elfling", "giftzwerg", "orkilein", "viertelling", "wadenbeisser",
              "zauberschueler", "kruemeldieb", "scheinheiliger", "cyborg", "mutant", "katze", "insekt",
              "medium", "kopfgeldjaeger", "haendler", "gadgeteer", "space-ranger")
COMPARED = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](%s)["']""" % "|".join(map(re.escape, IDENTITIES)))


def test_the_family_modules_exist() -> None:
    assert len(FAMILY) > 20


@pytest.mark.parametrize("path", FAMILY, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_module_stays_well_under_600_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) < 600


@pytest.mark.parametrize("path", FAMILY, ids=lambda p: str(p.relative_to(ROOT)))
def test_rule_code_compares_no_card_id_of_a_race_or_class(path: Path) -> None:
    hits = [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if COMPARED.search(line)]
    assert hits == []
