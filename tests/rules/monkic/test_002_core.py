"""monkic (002): set-up, rounds and turns, attack and defence, life points,
the jokers' protection, the end-of-round graveyard fights."""

from __future__ import annotations

import pytest

from judge.common.errors import InvalidArgument
from judge.rules import ORGANIZER, SPECTATOR, Viewer
from judge.rulesets.monkic.cards import load_values_file
from tests.rules.monkic.harness import A, Table, values

SEVEN = ("golem", "drache", "hexe", "joker", "blitz", "ratte", "zwerg")


def opened(variants: tuple[str, ...] = (), **options: int) -> Table:
    t = Table(variants=variants, options=options)
    xxl = "pings" if "extra" in variants else ""
    t.do(0, A.ReportOpening(cards=SEVEN, xxl=xxl))
    t.do(1, A.ReportOpening(cards=SEVEN, xxl=xxl))
    return t


# ------------------------------------------------------------------ Vorbereitung

def test_vorbereitung_seven_cards_onto_the_table_and_20_life_points():
    t = opened()
    for seat in (0, 1):
        assert t.table(seat) == list(SEVEN) and t.hand(seat) == [] and t.life(seat) == 20
    assert t.state.phase == "play" and t.state.turn == 1 and t.state.active == 0


def test_vorbereitung_tipp_more_life_points_as_an_option():
    assert opened(life_points=40).life(1) == 40
    with pytest.raises(InvalidArgument) as info:
        Table(options={"life_points": 0})
    assert info.value.field == "options.life_points"


def test_vorbereitung_two_players_only():
    t = Table()
    assert len(t.state.seats) == 2
    t.malformed("report_opening.cards", 0, A.ReportOpening(cards=SEVEN[:6]))


def test_vorbereitung_sets_shape_the_stack():
    three, two = Table(), Table(options={"sets": 2})
    assert three.state.stack.count("drache") == 3 and two.state.stack.count("drache") == 2
    with pytest.raises(InvalidArgument):
        Table(options={"sets": 11})


def test_vorbereitung_extra_one_xxl_card_each_never_in_the_stack():
    t = opened(("extra",))
    assert t.table(0) == list(SEVEN) + ["pings"]
    assert "pings" not in t.state.stack and "xxl-drache" not in t.state.stack
    t.rejects("monkic.draw.xxl-never", 0, A.Draw(card="xxl-drache"))


def test_vorbereitung_simple_game_without_superpower_and_elemente():
    t = opened(("simple",))
    assert "superpower" not in t.state.stack and "elemente" not in t.state.stack
    t.rejects("monkic.draw.not-in-game", 0, A.Draw(card="superpower"))


def test_a_card_without_values_is_refused_at_creation():
    """002 prints no values: the group's file must give every fighting card's (docs/monkic.md)."""
    custom = [v for v in values() if v["card"] != "drache"]
    with pytest.raises(InvalidArgument) as info:
        Table(custom=custom)
    assert info.value.field == "custom_cards" and "drache" in info.value.message
    # XXL cards need values only in the Extra variant, and their (Joker) values too.
    Table(custom=[v for v in values() if v["card"] != "pings"])
    with pytest.raises(InvalidArgument) as info:
        Table(variants=("extra",), custom=[{**v, "attack_joker": None} if v["card"] == "pings" else v
                                           for v in values()])
    assert info.value.field.endswith("attack_joker")
    with pytest.raises(InvalidArgument) as info:
        Table(custom=values() + [{"card": "blitz", "attack": 1, "shield": 1}])
    assert info.value.field.startswith("custom_cards[")


def test_the_values_file_format_is_read_into_custom_cards(tmp_path):
    path = tmp_path / "karten.toml"
    path.write_text('[[card]]\ncard = "drache"\nattack = 8\nshield = 5\n', encoding="utf-8")
    assert load_values_file(path) == [{"card": "drache", "attack": 8, "shield": 5}]


# ------------------------------------------------------------------ Start / Erste Runde

def test_start_nobody_attacks_in_the_first_round():
    t = opened()
    golem = t.state.seats[0].table[0]
    t.do(0, A.TakeToHand(card=golem))
    t.rejects("monkic.attack.first-round", 0, A.Attack(card=golem, dice=(3,)))


