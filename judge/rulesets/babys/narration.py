"""The words of Munchkin Babys' own effects (bad stuff that lingers), in its own catalogue
(judge/rulesets/babys/locale): the family's narration (judge/rulesets/munchkin/narration.py) finds them in
``Babys.sentences``, as it finds any set layer's."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judge.common.i18n import N_, add_domain
from judge.rules.narration import Sentence

DOMAIN = add_domain("babys", Path(__file__).parent / "locale")

SENTENCES: Mapping[str, Sentence] = {
    "BadStuffLingers": Sentence((N_("the bad stuff of {card} lingers on {seat}"),), "", DOMAIN),
    "LingeringBadStuffEnded": Sentence((N_("the lingering bad stuff of {seat} ends"),), "", DOMAIN),
}
"""Munchkin Babys' own effects' sentences (``Babys.sentences``)."""
