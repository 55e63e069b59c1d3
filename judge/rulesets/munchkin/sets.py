"""What a set of the Munchkin family declares so that the Mixer can combine it (001 "MUNCHKIN IM MIXER").

A set layer names itself in its class body::

    class Babys(Munchkin):
        mixer_set = MixerSet("babys", number=3)

and registers through the entry-point group ``judge.rulesets`` like any ruleset; the Mixer finds every
registered ruleset whose class declares ``mixer_set`` itself (a subclass that does not declare one is no set
of its own: it inherits the base game's cards and name), so a set installed later can be combined without a
change to the Mixer. docs/mixer.md.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MixerSet:
    """A set the Mixer may combine.

    ``name``: what the Mixer's option ``sets`` and the cards' ``set`` field call it (``munchkin``,
    ``babys``, ``star``). ``number``: the set's number in the rule texts (000, 003, 004): the sets' cards
    are read oldest first (a card id two sets print keeps the first printing) and the layers composed
    newest first (the more specific set's hooks run before the ones they build on).
    """

    name: str
    number: int


def declared_set(ruleset: object) -> MixerSet | None:
    """The set ``ruleset``'s own class declares (not one it inherits), if any."""
    found = vars(type(ruleset)).get("mixer_set")
    return found if isinstance(found, MixerSet) else None
