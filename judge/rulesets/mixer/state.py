"""The state of a combined game: every layer's state, and what the Mixer adds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.rulesets.babys.ruleset import BabysState
from judge.rulesets.star.state import StarState


@dataclass
class MixerState(BabysState, StarState):
    """Every layer's fields (their dataclass fields merge; none clash), and the Mixer's own.

    ``on_followers``: the cards lying on a follower in play, ``{seat, follower, card, deck}`` each (the items
    it carries, the monster enhancers on a mook); they go when it goes. ``steed``: the steed the active
    player turned up face up on the door (``{card, turn}``) while it may still be fought as a monster;
    ``steeds_fought``: the steeds fought as monsters in the combat going on. ``goth_thrown``: a Goth monster
    was thrown into the combat going on from a hand after a Goth monster ("insgesamt jedoch nur eines").
    ``goth_round``: the Goth monsters' round of the combat going on ("reihum jeder Spieler – beginnend mit dem
    Spieler am Zug"): None before a Goth monster has turned up in it, then the seats still to be asked, in
    order (the first is asked now); empty once one was thrown or everyone passed.
    """

    on_followers: list[dict[str, Any]] = field(default_factory=list)
    steed: dict[str, Any] | None = None
    steeds_fought: list[str] = field(default_factory=list)
    goth_thrown: bool = False
    goth_round: list[int] | None = None
