"""001 "MUNCHKIN FÜR ZWEI SPIELER": the variant two-players, four characters played by two people
(seats 0 and 2, seats 1 and 3), composed onto every set of the family."""

from __future__ import annotations

from typing import Any

import pytest

from judge import rulesets
from judge.common.errors import InvalidArgument
from judge.rules import GameSetup, SeatSetup, Viewer
from judge.rulesets.munchkin.variants.two_players import MAY_OR_MUST_INVOLVE, NEVER_INVOLVE, alter_ego
from tests.rules.harness import A, Table

TWO = "two-players"
STEUER = {"id": "t-steuer", "name": "Fluch! Einkommensteuer!", "deck": "door", "kind": "curse", "set": "t",
          "curse": {"lose_levels": 1}}
GROSS = {"id": "t-gross", "name": "Fluch! Großzügigkeit", "deck": "door", "kind": "curse", "set": "t",
         "curse": {"lose_levels": 1}}


def _table(variants: tuple[str, ...] = (TWO,), ruleset: str = "munchkin", n: int = 4,
           custom: tuple[dict[str, Any], ...] = ()) -> Table:
    t = Table(n, window_ms=0, ruleset=ruleset, custom=custom)
    t.setup = GameSetup(ruleset, variants, t.setup.seats, t.setup.options, t.setup.mode, custom)
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    return t


def _combat_of_seat_0(t: Table) -> None:
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))


# ------------------------------------------------------------------ the table

@pytest.mark.parametrize("ruleset", ["munchkin", "babys", "star"])
def test_zwei_spieler_four_characters_for_two_people(ruleset: str) -> None:
    """"Ein Spieler übernimmt Charakter 1 und Charakter 3, der andere Charakter 2 und Charakter 4. Die
    Spielreihenfolge geht von 1 bis 4": four seats in turn order; seat 0's alter ego is seat 2."""
    assert TWO in rulesets.get(ruleset).variants
    t = _table(ruleset=ruleset)
    assert [alter_ego(i) for i in range(4)] == [2, 3, 0, 1]
    assert t.rules.view(t.state, Viewer("organizer"))["alter_egos"] == [2, 3, 0, 1]
    assert t.rules.person_seats(t.state, 2) == (0, 2)
    for n in (3, 5):
        with pytest.raises(InvalidArgument) as info:
            _table(ruleset=ruleset, n=n)
        assert info.value.field == "seats"
        assert f"{TWO} is played with 4 seats" in info.value.message and f"got {n}" in info.value.message
    # Two seats (the two people) are outside the set's 3 to 6 too: the refusal still says what the
    # variant needs, not only the set's range.
    seats = tuple(SeatSetup(name, {"sex": "female"}) for name in ("Anna", "Ben"))
    with pytest.raises(InvalidArgument) as info:
        rulesets.get(ruleset).validate_setup(GameSetup(ruleset, (TWO,), seats, {}, "reported"))
    assert info.value.field == "seats"
    assert f"{TWO} is played with 4 seats, one per character" in info.value.message and "got 2" in info.value.message


def test_zwei_spieler_listen_at_the_door_is_always_played() -> None:
    """"Außerdem wird die Variante „An der Tür lauschen“ gespielt": the first character listens, once even
    when the group names the variant too; looting the room draws a treasure."""
    assert [p.unknown for p in _table().state.players] == [9, 8, 8, 8]
    assert [p.unknown for p in _table((TWO, "listen-at-the-door")).state.players] == [9, 8, 8, 8]
    t = _table()
    t.do(0, A.KickDoor(card="elf"))
    effects = t.do(0, A.LootRoom())
    assert {"type": "CardsDrawn", "seat": 0, "deck": "treasure", "cards": [], "unknown": 1} in effects


def test_zwei_spieler_one_persons_token_sees_both_characters() -> None:
    """One person plays both characters: a viewer of seat 0 that is also seat 2 sees both hands."""
    t = _table()
    t.give(2, "elf")
    person = Viewer("seat", 0, also=t.rules.person_seats(t.state, 0)[1:])
    seats = t.rules.view(t.state, person)["seats"]
    assert "elf" in seats[2]["hand"] and seats[1]["hand"] == [] and seats[3]["hand"] == []
    assert t.rules.view(t.state, Viewer("seat", 1))["seats"][2]["hand"] == []


def test_zwei_spieler_the_player_wins_with_both_characters() -> None:
    """"Sieger ist natürlich der Spieler, der mit einem seiner Charaktere als erster die Stufe 10 ...
    erreicht": both characters of the person are reported as winners."""
    t = _table()
    t.set_level(0, 9)
    t.do(0, A.KickDoor(card="topfpflanze"))
    effects = t.do(0, A.ClaimVictory())
    assert {"type": "GameWon", "winners": [0, 2]} in effects


def test_zwei_spieler_the_epic_game_is_won_at_20() -> None:
    """"(bzw. 20 beim Epischen Spiel)": two players with the Epic kick and its goal."""
    t = Table(4, window_ms=0)
    t.setup = GameSetup("munchkin", (TWO, "epic-kick"), t.setup.seats, {**t.setup.options, "epic_goal": True},
                        "reported")
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    t.set_level(0, 19)
    t.do(0, A.KickTwoDoors(cards=("topfpflanze", "elf")))
    assert {"type": "GameWon", "winners": [0, 2]} in t.do(0, A.ClaimVictory())


