"""000 KAMPF, Weitere Aktionen im Kampf, Gewonnen!: strength, ties, the
interference window, kills and treasures."""

from tests.rules.harness import A, Table


def test_strength_is_level_plus_items_and_ties_lose():
    # "Ist deine Kampfstärke höher als die Stufe des Monsters, gewinnst du ...
    #  Ist deine Stufe niedriger oder gleich hoch, verlierst du"
    t = Table()
    t.set_level(0, 4)
    t.equip(0, "flammende-ruestung")  # +2
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # level 6
    assert t.strengths() == (6, 6)
    r = t.rejects("munchkin.combat.ties-lose", 0, A.ClaimVictory())
    assert r.ruling.details == {"players": 6, "monsters": 6}
    t.do(0, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="players"))
    assert t.strengths() == (8, 6)
    t.do(0, A.ClaimVictory())


def test_warrior_wins_ties():
    # 000 Um Hilfe bitten: "Wenn dir ein Krieger hilft, ... ihr gewinnt den Kampf auch bei Gleichstand."
    t = Table()
    t.do(0, A.KickDoor(card="krieger"))
    t.do(0, A.PlayCard(card="krieger"))
    t.set_level(0, 6)
    t.do(0, A.LookForTrouble(card="gewaltiger-kaefer"))
    assert t.strengths() == (6, 6)
    t.do(0, A.ClaimVictory())


def test_item_only_usable_by_warriors_gives_no_bonus_to_others():
    # 000 Gegenstände: "Andere Charaktere können solche Gegenstände zwar auch tragen, aber sie können
    #  ihre Fähigkeit nicht nutzen."  The printed shield: +4, "Nur von Kriegern nutzbar".
    t = Table()
    t.equip(0, "ganzkoerper-schild")
    t.do(0, A.KickDoor(card="topfpflanze"))
    assert t.strengths() == (1, 1)
    t2 = Table()
    t2.state.players[0].classes = ["krieger"]
    t2.equip(0, "ganzkoerper-schild")
    t2.do(0, A.KickDoor(card="topfpflanze"))
    assert t2.strengths() == (5, 1)


def test_monster_bonus_against_a_race():
    # The seed's example monster: "Sabbernder Schleim (+4 gegen Elfen)".
    t = Table()
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.PlayCard(card="elf"))
    t.do(0, A.LookForTrouble(card="sabbernder-schleim"))
    assert t.strengths() == (1, 5)


def test_interference_window_opens_on_a_claim_and_resolves_only_after_it():
    # "Immer wenn ein Spieler glaubt, ein Monster getötet zu haben, muss er noch einen vernünftigen
    #  Zeitraum warten – im Allgemeinen so um die 2,6 Sekunden"
    t = Table(window_ms=2600)
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="topfpflanze"), at=10_000)
    effects = t.do(0, A.ClaimVictory(), at=10_000)
    assert effects[-1] == {"type": "VictoryClaimed", "seat": 0, "claimed_at_ms": 10_000, "closes_at_ms": 12_600}
    assert t.rules.pending_deadline_ms(t.state) == 12_600
    r = t.rejects("munchkin.combat.window-open", None, A.ResolveCombat(), at=12_599)
    assert r.ruling.details["remaining_ms"] == 1
    t.do(None, A.ResolveCombat(), at=12_600)
    assert t.combat is None and t.p(0).level == 4 and t.p(0).unknown == 9  # 1 treasure face down


def test_a_card_played_in_the_window_cancels_the_claim():
    t = Table(window_ms=2600)
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="topfpflanze"), at=0)
    t.do(0, A.ClaimVictory(), at=0)
    effects = t.do(1, A.PlayCard(card="wuetend", monster_index=0), at=1000)  # +5: plant at 6
    assert t.types(effects) == ["CardLeftHand", "ClaimWithdrawn", "MonsterModified"]
    assert t.combat.stage == "fighting" and t.combat.window_closes_at_ms == 0
    t.rejects("munchkin.combat.not-claimed", None, A.ResolveCombat(), at=5000)
    t.rejects("munchkin.combat.ties-lose", 0, A.ClaimVictory(), at=5000)