def test_start_a_round_is_two_turns():
    t = opened()
    t.rejects("monkic.turn.not-your-turn", 1, A.EndTurn())
    t.do(0, A.EndTurn())
    assert (t.state.active, t.state.turn, t.state.round) == (1, 2, 1)
    t.do(1, A.EndTurn())
    assert (t.state.active, t.state.turn, t.state.round) == (0, 3, 2)


def test_erste_runde_draw_one_card_onto_the_table_per_turn():
    t = opened()
    t.do(0, A.Draw(card="kobold"))
    assert t.table(0)[-1] == "kobold" and t.state.stack.count("kobold") == 2
    t.rejects("monkic.draw.once-per-turn", 0, A.Draw(card="kobold"))


def test_erste_runde_one_card_to_the_hand_per_turn_never_a_curse():
    t = opened()
    blitz, golem, drache = (t.state.seats[0].table[i] for i in (4, 0, 1))
    t.rejects("monkic.hand.no-curses", 0, A.TakeToHand(card=blitz))
    t.rejects("monkic.hand.not-on-your-table", 0, A.TakeToHand(card=t.state.seats[1].table[0]))
    t.do(0, A.TakeToHand(card=golem))
    assert t.hand(0) == ["golem"]
    t.rejects("monkic.hand.one-per-turn", 0, A.TakeToHand(card=drache))


# ------------------------------------------------------------------ Angriff und Verteidigung

def fight_table(att: str, dfn: str) -> tuple[Table, str, str]:
    t = Table()
    t.at_round(2)
    return t, t.put(0, "hand", att), t.put(1, "hand", dfn)


def test_angriff_attack_plus_die_against_shield_plus_die_higher_wins():
    t, golem, roboter = fight_table("golem", "roboter")  # 4 attack; roboter 7 shield
    e = t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(6,), defence_dice=(2,)))
    f = t.fights(e)[0]
    assert (f["attack"], f["shield"], f["winner"]) == ("10", "9", "attacker")
    assert t.graveyard(1) == ["roboter"] and t.hand(0) == ["golem"]


def test_angriff_the_loser_is_the_attacker_goes_to_its_own_graveyard():
    t, golem, roboter = fight_table("golem", "roboter")
    t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(1,), defence_dice=(1,)))
    assert t.graveyard(0) == ["golem"] and t.hand(1) == ["roboter"]


def test_angriff_equal_points_is_a_draw():
    t, golem, roboter = fight_table("golem", "roboter")
    e = t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(5,), defence_dice=(2,)))
    assert t.fights(e)[0]["winner"] == "draw"
    assert t.hand(0) == ["golem"] and t.hand(1) == ["roboter"]


def test_angriff_each_card_attacks_once_per_turn():
    t, golem, roboter = fight_table("golem", "roboter")
    t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(5,), defence_dice=(2,)))
    t.rejects("monkic.attack.once-per-turn", 0, A.Attack(card=golem, targets=(roboter,), dice=(5,),
                                                         defence_dice=(2,)))


def test_angriff_table_cards_neither_attack_nor_are_attacked():
    t, golem, roboter = fight_table("golem", "roboter")
    on_table = t.put(0, "table", "drache")
    theirs = t.put(1, "table", "zwerg")
    t.rejects("monkic.attack.only-hand-cards", 0, A.Attack(card=on_table, targets=(roboter,), dice=(1,),
                                                           defence_dice=(1,)))
    t.rejects("monkic.attack.target-not-on-hand", 0, A.Attack(card=golem, targets=(theirs,), dice=(1,),
                                                              defence_dice=(1,)))


def test_angriff_life_points_only_when_no_hand_cards_are_left():
    t, golem, roboter = fight_table("golem", "roboter")
    t.rejects("monkic.attack.hand-cards-first", 0, A.Attack(card=golem, dice=(3,)))
    t.state.seats[1].hand.clear()
    t.do(0, A.Attack(card=golem, dice=(3,)))
    assert t.life(1) == 20 - 7


