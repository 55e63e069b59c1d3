"""000 SPIELABLAUF and Phase 1-4: the turn loop."""

from tests.rules.harness import A, Table


def test_setup_four_door_and_four_treasure_cards_level_one():
    # 000 SPIELVORBEREITUNGEN: "erhält jeder Spieler als Anfangskarten 4 Türkarten und 4 Schatzkarten"
    t = Table(4)
    for p in t.state.players:
        assert (p.level, p.hand_size, p.unknown) == (1, 8, 8)
    assert t.state.active == 0 and t.state.phase == "start"


def test_only_the_active_player_kicks_the_door():
    t = Table()
    t.rejects("munchkin.turn.not-your-turn", 1, A.KickDoor(card="topfpflanze"))


def test_kick_door_monster_starts_combat_and_skips_phases_2_and_3():
    t = Table()
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    assert t.combat.fighter == 0 and t.state.phase == "combat"
    t.rejects("munchkin.combat.in-progress", 0, A.LootRoom())
    t.rejects("munchkin.combat.in-progress", 0, A.LookForTrouble(card="topfpflanze"))
    t.rejects("munchkin.turn.finish-combat-first", 0, A.EndTurn())


def test_kick_door_other_card_goes_to_the_hand():
    # 000 Phase 1: "Hast du eine andere Karte aufgedeckt, darfst du sie entweder auf deine Hand nehmen"
    t = Table()
    t.do(0, A.KickDoor(card="elf"))
    assert "elf" in t.p(0).hand and t.p(0).hand_size == 9
    assert t.state.phase == "after-door"
    # ... "oder sofort spielen"
    t.do(0, A.PlayCard(card="elf"))
    assert t.p(0).races == ["elf"]


def test_door_only_once_per_turn():
    t = Table()
    t.do(0, A.KickDoor(card="elf"))
    t.rejects("munchkin.turn.door-already-kicked", 0, A.KickDoor(card="zwerg"))


def test_kicked_card_must_be_a_door_card():
    t = Table()
    t.malformed("kick_door.card", 0, A.KickDoor(card="flammende-ruestung"))
    t.malformed("kick_door.card", 0, A.KickDoor(card="no-such-card"))


def test_phase_2_look_for_trouble_with_a_monster_from_the_hand():
    t = Table()
    t.rejects("munchkin.turn.kick-door-first", 0, A.LookForTrouble(card="topfpflanze"))
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LookForTrouble(card="topfpflanze"))  # an unknown hand card turns out to be the plant
    assert t.combat.monsters[0].card == "topfpflanze"
    assert t.p(0).unknown == 7


def test_phase_3_loot_the_room_draws_one_face_down_door():
    t = Table()
    t.rejects("munchkin.turn.kick-door-first", 0, A.LootRoom())
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())
    assert t.p(0).unknown == 9 and t.state.phase == "charity"
    t.rejects("munchkin.loot.only-phase-3", 0, A.LootRoom())
    t.rejects("munchkin.trouble.only-phase-2", 0, A.LookForTrouble(card="topfpflanze"))


def test_no_looting_after_a_combat():
    t = Table()
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    t.do(0, A.ClaimVictory())
    t.do(None, A.ResolveCombat(), at=t.now + 1000)
    assert t.state.phase == "charity"
    t.rejects("munchkin.loot.only-phase-3", 0, A.LootRoom())


def test_turn_passes_clockwise():
    t = Table(3)
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())
    t.do(0, A.EndTurn(discard=("elf",), discard_unknown=4))  # 10 cards; all level 1: the giver discards
    assert (t.state.active, t.state.turn, t.state.phase) == (1, 2, "start")


def test_legal_actions_at_the_start_of_a_turn():
    t = Table()
    kinds = {a.kind for a in t.legal(0)}
    assert "kick_door" in kinds and "loot_room" not in kinds and "end_turn" not in kinds
    assert {a.kind for a in t.legal(1)} <= {"play_card", "reveal_card", "propose_trade", "discard_card",
                                           "record_adjustment"}
