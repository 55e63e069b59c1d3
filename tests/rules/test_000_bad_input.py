"""Malformed input over the rules core: a field that contradicts the card, and
every value out of range or missing, is ``Malformed`` naming the field, is
checked before any rule and changes nothing. The same requests over a real
server are in tests/server/test_bad_input.py."""

from __future__ import annotations

from typing import Any

import pytest

from judge.rules.engine import canonical_json
from tests.rules.harness import A, Table


def refused(t: Table, field: str, seat: int | None, action: Any) -> None:
    before = canonical_json(t.state.to_dict())
    t.malformed(field, seat, action)
    assert canonical_json(t.state.to_dict()) == before


def _fight() -> Table:
    t = Table()
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    return t


# --------------------------------------------------------------------------- fields that contradict the card


def test_monster_enhancer_for_the_players_is_refused():
    """001 table, "Monsterverstärker: Während einer Kampfphase auf ein Monster": never on the players."""
    t = _fight()
    refused(t, "play_card.side", 1, A.PlayCard(card="uralt", side="players"))
    t.do(1, A.PlayCard(card="uralt", side="monsters"))
    assert t.combat.monsters[0].mods == ["uralt"] and t.combat.monsters[0].bonus == 10


def test_a_kumpel_or_an_enhancer_enhancer_for_the_players_is_refused_but_may_name_its_monster():
    """000 "Weitere Aktionen im Kampf" (Kumpel) and 001's table (a Monsterverstärkerverstärker on a monster
    that already has an enhancer): both act on a monster, so side=players contradicts them, while naming
    the monster is what they take."""
    sehr = {"id": "sehr", "name": "Sehr", "deck": "door", "kind": "monster_enhancer_enhancer", "bonus": 5,
            "text": "Nur auf einen Monsterverstärker: +5."}
    t = Table(custom=(sehr,))
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    refused(t, "play_card.side", 1, A.PlayCard(card="kumpel", side="players"))
    refused(t, "play_card.target_seat", 1, A.PlayCard(card="kumpel", target_seat=0))
    t.do(1, A.PlayCard(card="kumpel", monster_index=0))
    assert [m.mate_of for m in t.combat.monsters] == [None, 0]
    t.do(2, A.PlayCard(card="wuetend", monster_index=0))
    refused(t, "play_card.side", 1, A.PlayCard(card="sehr", side="players"))
    t.do(1, A.PlayCard(card="sehr", monster_index=1, side="monsters"))
    assert "sehr" in t.combat.monsters[0].mods


@pytest.mark.parametrize(("action", "field"), [
    (A.PlayCard(card="elf", target_seat=1), "play_card.target_seat"),
    (A.PlayCard(card="flammende-ruestung", side="players"), "play_card.side"),
    (A.PlayCard(card="trank-der-allgemeinbildung", monster_index=0), "play_card.monster_index"),
    (A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1, with_card="bigfoot"), "play_card.with_card"),
    (A.PlayCard(card="gehoernter-helm", from_table=True), "play_card.from_table"),
    (A.PlayCard(card="magische-lampe", side="players"), "play_card.side"),
    (A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players", monster_index=0),
     "play_card.monster_index"),
], ids=lambda v: v if isinstance(v, str) else v.card)
def test_a_field_the_card_does_not_take_is_refused(action: Any, field: str):
    """Weitere Aktionen im Kampf: each kind of card is played as its text says, nothing else."""
    refused(_fight(), field, 0, action)


# --------------------------------------------------------------------------- dice


@pytest.mark.parametrize("die", [0, 7, -1])
def test_run_away_die_must_show_one_to_six(die: int):
    """Verloren!: "Würfle" -- a reported die shows 1 to 6; 0 means no roll was reported."""
    t = _fight()
    t.do(0, A.GiveUp())
    refused(t, "run_away.die", 0, A.RunAway(monster_index=0, die=die))


def test_a_bad_die_is_malformed_before_any_rule():
    """Tod: the looting roll-off die is checked even when no roll is asked for."""
    t = Table()
    refused(t, "roll_die.die", 1, A.RollDie(die=7))
    refused(t, "roll_die.die", 1, A.RollDie(die=0))
    refused(t, "use_ability.die", 0, A.UseAbility(ability="steal", target_seat=1, item="gehoernter-helm",
                                                  die=9, discard_unknown=1))


