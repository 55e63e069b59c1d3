"""000 SCHNELLERES SPIEL: the shared-victory variant."""

import pytest

from judge.common.errors import InvalidArgument
from judge.rules import GameSetup, SeatSetup
from tests.rules.harness import A, Table


def _table(variants: tuple[str, ...]) -> Table:
    t = Table(window_ms=0)
    t.setup = GameSetup("munchkin", variants, t.setup.seats, t.setup.options, "reported")
    t.state = t.rules.initial_state(t.setup)
    return t


def _helped_kill_at_nine(t: Table) -> list[dict]:
    t.set_level(0, 9)
    t.set_level(1, 4)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    return t.do(0, A.ClaimVictory())


def test_shared_victory_the_helper_wins_too_whatever_the_level():
    # "wenn ein Spieler in einem Kampf, bei dem er einen Helfer hatte, Stufe 10 erreicht, gewinnt der Helfer
    #  ebenfalls das Spiel, egal auf welcher Stufe er sich befindet."
    t = _table(("shared-victory",))
    effects = _helped_kill_at_nine(t)
    assert {"type": "GameWon", "winners": [0, 1]} in effects
    assert t.p(1).level == 4


def test_without_the_variant_only_the_fighter_wins():
    t = _table(())
    effects = _helped_kill_at_nine(t)
    assert {"type": "GameWon", "winners": [0]} in effects


def test_unknown_variants_are_refused():
    t = Table()
    with pytest.raises(InvalidArgument) as info:
        t.rules.validate_setup(GameSetup("munchkin", ("epic",), tuple(SeatSetup(n, {"sex": "male"}) for n in "ABC"), {},
                                         "reported"))
    assert info.value.field == "variants"


@pytest.mark.parametrize(("ruleset", "monster"), [("munchkin", "gewaltiger-kaefer"), ("babys", "gewaltiger-kaefer"),
                                                  ("star", "har-har")])
@pytest.mark.parametrize("variant", [True, False], ids=["shared-victory", "without"])
def test_schnelleres_spiel_shared_victory_is_composed_onto_every_set_of_the_family(ruleset: str, monster: str,
                                                                                   variant: bool) -> None:
    """000 "SCHNELLERES SPIEL": the variant is a module composed onto any set of the family (003 and 004 add no
    victory rule of their own), and a set without it declares only the fighter the winner."""
    t = Table(window_ms=0, ruleset=ruleset)
    t.setup = GameSetup(ruleset, ("shared-victory",) if variant else (), t.setup.seats, t.setup.options, "reported")
    t.state = t.rules.initial_state(t.setup)
    t.set_level(0, 9)
    t.set_level(1, 4)
    t.do(0, A.KickDoor(card=monster))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    effects = t.do(0, A.ClaimVictory())
    assert {"type": "GameWon", "winners": [0, 1] if variant else [0]} in effects
