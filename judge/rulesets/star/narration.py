"""The words of Star Munchkin's own effects (hirelings, contracts, enhancers, rooms, the Cyborg's escape),
in its own catalogue (judge/rulesets/star/locale): the family's narration (judge/rulesets/munchkin/narration.py)
finds them in ``Star.sentences``, as it finds any set layer's."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judge.common.i18n import N_, Said, add_domain, dsaid
from judge.rules.narration import Sentence

DOMAIN = add_domain("star", Path(__file__).parent / "locale")


def said_in_star(message: str, **params: object) -> Said:
    """A message of Star Munchkin's catalogue (marked with ``N_`` where it is written), to be said in any
    language: a malformed action's words."""
    return dsaid(DOMAIN, message, **params)

SENTENCES: Mapping[str, Sentence] = {
    "ContractTaken": Sentence((N_("{seat} takes the contract {card}"),), "", DOMAIN),
    "DeathAverted": Sentence((N_("{seat} escapes death"),), "", DOMAIN),
    "HirelingSacrificed": Sentence((N_("{seat} sacrifices {card}"),), "", DOMAIN),
    "ItemEnhanced": Sentence((N_("{seat} enhances {item} with {card}"),), "", DOMAIN),
    "RoomWindow": Sentence((N_("a room may now be played on the kicker from the hand"),
                            N_("the moment to play a room has passed")), "open", DOMAIN),
}
"""Star Munchkin's own effects' sentences (``Star.sentences``)."""
