"""A game whose phases are its own words tells them through the optional ``tell_phase`` hook
(judge/rules/narration.py): the view then carries ``phase_told`` in every language the judge speaks; a
ruleset without the hook adds nothing, and its views read as before (a client shows ``phase`` in the
words of its own catalogue)."""

from __future__ import annotations

from judge.app.narration import phase_told
from judge.common.i18n import N_
from judge.rules import registry
from judge.rules.narration import SeatName, Told, tell_phase
from tests.core.tiny_ruleset import Tiny


class Phased:
    """A ruleset stub with only the hook."""

    def tell_phase(self, phase: str) -> Told | None:
        if phase == "opening":
            return Told(N_("the game begins: {seats}"), params={"seats": SeatName(1)})
        return None


def test_a_ruleset_without_the_hook_tells_no_phase() -> None:
    for ruleset in (registry.get("munchkin"), registry.get("monkic"), Tiny()):
        assert tell_phase(ruleset, "combat") is None
        assert phase_told(ruleset, "combat", ["Anna", "Ben"], {}) is None


def test_a_ruleset_with_the_hook_tells_its_phase_in_every_language_with_names() -> None:
    assert phase_told(Phased(), "opening", ["Anna", "Ben"], {}) == {"en": "the game begins: Ben",
                                                                    "de": "das Spiel beginnt: Ben"}
    assert phase_told(Phased(), "something else", ["Anna", "Ben"], {}) is None