def test_a_curse_on_someone_outside_the_combat_does_not_cancel_the_claim():
    t = Table(window_ms=2600)
    t.set_level(0, 3)
    t.set_level(2, 3)
    t.do(0, A.KickDoor(card="topfpflanze"), at=0)
    t.do(0, A.ClaimVictory(), at=0)
    t.do(1, A.PlayCard(card="fluch-verliere-eine-stufe", target_seat=2), at=100)
    assert t.combat.stage == "claimed" and t.p(2).level == 2


def test_zero_window_resolves_at_once():
    t = Table(window_ms=0)
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.p(0).level == 3


def test_weitere_aktionen_im_kampf_a_bystander_cannot_claim_and_a_claim_is_made_once():
    # 000 Weitere Aktionen im Kampf: "Immer wenn ein Spieler glaubt, ein Monster getötet zu haben" -- only
    # those fighting it can have killed it (decision "Who may claim a win").
    t = Table()
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.combat.claim-fighters-only", 1, A.ClaimVictory())
    t.do(0, A.ClaimVictory())
    t.rejects("munchkin.combat.already-claimed", 0, A.ClaimVictory())
    t.rejects("munchkin.combat.already-claimed", 0, A.GiveUp())


def test_kill_gives_the_printed_levels_and_treasures_plus_enhancer_treasures():
    # "Du steigst ... 1 Stufe auf (2 für ein paar extrem große und gefährliche Monster) ... Ziehe so
    #  viele Schatzkarten, wie auf der Monstercard angegeben (zuzüglich eventueller Extraschätze ...)"
    t = Table(window_ms=0)
    t.set_level(0, 5)
    t.equip(0, "kettensaege")
    t.do(0, A.KickDoor(card="koenig-tut"))  # level 16, 4 treasures, 2 levels
    t.do(1, A.PlayCard(card="uralt", monster_index=0))  # +10, +2 treasures -> 26
    for _ in range(8):
        t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))  # 8 x +3 = 24
    assert t.strengths() == (32, 26)
    t.do(0, A.ClaimVictory())
    assert t.p(0).level == 7
    assert t.p(0).unknown == 0 + 6  # 4 + 2 treasures, drawn face down


def test_wandering_monster_adds_a_monster_and_strengths_add():
    # "Alle Monster müssen zusammen bekämpft werden. Dazu summierst du die Kampfstärken"
    t = Table()
    t.set_level(0, 8)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="gewaltiger-kaefer"))
    assert [m.card for m in t.combat.monsters] == ["topfpflanze", "gewaltiger-kaefer"]
    assert t.strengths() == (8, 7)
    t.malformed("play_card.with_card", 1, A.PlayCard(card="wanderndes-monster"))


def test_enhancer_needs_a_target_when_several_monsters_fight():
    # "muss sich der Spieler, der die Karte gespielt hat, entscheiden, für welches Monster sie gilt."
    t = Table()
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="lahmer-goblin"))
    t.rejects("munchkin.combat.choose-monster", 2, A.PlayCard(card="wuetend"))
    t.rejects("munchkin.combat.monster-index", 2, A.PlayCard(card="wuetend", monster_index=5))
    t.do(2, A.PlayCard(card="wuetend", monster_index=1))
    assert t.combat.monsters[1].bonus == 5 and t.combat.monsters[0].bonus == 0


def test_one_shot_may_help_the_monster_and_must_name_a_side():
    # "kannst du sowohl dir selbst als auch einem anderen Spieler oder gar „aus Versehen“ einem Monster helfen"
    t = Table()
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.combat.choose-side", 1, A.PlayCard(card="trank-der-idiotischen-tapferkeit"))
    t.do(1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="monsters"))
    assert t.strengths() == (1, 3)


def test_combat_cards_are_discarded_after_the_combat():
    t = Table(window_ms=0)
    t.set_level(0, 9)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.do(1, A.PlayCard(card="wuetend", monster_index=0))
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    t.do(0, A.ClaimVictory())
    assert {"topfpflanze", "wuetend"} <= set(t.state.discards["door"])
    assert "eiskalter-sprengtrank" in t.state.discards["treasure"]