def test_at_a_dealt_table_the_judge_rolls():
    """A dealt table rolls from its seed: a reported die is malformed there."""
    t = Table(seed=b"s" * 32)
    t.do(None, A.Deal())
    refused(t, "run_away.die", 0, A.RunAway(monster_index=0, die=3))


# --------------------------------------------------------------------------- counts and seats


@pytest.mark.parametrize(("seat", "action", "field"), [
    (0, A.EndTurn(discard_unknown=-1), "end_turn.discard_unknown"),
    (0, A.UseAbility(ability="berserk", discard_unknown=-2), "use_ability.discard_unknown"),
    (0, A.RunAway(monster_index=-1, die=5), "run_away.monster_index"),
    (0, A.SufferBadStuff(monster_index=-1), "suffer_bad_stuff.monster_index"),
    (1, A.PlayCard(card="uralt", monster_index=-1), "play_card.monster_index"),
    (0, A.AskForHelp(helper=1, bribe=A.Bribe(treasures=-1)), "ask_for_help.bribe.treasures"),
    (0, A.AskForHelp(helper=3), "ask_for_help.helper"),
    (1, A.ProposeTrade(with_seat=-1, give=("gehoernter-helm",)), "propose_trade.with_seat"),
    (1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=7), "play_card.target_seat"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_negative_counts_and_absent_seats_are_malformed(seat: int, action: Any, field: str):
    refused(_fight(), field, seat, action)


# --------------------------------------------------------------------------- charity


def _charity(hand: int = 8) -> Table:
    """Phase 4: Milde Gabe -- seat 0 (level 2) holds ``hand`` cards after looting the room."""
    t = Table()
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="elf"))
    t.state.players[0].unknown = hand
    return t


@pytest.mark.parametrize(("action", "field"), [
    (A.EndTurn(gifts=(A.CharityGift(to_seat=1, unknown=2), A.CharityGift(to_seat=2))), "end_turn.gifts[1]"),
    (A.EndTurn(gifts=(A.CharityGift(to_seat=1, unknown=1), A.CharityGift(to_seat=1, unknown=1))),
     "end_turn.gifts[1].to_seat"),
    (A.EndTurn(gifts=(A.CharityGift(to_seat=0, unknown=3),)), "end_turn.gifts[0].to_seat"),
    (A.EndTurn(gifts=(A.CharityGift(to_seat=1, unknown=-1), A.CharityGift(to_seat=2, unknown=5))),
     "end_turn.gifts[0].unknown"),
    (A.EndTurn(gifts=(A.CharityGift(to_seat=1, unknown=6), A.CharityGift(to_seat=2, unknown=6))), "end_turn.gifts"),
], ids=["empty-gift", "seat-twice", "to-self", "negative", "more-than-the-hand"])
def test_a_charity_split_that_does_not_add_up_is_malformed(action: Any, field: str):
    """Phase 4: Milde Gabe: the split names other seats once each, hands on at least one card per
    gift, and never more cards than the hand holds."""
    refused(_charity(), field, 0, action)


def test_a_wrong_but_possible_split_is_still_a_ruling():
    """Phase 4: Milde Gabe, "bis du noch genau 5 Karten hast": giving one card too few is a ruling."""
    t = _charity()
    t.rejects("munchkin.charity.exact-excess", 0, A.EndTurn(gifts=(A.CharityGift(to_seat=1, unknown=2),)))


@pytest.mark.parametrize("action", [A.ChooseCard(), A.PickTreasure(), A.LootCorpse(), A.GiveItem(to_seat=1)],
                         ids=lambda a: a.kind)
def test_a_choice_or_a_pick_without_a_card_is_malformed(action: Any):
    """000 "Flüche" ("entscheidet es selbst, welcher"), "Gewonnen!", "Tod", "Gegenstände handeln": each
    names the card it takes; one without a card is missing a value, whether or not anything is open (but a
    looter's "nothing left" while a corpse is looted: test_000_to_the_letter_base.py)."""
    t = _fight()
    refused(t, f"{action.kind}.card", 0, action)