# ------------------------------------------------------------------ the alter ego's combat

def test_zwei_spieler_no_help_from_the_alter_ego() -> None:
    """"Kein Charakter darf sich in irgendeiner Weise in den Kampf seines Alter Egos einmischen – weder helfend
    noch störend." The opponent's characters may still be asked."""
    t = _table()
    _combat_of_seat_0(t)
    t.rejects("twoplayer.alter-ego.no-interference", 0, A.AskForHelp(helper=2))
    t.do(0, A.AskForHelp(helper=1))


def test_zwei_spieler_no_hindering_the_alter_ego() -> None:
    """"Verboten sind insbesondere die Karten Wanderndes Monster ...": no enhancer, monster or one-shot from
    the alter ego; the opponent may play them, and the alter ego may still go up a level itself."""
    t = _table()
    _combat_of_seat_0(t)
    t.give(2, "wuetend", "wanderndes-monster", "topfpflanze", "1000-goldstuecke")
    t.rejects("twoplayer.alter-ego.no-interference", 2, A.PlayCard(card="wuetend", monster_index=0))
    t.rejects("twoplayer.alter-ego.no-interference", 2, A.PlayCard(card="wanderndes-monster",
                                                                   with_card="topfpflanze"))
    t.do(2, A.PlayCard(card="1000-goldstuecke", target_seat=2))
    t.give(1, "wuetend")
    t.do(1, A.PlayCard(card="wuetend", monster_index=0))


def test_zwei_spieler_no_space_ranger_exception() -> None:
    """"Hiervon wird auch keine Ausnahme durch die Klasse Space Ranger gemacht." (Star, 004)"""
    t = _table(ruleset="star")
    t.give(2, "space-ranger")
    t.do(2, A.PlayCard(card="space-ranger"))
    t.do(0, A.KickDoor(card="har-har"))
    t.rejects("twoplayer.alter-ego.no-interference", 0, A.AskForHelp(helper=2))


def test_zwei_spieler_an_event_for_all_hits_the_alter_ego() -> None:
    """"Wird ein Ereignis gezogen (z. B. Göttliche Intervention), das alle Spieler betreffen kann, so trifft
    das auch das Alter Ego." The alter ego, a priest, goes up a level."""
    t = _table()
    t.give(2, "priester")
    t.do(2, A.PlayCard(card="priester"))
    t.do(0, A.KickDoor(card="goettliche-intervention"))
    assert t.p(2).level == 2


# ------------------------------------------------------------------ trade, gifts, theft

def test_zwei_spieler_no_trade_and_no_gift_with_the_alter_ego() -> None:
    """"Kein Charakter darf mit seinem Alter Ego handeln oder ihm etwas schenken." """
    t = _table()
    t.equip(0, "gehoernter-helm")
    t.equip(2, "flammende-ruestung")
    t.rejects("twoplayer.alter-ego.no-trade", 0, A.ProposeTrade(with_seat=2, give=("gehoernter-helm",),
                                                                receive=("flammende-ruestung",)))
    t.rejects("twoplayer.alter-ego.no-gift", 0, A.GiveItem(card="gehoernter-helm", to_seat=2))
    t.do(0, A.GiveItem(card="gehoernter-helm", to_seat=1))


def test_zwei_spieler_a_thief_may_steal_from_the_alter_ego() -> None:
    """"Er darf ihn zwar als Dieb ... bestehlen (und dabei den Verlust einer Stufe riskieren)": a failed
    roll costs the level."""
    t = _table()
    t.state.players[0].classes = ["dieb"]
    t.set_level(0, 3)
    t.equip(2, "gehoernter-helm")
    t.do(0, A.UseAbility(ability="steal", target_seat=2, item="gehoernter-helm", die=3, discard_unknown=1))
    assert t.p(0).level == 2


# ------------------------------------------------------------------ curses, level-ups, the card lists

def test_zwei_spieler_no_curse_and_no_level_up_on_the_alter_ego() -> None:
    """"Kein Charakter darf einen Fluch oder eine Falle auf sein Alter Ego spielen, auch keine
    Steige-eine-Stufe-auf-Karte oder eine Herkunft." On the opponent both are played."""
    t = _table()
    t.set_level(2, 3)
    t.give(0, "fluch-verliere-eine-stufe", "1000-goldstuecke")
    t.rejects("twoplayer.alter-ego.no-curse", 0, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=2))
    t.rejects("twoplayer.alter-ego.no-level-up", 0, A.PlayCard(card="1000-goldstuecke", target_seat=2))
    t.set_level(1, 3)
    t.do(0, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=1))
    t.do(0, A.PlayCard(card="1000-goldstuecke", target_seat=0))
    assert (t.p(1).level, t.p(0).level) == (2, 2)


