"""000 SCHNELLERES SPIEL and 001 "0. Beginn des Zuges" / "5. Den Raum ausplündern": the variant
"An der Tür lauschen", composed onto every set of the family."""

from __future__ import annotations

import pytest

from judge import rulesets
from judge.rules import GameSetup
from tests.rules.harness import A, Table

LISTEN = "listen-at-the-door"
SEED = bytes(range(32))


def _table(variants: tuple[str, ...] = (LISTEN,), ruleset: str = "munchkin", seed: bytes | None = None) -> Table:
    t = Table(window_ms=0, ruleset=ruleset, seed=seed)
    t.setup = GameSetup(ruleset, variants, t.setup.seats, t.setup.options, t.setup.mode)
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    return t


@pytest.mark.parametrize("ruleset", ["munchkin", "babys", "star"])
def test_schnelleres_spiel_listen_is_offered_by_every_set_of_the_family(ruleset: str) -> None:
    rules = rulesets.get(ruleset)
    assert LISTEN in rules.variants and LISTEN in rules.variant_docs
    t = _table(ruleset=ruleset)
    assert t.state.setup["variants"] == [LISTEN]


def test_schnelleres_spiel_the_first_player_listens_before_the_first_door() -> None:
    # "Zu Beginn deines Zuges ziehst du verdeckt eine Türkarte": 4 + 4 opening cards and the door listened to.
    t = _table()
    assert [p.unknown for p in t.state.players] == [9, 8, 8]
    assert [p.unknown for p in _table(()).state.players] == [8, 8, 8]


def test_schnelleres_spiel_looting_the_room_draws_a_face_down_treasure() -> None:
    # "Wenn du den Raum durchsuchst, ziehst du verdeckt einen Schatz, nicht eine Tür."
    t = _table()
    t.do(0, A.KickDoor(card="elf"))
    effects = t.do(0, A.LootRoom())
    assert {"type": "CardsDrawn", "seat": 0, "deck": "treasure", "cards": [], "unknown": 1} in effects
    assert t.p(0).unknown == 10 and t.state.phase == "charity"


def test_without_the_variant_looting_the_room_still_draws_a_door() -> None:
    t = _table(())
    t.do(0, A.KickDoor(card="elf"))
    assert {"type": "CardsDrawn", "seat": 0, "deck": "door", "cards": [], "unknown": 1} in t.do(0, A.LootRoom())


def test_beginn_des_zuges_every_turn_starts_with_a_face_down_door() -> None:
    # 001 "0. Beginn des Zuges": "Alternative „An der Tür Lauschen“: Ziehe verdeckt eine Türkarte."
    t = _table()
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())
    effects = t.do(0, A.EndTurn(discard=("elf",), discard_unknown=5))
    types = [e["type"] for e in effects]
    drawn = {"type": "CardsDrawn", "seat": 1, "deck": "door", "cards": [], "unknown": 1}
    assert drawn in effects and types.index("TurnStarted") < effects.index(drawn)
    assert t.state.active == 1 and t.p(1).unknown == 9


def test_beginn_des_zuges_the_listened_door_may_be_played() -> None:
    # 001 "0. Beginn des Zuges": "Du darfst sie ausspielen oder auf die Hand nehmen." The face-down card is
    # in the hand: played before the door is kicked, it leaves the hand like any other card.
    t = _table()
    t.do(0, A.PlayCard(card="elf"))
    assert t.p(0).races == ["elf"] and t.p(0).unknown == 8 and t.state.phase == "start"


def test_schnelleres_spiel_on_a_dealt_table_the_judge_deals_the_listened_door_and_the_treasure() -> None:
    t = _table(seed=SEED)
    t.do(0, A.Deal())
    cards = t.rules.cards_of(t.state)
    decks = sorted(cards[c].deck for c in t.p(0).hand)
    assert decks == ["door"] * 5 + ["treasure"] * 4
    assert all(len(p.hand) == 8 for p in t.state.players[1:])
    assert t.state.piles["door"]["taken"] == 13
    t.state.phase = "after-door"  # arranged: the door was kicked open and nothing happened
    hand = list(t.p(0).hand)
    t.do(0, A.LootRoom())
    (new,) = [c for c in t.p(0).hand if c not in hand]
    assert cards[new].deck == "treasure" and t.state.piles["treasure"]["taken"] == 13
