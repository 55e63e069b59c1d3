"""The dealt table: the judge shuffles, deals and rolls from a seed whose
hash is published at creation and which is revealed when the game ends."""

from __future__ import annotations

import pytest

from judge.rules import Command, Context, Viewer, chance
from tests.rules.harness import A, Table

SEED = bytes(range(32))


def _dealt(n: int = 3, seed: bytes = SEED, **kw) -> Table:
    t = Table(n, seed=seed, **kw)
    t.do(0, A.Deal())
    return t


def test_opening_deal_four_and_four_from_the_seed():
    # 000 SPIELVORBEREITUNGEN: "Beide Stapel werden gemischt, danach erhält jeder Spieler als Anfangskarten
    #  4 Türkarten und 4 Schatzkarten."
    t = _dealt()
    cards = t.rules.cards_of(t.state)
    for p in t.state.players:
        assert p.unknown == 0 and len(p.hand) == 8
        decks = sorted(cards[c].deck for c in p.hand)
        assert decks == ["door"] * 4 + ["treasure"] * 4
    door = t.state.piles["door"]
    assert door["taken"] == 12 and door["shuffles"] == 0
    # The deal is exactly the seeded shuffle of the sorted deck, in seat order.
    order = chance.shuffled(SEED, "door:0", door["base"])
    assert [c for c in t.p(0).hand if cards[c].deck == "door"] == order[0:4]
    assert [c for c in t.p(1).hand if cards[c].deck == "door"] == order[4:8]


def test_same_seed_same_game_other_seed_other_deal():
    assert _dealt().p(0).hand == _dealt().p(0).hand
    assert _dealt(seed=bytes(32)).p(0).hand != _dealt().p(0).hand


def test_deal_only_once_and_only_at_a_dealt_table():
    t = _dealt()
    t.rejects("munchkin.deal.done", 1, A.Deal())
    Table().rejects("munchkin.deal.reported-table", 0, A.Deal())


def test_the_deal_happens_by_itself_before_the_first_action():
    t = Table(seed=SEED)
    assert all(p.hand_size == 0 for p in t.state.players)
    effects = t.do(0, A.KickDoor())
    assert t.types(effects)[0] == "DealStarted"
    assert sum(p.hand_size for p in t.state.players) >= 3 * 8


def test_kick_door_draws_the_next_door_card_and_names_are_refused():
    t = _dealt()
    t.malformed("kick_door.card", 0, A.KickDoor(card="elf"))
    door = t.state.piles["door"]
    top = chance.shuffled(SEED, "door:0", door["base"])[door["taken"]]
    effects = t.do(0, A.KickDoor())
    kicked = next(e for e in effects if e["type"] == "DoorKicked")
    assert kicked["card"] == top


def test_face_down_draws_are_hidden_from_others():
    t = _dealt()
    t.state.phase = "after-door"  # arranged: the door was kicked and held no monster
    effects = t.do(0, A.LootRoom())
    drawn = next(e for e in effects if e["type"] == "CardsDrawn")
    assert drawn["hidden"] and len(drawn["cards"]) == 1
    other = t.rules.redact(drawn, Viewer("seat", 1))
    assert other["cards"] == [] and other["unknown"] == 1
    assert t.rules.redact(drawn, Viewer("seat", 0)) == drawn
    view = t.rules.view(t.state, Viewer("seat", 1))
    assert view["seats"][0]["hand"] == [] and view["seats"][0]["hand_size"] == 9
    assert sorted(view["seats"][1]["hand"]) == sorted(t.p(1).hand)


def test_the_judge_rolls_the_dice():
    t = _dealt()
    t.state.players[0].hand.append("netztroll")  # arranged: a monster the fighter cannot beat
    t.state.phase = "after-door"
    t.do(0, A.LookForTrouble(card="netztroll"))
    t.do(0, A.GiveUp())
    t.malformed("run_away.die", 0, A.RunAway(monster_index=0, die=5))
    number = t.state.rolls
    effects = t.do(0, A.RunAway(monster_index=0))
    cast = next(e for e in effects if e["type"] == "DieCast")
    rolled = next(e for e in effects if e["type"] == "RunRolled")
    assert cast == {"type": "DieCast", "number": number, "value": chance.die(SEED, number)}
    assert rolled["die"] == cast["value"] and t.state.rolls == number + 1


