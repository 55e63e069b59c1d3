"""The words of the Mixer's own effects (followers and steeds), in its own catalogue
(judge/rulesets/mixer/locale): the family's narration (judge/rulesets/munchkin/narration.py) with these
sentences added, as any set layer adds its own."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judge.common.i18n import N_, add_domain
from judge.rules.narration import Sentence
from judge.rulesets.munchkin.narration import MunchkinNarration

DOMAIN = add_domain("mixer", Path(__file__).parent / "locale")

SENTENCES: Mapping[str, Sentence] = {
    **MunchkinNarration.sentences,
    "CardPlacedOnFollower": Sentence((N_("{seat} places {card} on a follower"),), "", DOMAIN),
    "FollowerCardsLost": Sentence((N_("{seat} loses the cards on a follower"),), "", DOMAIN),
    "SteedFoughtAsMonster": Sentence((N_("a steed is fought as a monster"),), "", DOMAIN),
    "SteedTurnedUp": Sentence((N_("a steed turns up"),), "", DOMAIN),
}
"""The family's sentences and the Mixer's (``MixerRules.sentences``)."""
