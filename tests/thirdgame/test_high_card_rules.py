"""The test game "high card" (tests/thirdgame/high_card) on the pure core: a reported and a dealt game to
the end, its refusals naming the field, its words in German and English from its own catalogue, and its
chance walk finding every draw again from the seed (and a forged one not). The same game over gRPC and
the command line, installed through an entry point: tests/e2e/test_high_card.py."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import chance
from judge.rules.engine import Command, Context, GameSetup, SeatSetup, Viewer
from judge.rules.narration import render, tell_event, tell_waiting
from judge.rules.ruling import Malformed
from tests.thirdgame.high_card import HighCard, Reveal
from tests.thirdgame.high_card.chance_check import DECK, HighCardChance
from tests.thirdgame.high_card.ruleset import HighCardState

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tests" / "thirdgame" / "high_card"
GAME = HighCard()
SEED = bytes(range(32))
NOW = Context(now_ms=1)


def setup(mode: str = "reported", rounds: int = 3, seed: bytes = SEED) -> GameSetup:
    options: dict[str, Any] = {"rounds": rounds}
    if mode == "dealt":
        options["seed_sha256"] = chance.commitment(seed)
    return GameSetup("high-card", (), (SeatSetup("Mia"), SeatSetup("Tom")), options, mode)


def step(state: HighCardState, seat: int, value: int = 0,
         context: Context = NOW) -> tuple[HighCardState, list[dict[str, Any]]]:
    effects = GAME.decide(state, Command(seat, Reveal(value)), context)
    return GAME.evolve_all(state, effects), effects


def test_the_higher_card_wins_the_round_a_tie_is_replayed_three_rounds_win() -> None:
    s = GAME.initial_state(setup())
    s, _ = step(s, 0, 9)
    s, effects = step(s, 1, 9)
    assert [e["type"] for e in effects] == ["CardRevealed", "RoundTied"] and s.round == 2 and s.wins == [0, 0]
    for mia, tom in ((12, 3), (2, 5), (13, 1)):
        s, _ = step(s, 1, tom)
        s, effects = step(s, 0, mia)
    assert s.wins == [2, 1] and not s.winners
    s, _ = step(s, 0, 7)
    s, effects = step(s, 1, 6)
    assert [e["type"] for e in effects] == ["CardRevealed", "RoundWon", "GameWon"] and s.winners == [0]
    view = GAME.view(s, Viewer("spectator"))
    assert view["status"] == "GAME_STATUS_FINISHED" and view["waiting_for"] == "game over: seat 0 won"
    assert GAME.legal_actions(s, 1, NOW) == []


def test_its_refusals_are_malformed_naming_the_field() -> None:
    s = GAME.initial_state(setup())
    for seat, value, where in ((0, 14, "reveal.value"), (0, 0, "reveal.value"), (None, 5, "seat"),
                               (2, 5, "seat")):
        with pytest.raises(Malformed) as refused:
            GAME.decide(s, Command(seat, Reveal(value)), NOW)
        assert refused.value.field == where
    s, _ = step(s, 0, 4)
    with pytest.raises(Malformed) as twice:
        step(s, 0, 5)
    assert twice.value.field == "seat"
    dealt = GAME.initial_state(setup("dealt"))
    with pytest.raises(Malformed) as sent:
        step(dealt, 0, 5, Context(1, secret_seed=SEED))
    assert sent.value.field == "reveal.value"


def dealt_game(rounds: int = 3, seed: bytes = SEED) -> tuple[HighCardState, list[list[dict[str, Any]]]]:
    s = GAME.initial_state(setup("dealt", rounds, seed))
    context = Context(1, secret_seed=seed)
    commands = []
    while not s.winners:
        seat = 0 if s.revealed[0] is None else 1
        assert GAME.legal_actions(s, seat, context) == [Reveal()]
        s, effects = step(s, seat, 0, context)
        commands.append(effects)
    return s, commands


def walk(commands: list[list[dict[str, Any]]], seed: bytes = SEED) -> list[str]:
    checker = HighCardChance(GAME.opening_decks(GAME.initial_state(setup("dealt", seed=seed))))
    checker.start(seed)
    return [p for p in (checker.event({"kind": "CommandAccepted", "effects": e}) for e in commands) if p]


def test_a_dealt_game_draws_from_the_seed_reveals_it_and_the_walk_finds_every_draw() -> None:
    s, commands = dealt_game()
    assert s.seed_revealed == SEED.hex() and commands[-1][-1] == {"type": "SeedRevealed", "seed": SEED.hex()}
    draws = [e for c in commands for e in c if e["type"] == "CardRevealed"]
    assert [d["position"] for d in draws] == list(range(len(draws)))
    assert walk(commands) == []
    forged = [[dict(e) for e in c] for c in commands]
    first = forged[0][0]
    first["card"] = next(c for c in GAME.opening_decks(s)["deck"] if c != first["card"])
    assert walk(forged)[0].startswith("draw 0 shows")


def test_the_deck_is_shuffled_afresh_under_the_next_label_when_it_runs_out() -> None:
    context = Context(1, secret_seed=SEED)
    s = replace(GAME.initial_state(setup("dealt")), drawn=51)
    s, last = step(s, 0, 0, context)
    _, first = step(s, 1, 0, context)
    assert last[0]["card"] == chance.shuffled(SEED, "deck:0", DECK)[51] and last[0]["position"] == 51
    assert first[0]["card"] == chance.shuffled(SEED, "deck:1", DECK)[0] and first[0]["position"] == 52


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=1, max_value=9), st.binary(min_size=32, max_size=32))
def test_every_dealt_game_ends_with_the_seeds_draws(rounds: int, seed: bytes) -> None:
    s, commands = dealt_game(rounds, seed)
    assert max(s.wins) == rounds and s.winners == [s.wins.index(rounds)] and walk(commands, seed) == []


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=1, max_value=5), st.lists(st.integers(min_value=1, max_value=13), min_size=200,
                                                       max_size=200))
def test_every_reported_game_replays_to_the_same_state_and_ends_with_one_winner(rounds: int,
                                                                               values: list[int]) -> None:
    """Every legal action is accepted; folding the recorded effects from the start gives the live state."""
    start = s = GAME.initial_state(setup(rounds=rounds))
    recorded: list[dict[str, Any]] = []
    for value in values:
        if s.winners:
            break
        seat = 0 if s.revealed[0] is None else 1
        assert Reveal(value) in GAME.legal_actions(s, seat, NOW)
        s, effects = step(s, seat, value)
        recorded += effects
        assert GAME.from_dict(GAME.to_dict(s)) == s
    assert GAME.evolve_all(start, recorded) == s
    if s.winners:
        assert s.wins[s.winners[0]] == rounds and sum(w == rounds for w in s.wins) == 1


def test_it_tells_its_events_and_waiting_lines_in_german_and_english() -> None:
    s = GAME.initial_state(setup())
    s, _ = step(s, 0, 12)
    _, effects = step(s, 1, 3)
    told = tell_event(GAME, "CommandAccepted", {"effects": effects}, 1, "reveal")
    assert render(told, "en", ["Mia", "Tom"]) == "Tom reveals a 3; Mia wins round 1 (1 of 3)"
    assert render(told, "de", ["Mia", "Tom"]) == "Tom deckt eine 3 auf; Mia gewinnt Runde 1 (1 von 3)"
    waiting = tell_waiting(GAME, "seat 0 and seat 1 to reveal")
    assert render(waiting, "de", ["Mia", "Tom"]) == "Noch aufzudecken: Mia und Tom"
    assert render(tell_waiting(GAME, "game over: seat 1 won"), "en", ["Mia", "Tom"]) == "game over: Tom won"


def test_its_catalogue_is_compiled_and_translates_every_marked_message() -> None:
    """The catalogue is compiled as scripts/compile_messages.py compiles the judge's (which reaches only
    the packages under judge/: a game installed beside the judge keeps its own)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import compile_messages as cm
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    po = PACKAGE / "locale" / "de" / "LC_MESSAGES" / "high-card.po"
    entries = cm.parse_po(po.read_text(encoding="utf-8"))
    assert po.with_suffix(".mo").read_bytes() == cm.mo_bytes(entries)
    assert [m for m in cm.marked_messages(sorted(PACKAGE.rglob("*.py"))) if m not in entries] == []


def test_it_tells_its_phases_and_describes_its_action_in_both_languages() -> None:
    from judge.app.narration import describe_action, phase_told

    assert phase_told(GAME, "round 2", ["Mia", "Tom"], {}) == {"en": "round 2", "de": "Runde 2"}
    assert phase_told(GAME, "over", ["Mia", "Tom"], {}) == {"en": "over", "de": "vorbei"}
    assert describe_action(Reveal(), "de", {}).startswith("Die Karte dieser Runde aufdecken")