def test_zwei_spieler_the_two_card_lists() -> None:
    """"Bei diesen Karten kann bzw. muss das Alter Ego ebenfalls betroffen werden" (Fluch! Einkommensteuer!
    may hit it) and "Bei diesen Karten darf das Alter Ego in keinem Fall involviert werden" (Fluch!
    Großzügigkeit never), as printed."""
    assert len(MAY_OR_MUST_INVOLVE) == 21 and "Fluch! Einkommensteuer!" in MAY_OR_MUST_INVOLVE
    assert len(NEVER_INVOLVE) == 26 and "Handlanger Schurke" in NEVER_INVOLVE
    t = _table(custom=(STEUER, GROSS))
    t.set_level(2, 3)
    t.give(0, "t-steuer", "t-gross")
    t.rejects("twoplayer.alter-ego.never-involved", 0, A.PlayCard(card="t-gross", target_seat=2))
    t.do(0, A.PlayCard(card="t-steuer", target_seat=2))
    assert t.p(2).level == 2


# ------------------------------------------------------------------ charity

def _charity_at(levels: list[int]) -> Table:
    t = _table()
    for seat, level in enumerate(levels):
        t.set_level(seat, level)
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())  # 8 unknown + listened door + elf + looted treasure = 11: 6 too many
    return t


def test_zwei_spieler_charity_goes_to_one_of_the_opponents_characters() -> None:
    """"Die Milde Gabe wird jeweils nur an einen Charakter des Gegenspielers gegeben.": giver at 5, the
    opponent's characters at 2 (seat 1) and 3 (seat 3), the alter ego at 1: all six to seat 1."""
    t = _charity_at([5, 2, 1, 3])
    assert t.p(0).hand_size == 11
    rule = "twoplayer.charity.one-opponent-character"
    t.rejects(rule, 0, A.EndTurn(gifts=(A.CharityGift(2, (), 6),)))  # the alter ego, though lowest
    t.rejects(rule, 0, A.EndTurn(gifts=(A.CharityGift(1, (), 3), A.CharityGift(3, (), 3))))  # split
    t.rejects(rule, 0, A.EndTurn(gifts=(A.CharityGift(3, (), 6),)))  # not the lowest
    t.rejects(rule, 0, A.EndTurn(discard_unknown=6))
    t.do(0, A.EndTurn(gifts=(A.CharityGift(1, ("elf",), 5),)))
    assert t.p(1).hand_size == 8 + 6 + 1 and t.p(0).hand_size == 5  # seat 1 listens as its turn starts


def test_zwei_spieler_charity_to_either_opponent_character_of_the_same_level_but_one() -> None:
    t = _charity_at([5, 2, 1, 2])
    t.rejects("twoplayer.charity.one-opponent-character", 0,
              A.EndTurn(gifts=(A.CharityGift(1, (), 3), A.CharityGift(3, (), 3))))
    t.do(0, A.EndTurn(gifts=(A.CharityGift(3, (), 6),)))


def test_zwei_spieler_charity_to_the_alter_ego_when_both_opponents_are_as_high() -> None:
    """"Nur wenn dessen beide Charaktere eine höhere oder gleiche Stufe wie der aktive Charakter haben,
    erfolgt die Milde Gabe ggf. an das Alter Ego": giver at 3, the opponent at 3 and 4: to seat 2."""
    t = _charity_at([3, 3, 6, 4])
    t.rejects("twoplayer.charity.alter-ego", 0, A.EndTurn(gifts=(A.CharityGift(1, (), 6),)))
    t.rejects("twoplayer.charity.alter-ego", 0, A.EndTurn(discard_unknown=6))
    ends = [a for a in t.legal(0) if a.kind == "end_turn"]
    assert len(ends) == 1 and [g.to_seat for g in ends[0].gifts] == [2]
    t.do(0, A.EndTurn(gifts=(A.CharityGift(2, (), 6),)))
    assert t.p(2).hand_size == 14


# ------------------------------------------------------------------ looting

def test_zwei_spieler_the_alter_ego_loots_last() -> None:
    """"ist das Alter Ego des Gestorbenen unabhängig von seiner Stufe als Letzter dran": seat 0 dies; its
    alter ego (level 8) loots after seats 3 (level 4) and 1 (level 1)."""
    t = _table()
    t.set_level(0, 6)
    t.set_level(2, 8)
    t.set_level(3, 4)
    t.equip(0, "flammende-ruestung", "gehoernter-helm", "kettensaege")
    t.state.players[0].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.state.corpse["order"] == [3, 1, 2]
    t.rejects("munchkin.loot.not-your-pick", 2, A.LootCorpse(card="kettensaege"))


def test_zwei_spieler_the_turns_go_from_1_to_4() -> None:
    """"Die Spielreihenfolge geht von 1 bis 4": character 1 (seat 0), then 2 (the other person's), 3, 4."""
    t = _table()
    order = []
    for seat in range(4):
        assert t.state.active == seat
        t.do(seat, A.KickDoor(card="elf"))
        t.state.players[seat].unknown = 4  # arranged: nothing to give away
        t.do(seat, A.EndTurn())
        order.append(seat)
    assert order == [0, 1, 2, 3] and t.state.active == 0