def test_an_empty_pile_is_refilled_by_shuffling_its_discards():
    # "Ist ein Stapel leer, mische die abgelegten Karten neu."
    t = _dealt()
    pile = t.state.piles["door"]
    pile["taken"] = len(pile["base"])
    t.state.discards["door"] = ["topfpflanze", "elf", "bigfoot"]
    effects = t.do(0, A.KickDoor())
    shuffled = next(e for e in effects if e["type"] == "PileShuffled")
    assert shuffled == {"type": "PileShuffled", "deck": "door", "shuffle": 1, "cards": ["bigfoot", "elf", "topfpflanze"]}
    kicked = next(e for e in effects if e["type"] == "DoorKicked")
    assert kicked["card"] == chance.shuffled(SEED, "door:1", ["bigfoot", "elf", "topfpflanze"])[0]


def test_no_cards_anywhere_means_nobody_draws():
    """000 SPIELVORBEREITUNGEN: "Ist ein Stapel leer, und es gibt keine abgelegten Karten, dann kann niemand
    diese Art von Karten ziehen": the kick turns up no card and the turn goes on to phase 2 (docs/rules.md,
    decisions: "A door with no card left to draw"); looting the room draws nothing, and the turn ends."""
    t = _dealt()
    pile = t.state.piles["door"]
    pile["taken"] = len(pile["base"])
    assert A.KickDoor() in t.legal(0)
    effects = t.do(0, A.KickDoor())
    assert effects == [{"type": "DoorDeckEmpty", "seat": 0}, {"type": "PhaseChanged", "phase": "after-door"}]
    hand = t.p(0).hand_size
    t.do(0, A.LootRoom())
    assert t.p(0).hand_size == hand and t.state.phase == "charity"
    assert any(a.kind == "end_turn" for a in t.legal(0))


def test_the_seed_is_revealed_when_the_game_ends():
    t = _dealt(window_ms=0)
    assert t.rules.view(t.state, Viewer("seat", 0))["seed"] == ""
    t.set_level(0, 9)
    t.state.players[0].hand.append("topfpflanze")
    t.state.phase = "after-door"
    t.do(0, A.LookForTrouble(card="topfpflanze"))
    t.state.players[0].hand.append("eiskalter-sprengtrank")
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    effects = t.do(0, A.ClaimVictory())
    revealed = next(e for e in effects if e["type"] == "SeedRevealed")
    assert revealed["seed"] == SEED.hex() and chance.commitment(bytes.fromhex(revealed["seed"])) == t.state.seed_sha256
    assert t.rules.view(t.state, Viewer("seat", 1))["seed"] == SEED.hex()


def test_a_dealt_game_cannot_be_judged_without_its_seed():
    t = Table(seed=SEED)
    with pytest.raises(RuntimeError):
        t.rules.decide(t.state, Command(0, A.KickDoor()), Context(0))
    with pytest.raises(RuntimeError):
        t.rules.decide(t.state, Command(0, A.KickDoor()), Context(0, secret_seed=bytes(32)))


def test_reported_mode_refuses_a_seed_commitment_and_dealt_mode_needs_one():
    from judge.common.errors import InvalidArgument
    from judge.rules import GameSetup, SeatSetup

    seats = tuple(SeatSetup(n, {"sex": "male"}) for n in "ABC")
    with pytest.raises(InvalidArgument):
        Table().rules.validate_setup(GameSetup("munchkin", (), seats, {"seed_sha256": "0" * 64}, "reported"))
    with pytest.raises(InvalidArgument):
        Table().rules.validate_setup(GameSetup("munchkin", (), seats, {}, "dealt"))
