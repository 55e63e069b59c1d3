"""What a combined game is created with: the option ``sets`` and faster play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_
from judge.rules.declarations import OptionSpec
from judge.rules.engine import GameSetup
from judge.rulesets.mixer.catalogue import card_order
from judge.rulesets.mixer.narration import said_in_mixer as _said
from judge.rulesets.munchkin import declared
from judge.rulesets.munchkin.variants.listen import ListenAtTheDoor

DEFAULT_SETS = "munchkin,babys,star"
SETS_OPTION = "sets"
FASTER_PLAY_OPTION = "faster_play"
OPTIONS = (
    *declared.OPTIONS,
    OptionSpec(SETS_OPTION, "string", DEFAULT_SETS,
               "The sets this game combines, comma-separated, at least two of munchkin, babys, star "
               "(001 MUNCHKIN IM MIXER; 000 KOMBINIERE: 'Mische alle Schatzkarten zusammen')."),
    OptionSpec(FASTER_PLAY_OPTION, "bool", True,
               "Play with listen at the door, as the combining sections say ('Verwende die Regeln für "
               "Schnelleres Spiel'); false turns it off."),
)


def parse_sets(text: Any) -> tuple[str, ...]:
    """The sets an option value names, in the cards' order; ``InvalidArgument`` naming ``options.sets``
    for an unknown set, a set named twice, or fewer than two sets."""
    field = f"options.{SETS_OPTION}"
    if not isinstance(text, str):
        raise InvalidArgument(field, _said(N_("must be a text such as munchkin,babys,star")))
    names = [n.strip() for n in text.split(",") if n.strip()]
    order = card_order()
    for n in names:
        if n not in order:
            raise InvalidArgument(field, _said(N_("unknown set '{name}'; sets: {sets}"), name=n, sets=", ".join(order)))
    twice = [n for n in names if names.count(n) > 1]
    if twice:
        raise InvalidArgument(field, _said(N_("the set '{name}' is named twice"), name=twice[0]))
    if len(names) < 2:
        raise InvalidArgument(field, _said(N_("a combined game names at least two sets")))
    return tuple(n for n in order if n in names)


def faster_play(setup: GameSetup) -> GameSetup:
    """000/003/004 "KOMBINIERE ...": "Verwende die Regeln für Schnelleres Spiel": the set-up with listen at
    the door, unless the option ``faster_play`` is false (or the group named the variant already)."""
    if setup.options.get(FASTER_PLAY_OPTION, True) is False or ListenAtTheDoor.name in setup.variants:
        return setup
    return replace(setup, variants=(*setup.variants, ListenAtTheDoor.name))
