"""The words of the Mixer's own effects (followers and steeds), in its own catalogue
(judge/rulesets/mixer/locale): the family's narration (judge/rulesets/munchkin/narration.py) finds them in
``MixerRules.sentences``, as it finds any set layer's (and those of the sets a game combines)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judge.common.i18n import N_, Said, add_domain, dsaid
from judge.rules.narration import Sentence

DOMAIN = add_domain("mixer", Path(__file__).parent / "locale")


def said_in_mixer(message: str, **params: object) -> Said:
    """A message of the Mixer's catalogue (marked with ``N_`` where it is written), to be said in any
    language: a malformed action's or set-up's words."""
    return dsaid(DOMAIN, message, **params)

SENTENCES: Mapping[str, Sentence] = {
    "CardPlacedOnFollower": Sentence((N_("{seat} places {card} on {follower}"), N_("{seat} places {card} on a follower")),
                                     "in_front", DOMAIN),
    "GothRoundOpened": Sentence((N_("the Goth monsters go round the table, starting with {seat}"),), "", DOMAIN),
    "GothRoundPassed": Sentence((N_("{seat} throws no Goth monster into the combat"),), "", DOMAIN),
    "FollowerCardsLost": Sentence((N_("{seat} loses the cards on a follower"),), "", DOMAIN),
    "SteedFoughtAsMonster": Sentence((N_("a steed is fought as a monster"),), "", DOMAIN),
    "SteedTurnedUp": Sentence((N_("a steed turns up"),), "", DOMAIN),
}
"""The Mixer's own effects' sentences (``MixerRules.sentences``)."""