def test_angriff_at_zero_life_points_the_player_loses():
    t = Table()
    t.at_round(5)
    drache = t.put(0, "hand", "drache")
    t.state.seats[1].life = 9
    e = t.do(0, A.Attack(card=drache, dice=(1,)))
    assert t.life(1) == 0 and t.state.winner == 0 and t.state.phase == "over"
    assert e[-1]["type"] == "GameWon"
    t.rejects("monkic.game.over", 1, A.EndTurn())


def test_dice_are_reported_one_to_six_and_counted():
    t, golem, roboter = fight_table("golem", "roboter")
    t.malformed("attack.dice", 0, A.Attack(card=golem, targets=(roboter,), dice=(7,), defence_dice=(1,)))
    t.malformed("attack.dice", 0, A.Attack(card=golem, targets=(roboter,), dice=(), defence_dice=(1,)))
    t.malformed("attack.defence_dice", 0, A.Attack(card=golem, targets=(roboter,), dice=(1,), defence_dice=(0,)))
    few = t.rejects("monkic.dice.defence-count", 0, A.Attack(card=golem, targets=(roboter,), dice=(1,),
                                                             defence_dice=())).ruling
    assert (few.details["reported"], few.details["expected"]) == (0, 1)
    many = t.rejects("monkic.dice.defence-count", 0, A.Attack(card=golem, targets=(roboter,), dice=(1,),
                                                              defence_dice=(1, 1))).ruling
    assert (many.details["reported"], many.details["expected"]) == (2, 1)


# ------------------------------------------------------------------ Jokers

def test_jokers_cannot_attack():
    t, joker, roboter = fight_table("joker-dame", "roboter")
    t.rejects("monkic.attack.joker-cannot", 0, A.Attack(card=joker, targets=(roboter,), dice=(1,),
                                                        defence_dice=(1,)))


def test_jokers_protect_the_card_survives_the_joker_dies():
    t, golem, roboter = fight_table("golem", "roboter")
    joker = t.put(1, "table", "joker")
    t.at_round(2, active=1)
    t.do(1, A.Protect(guard=joker, card=roboter))
    assert t.state.guards == {roboter: joker}
    t.at_round(3, active=0)
    t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(6,), defence_dice=(1,)))
    assert t.hand(1) == ["roboter"] and t.graveyard(1) == ["joker"] and t.state.guards == {}


def test_protection_cannot_be_added_after_the_card_fought():
    """002 Jokers: "Dies geht nicht mehr im Nachhinein!" """
    t, golem, roboter = fight_table("golem", "roboter")
    joker = t.put(0, "hand", "joker")
    t.do(0, A.Attack(card=golem, targets=(roboter,), dice=(5,), defence_dice=(2,)))  # a draw
    t.rejects("monkic.protect.not-after-the-fact", 0, A.Protect(guard=joker, card=golem))


def test_only_jokers_kobold_and_superpower_protect_one_each_hand_cards_only():
    t, golem, roboter = fight_table("golem", "roboter")
    drache = t.put(0, "hand", "drache")
    kobold = t.put(0, "table", "kobold")
    joker = t.put(0, "table", "joker-kind")
    t.rejects("monkic.protect.not-a-guard", 0, A.Protect(guard=drache, card=golem))
    t.rejects("monkic.protect.hand-card-only", 0, A.Protect(guard=joker, card=kobold))
    t.do(0, A.Protect(guard=kobold, card=golem))
    t.rejects("monkic.protect.hand-card-only", 0, A.Protect(guard=joker, card=golem))


def test_a_protected_guard_cannot_go_under_another_card():
    """002 Karten: the joker lies under the card it protects; a protected Kobold stays in the hand."""
    t = Table()
    t.at_round(2)
    kobold = t.put(0, "hand", "kobold")
    joker = t.put(0, "hand", "joker")
    golem = t.put(0, "hand", "golem")
    t.do(0, A.Protect(guard=joker, card=kobold))
    assert A.Protect(guard=kobold, card=golem) not in t.legal(0)
    t.rejects("monkic.protect.guard-protected", 0, A.Protect(guard=kobold, card=golem))
    assert t.state.guards == {kobold: joker}


