"""Whole dealt games of Munchkin Babys (003) on the pure core, played by the bot
(tests/bot.py): 003 "Spielziel" ("Du gewinnst, wenn du ... als erster Spieler Stufe
10 erreichst"), with the baby races and classes in the decks; every game replays
exactly from the revealed seed."""

from __future__ import annotations

import pytest

from judge.rules import Context
from judge.rules.engine import canonical_json
from tests.bot import play
from tests.rules.harness import A, Table


@pytest.mark.parametrize("seed", [bytes([n]) * 32 for n in (1, 2)])
def test_spielziel_a_dealt_babys_game_ends_at_level_ten_and_replays(seed: bytes) -> None:
    t = Table(4, seed=seed, window_ms=0, ruleset="babys")
    t.do(None, A.Deal())
    cards = t.rules.cards_of(t.state)
    assert {"elfling", "giftzwerg", "kruemeldieb", "impfgegner"} <= set(cards)

    def view() -> dict:
        s = t.state
        return {"finished": s.finished, "active": s.active, "levels": [p.level for p in s.players]}

    steps = play(t.legal, lambda seat, action: t.do(seat, action), view, cards, 4)
    assert t.state.finished and all(t.p(w).level == 10 for w in t.state.winners) and steps > 20
    revealed = bytes.fromhex(t.state.seed_revealed)
    assert revealed == seed
    replay = t.rules.initial_state(t.setup)
    for (command, ctx), effects in zip(t.commands, t.log, strict=True):
        assert t.rules.decide(replay, command, Context(ctx.now_ms, secret_seed=revealed)) == effects
        replay = t.rules.evolve_all(replay, effects)
    assert canonical_json(replay.to_dict()) == canonical_json(t.state.to_dict())


def test_spielziel_the_babys_dealt_decks_hold_003s_cards() -> None:
    """003 "Spielvorbereitungen": two decks, door and treasure; a Babys table deals 003's cards with the
    base game's stand-ins (docs/rules.md, decisions)."""
    t = Table(3, seed=bytes([9]) * 32, ruleset="babys")
    door = t.state.piles["door"]["base"]
    treasure = t.state.piles["treasure"]["base"]
    assert {"elfling", "wadenbeisser", "impfgegner", "abgelenkt"} <= set(door)
    assert {"haggis-purree", "der-naechste-meilenstein", "aufgemotzte-lauflernhilfe"} <= set(treasure)