def test_kobold_protects_like_the_joker_and_can_attack():
    t, kobold, roboter = fight_table("kobold", "roboter")
    t.do(0, A.Attack(card=kobold, targets=(roboter,), dice=(1,), defence_dice=(6,)))
    assert t.graveyard(0) == ["kobold"]


# ------------------------------------------------------------------ Ende einer Runde

def test_graveyard_fight_at_the_end_of_a_round():
    t = Table(variants=("graveyard-fights",))
    t.at_round(2, active=1)
    t.put(0, "graveyard", "golem")  # attack 4
    t.put(1, "graveyard", "drache")  # attack 8
    t.do(1, A.EndTurn())
    assert t.state.pending[0]["kind"] == "graveyard-fight" and t.state.turn == 4
    t.rejects("monkic.pending.answer-first", 0, A.EndTurn())
    e = t.do(1, A.Resolve(dice=(6, 1)))  # 4 + 6 = 10 against 8 + 1 = 9: seat 0 wins
    assert t.fights(e)[0]["winner"] == "attacker"
    assert t.state.pending[0]["kind"] == "graveyard-win" and t.state.pending[0]["seat"] == 0
    t.do(0, A.Resolve(place="table"))
    assert t.table(0) == ["golem"] and t.graveyard(0) == [] and t.state.turn == 5


def test_graveyard_fight_a_draw_or_the_loser_nothing_happens():
    t = Table(variants=("graveyard-fights",))
    t.at_round(2, active=1)
    t.put(0, "graveyard", "golem")
    t.put(1, "graveyard", "drache")
    t.do(1, A.EndTurn())
    t.do(1, A.Resolve(dice=(5, 1)))  # 9 against 9
    assert t.state.pending == [] and t.graveyard(0) == ["golem"] and t.state.turn == 5


def test_no_graveyard_fight_without_the_variant_or_after_the_first_turn_of_a_round():
    t = Table(variants=("graveyard-fights",))
    t.at_round(2, active=0)
    t.put(0, "graveyard", "golem")
    t.put(1, "graveyard", "drache")
    t.do(0, A.EndTurn())
    assert t.state.pending == []
    t2 = Table()
    t2.at_round(2, active=1)
    t2.put(0, "graveyard", "golem")
    t2.put(1, "graveyard", "drache")
    t2.do(1, A.EndTurn())
    assert t2.state.pending == [] and t2.state.turn == 5


# ------------------------------------------------------------------ view

def test_everything_on_the_table_is_face_up():
    """002 Spielfeld: "Die Karten werden offen hingelegt." """
    t, golem, roboter = fight_table("golem", "roboter")
    for viewer in (Viewer("seat", 1), SPECTATOR, ORGANIZER):
        v = t.rules.view(t.state, viewer)["monkic"]
        assert v["seats"][0]["hand"] == [{"id": golem, "card": "golem"}]
        assert v["seats"][1]["hand"][0]["card"] == "roboter"
        assert v["seats"][0]["life"] == 20 and v["round"] == 2


# ------------------------------------------------------------------ a whole game

def test_a_reported_game_to_zero_life_points_replays_exactly():
    t = opened(life_points=8)
    s0, s1 = t.state.seats
    drache, golem = s0.table[1], s1.table[0]
    t.do(0, A.TakeToHand(card=drache))
    t.do(0, A.Draw(card="hydra"))
    t.do(0, A.EndTurn())
    t.do(1, A.TakeToHand(card=golem))
    t.do(1, A.EndTurn())
    # Round 2: the Drache (8) beats the Golem (shield 4).
    t.do(0, A.Attack(card=drache, targets=(golem,), dice=(2,), defence_dice=(3,)))
    assert t.graveyard(1) == ["golem"]
    t.do(0, A.EndTurn())
    t.do(1, A.EndTurn())
    t.do(0, A.Attack(card=drache, dice=(1,)))  # 9 points off 8 life points
    assert t.state.winner == 0 and t.life(1) == -1
    assert t.replayed().to_dict() == t.state.to_dict()
    data = t.rules.to_dict(t.state)
    assert t.rules.from_dict(data).to_dict() == data
