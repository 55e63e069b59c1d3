"""000 Verloren! (running away, bad stuff) and Tod (death)."""

from tests.rules.harness import A, Table


def _lose_against(t: Table, *monsters: str) -> None:
    t.do(0, A.KickDoor(card=monsters[0]))
    for m in monsters[1:]:
        t.do(1, A.PlayCard(card="wanderndes-monster", with_card=m))
    t.do(0, A.GiveUp())


def test_cannot_give_up_a_won_fight():
    t = Table()
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.combat.winning-cannot-flee", 0, A.GiveUp())


def test_five_or_more_escapes():
    # "Würfle: Du brauchst mindestens eine 5, um fliehen zu können."
    for die, escaped in ((4, False), (5, True), (6, True)):
        t = Table()
        _lose_against(t, "gewaltiger-kaefer")
        effects = t.do(0, A.RunAway(monster_index=0, die=die))
        assert effects[0]["escaped"] is escaped
        assert (t.combat is None) is escaped


def test_run_away_modifiers_from_race_and_monster():
    # "Manche Rassenkarten oder Gegenstände sowie einige Monster geben einen Bonus oder Malus auf Weglaufen."
    t = Table()
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.PlayCard(card="elf"))  # elf: +1
    t.do(0, A.LookForTrouble(card="gewaltiger-kaefer"))
    t.do(0, A.GiveUp())
    assert t.do(0, A.RunAway(monster_index=0, die=4))[0]["escaped"] is True
    t2 = Table()
    t2.do(0, A.KickDoor(card="lahmer-goblin"))  # +1 to run away from it
    t2.do(1, A.PlayCard(card="trank-der-idiotischen-tapferkeit", side="monsters"))
    t2.do(0, A.GiveUp())
    assert t2.do(0, A.RunAway(monster_index=0, die=4))[0]["escaped"] is True


def test_run_away_bonus_from_an_item_in_use_but_not_from_the_backpack():
    t = Table()
    t.equip(0, "stiefel-des-weglaufens")
    _lose_against(t, "gewaltiger-kaefer")
    assert t.do(0, A.RunAway(monster_index=0, die=3))[0]["escaped"] is True
    t2 = Table()
    t2.equip(0, "stiefel-des-weglaufens", in_use=False)
    _lose_against(t2, "gewaltiger-kaefer")
    assert t2.do(0, A.RunAway(monster_index=0, die=3))[0]["escaped"] is False


def test_die_must_be_one_to_six():
    t = Table()
    _lose_against(t, "gewaltiger-kaefer")
    t.malformed("run_away.die", 0, A.RunAway(monster_index=0, die=7))
    t.malformed("run_away.die", 0, A.RunAway(monster_index=0, die=0))


def test_each_monster_rolled_separately_in_the_runners_order():
    # "Fliehst du vor mehr als 1 Monster, würfelst du für jedes einzeln, wobei du die Reihenfolge bestimmst"
    t = Table()
    _lose_against(t, "gewaltiger-kaefer", "lahmer-goblin")
    t.do(0, A.RunAway(monster_index=1, die=6))
    t.rejects("munchkin.run.already-rolled", 0, A.RunAway(monster_index=1, die=6))
    assert t.combat is not None
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.rejects("munchkin.run.not-caught", 0, A.SufferBadStuff(monster_index=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.combat is None


def test_bad_stuff_lose_levels_never_below_one():
    # 000 SPIELVORBEREITUNGEN: "Deine Stufe kann nie unter 1 sinken."
    t = Table()
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="netztroll"))  # bad stuff: lose 2 levels
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=2))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).level == 1


def test_bad_stuff_lose_footgear_or_else_a_level():
    # The slime's printed bad stuff: "Lege das Schuhwerk, das du trägst, ab. Verliere 1 Stufe falls du keins hast"
    t = Table()
    t.set_level(0, 1)
    t.equip(0, "stiefel-des-kraeftigen-tretens")
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.do(1, A.PlayCard(card="wuetend", monster_index=0))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).items == [] and "stiefel-des-kraeftigen-tretens" in t.state.discards["treasure"]
    t2 = Table()
    t2.set_level(0, 3)
    t2.do(0, A.KickDoor(card="sabbernder-schleim"))
    t2.do(1, A.PlayCard(card="uralt", monster_index=0))
    t2.do(0, A.GiveUp())
    t2.do(0, A.RunAway(monster_index=0, die=1))
    t2.do(0, A.SufferBadStuff(monster_index=0))
    assert t2.p(0).level == 2


def test_bad_stuff_with_several_items_makes_the_victim_choose():
    t = Table()
    t.equip(0, "flammende-ruestung", "gehoernter-helm")
    t.do(0, A.KickDoor(card="lepra-chaun"))  # "Er nimmt dir einen Gegenstand"
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.rejects("munchkin.run.no-bad-stuff-choice", 0, A.SufferBadStuff(monster_index=0))
    t.rejects("munchkin.choice.not-an-option", 0, A.SufferBadStuff(monster_index=0, item="kettensaege"))
    t.do(0, A.SufferBadStuff(monster_index=0, item="gehoernter-helm"))
    assert [i.card for i in t.p(0).items] == ["flammende-ruestung"]


def test_will_not_pursue_low_levels():
    # "Plutoniumdrachen (verfolgt niemanden der Stufe 5 oder weniger)"
    t = Table()
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    effects = t.do(0, A.GiveUp())
    assert effects[0]["runs"] == {"0": {"0": "escaped"}} and t.combat is None and not t.p(0).dead


def test_raising_the_fighters_level_makes_the_dragon_pursue():
    # 000 Weitere Aktionen: "wenn z.B. ein Mitspieler gerade mit Stufe 5 vor dem Plutoniumdrachen steht
    #  ... und du ihn plötzlich und unerwartet auf Stufe 6 steigen lässt!"
    t = Table()
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(1, A.PlayCard(card="1000-goldstuecke", target_seat=0))
    assert t.p(0).level == 6
    effects = t.do(0, A.GiveUp())
    assert effects[0]["runs"] == {"0": {"0": "pending"}}
    t.do(0, A.RunAway(monster_index=0, die=3))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).dead


def test_death_keeps_race_class_level_and_loses_everything_else():
    # 000 Tod: "Du behältst deine Klasse(n), Rasse(n) und Stufen, aber du verlierst alles andere Zeug"
    t = Table()
    t.state.players[0].races = ["elf"]
    t.state.players[0].classes = ["krieger"]
    t.set_level(0, 6)
    t.equip(0, "flammende-ruestung")
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    p = t.p(0)
    assert (p.races, p.classes, p.level, p.items, p.hand_size) == (["elf"], ["krieger"], 6, [], 0)
    assert t.state.corpse["cards"] == ["flammende-ruestung"] and t.state.corpse["unknown"] == 8
    _loot_with_rolloff(t)
    # "Warst du gerade am Zug, ist der nächste Spieler an der Reihe."
    assert t.state.active == 1 and t.combat is None and t.state.corpse is None


def _loot_with_rolloff(t: Table) -> None:
    """Seats 1 and 2 (both level 1) roll for the order, then each takes a card."""
    t.rejects("munchkin.loot.roll-first", 1, A.LootCorpse(card="flammende-ruestung"))
    t.rejects("munchkin.loot.in-progress", 1, A.KickDoor(card="elf"))
    t.do(1, A.RollDie(die=2))
    t.rejects("munchkin.roll.already", 1, A.RollDie(die=6))
    t.do(2, A.RollDie(die=5))  # seat 2 rolled higher: picks first
    t.rejects("munchkin.loot.not-your-pick", 1, A.LootCorpse(card="flammende-ruestung"))
    t.do(2, A.LootCorpse(card="flammende-ruestung"))
    t.do(1, A.LootCorpse(card="elf"))  # one of the 8 unknown hand cards turns out to be an elf
    assert "flammende-ruestung" in t.p(2).hand and "elf" in t.p(1).hand


def test_dead_character_draws_four_and_four_at_the_start_of_the_next_own_turn():
    # "Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn verdeckt 4 Türkarten und 4 Schatzkarten"
    t = Table(3)
    t.set_level(0, 6)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).hand_size == 0 and t.p(0).needs_hand
    _loot_with_rolloff(t)
    for seat in (1, 2):
        t.do(seat, A.KickDoor(card="elf"))
        t.do(seat, A.EndTurn(discard=("elf",), discard_unknown=4))  # 10 cards; lowest level: discard 5
    assert t.state.active == 0 and t.p(0).hand_size == 0
    # A table with physical cards: the judge waits for the new hand and records it, unknown as at the start.
    t.rejects("munchkin.turn.draw-new-hand-first", 0, A.KickDoor(card="elf"))
    assert t.legal(0) == [A.Deal()]
    t.do(0, A.Deal())
    assert t.p(0).hand_size == 8 and t.p(0).unknown == 8 and not t.p(0).dead
    t.do(0, A.KickDoor(card="elf"))


def test_death_by_the_first_monster_ends_further_rolls():
    # "Lauten die Schlimmen Dinge des ersten Monsters „Du bist tot“, ... musst du für andere Monster nicht mehr würfeln."
    t = Table()
    t.set_level(0, 6)
    _lose_against(t, "plutoniumdrache", "gewaltiger-kaefer")
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.combat is None and t.p(0).dead


def test_looting_highest_level_first_and_the_rest_is_discarded():
    # "Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin eine Karte des
    #  getöteten Charakters aussuchen ... Nachdem jeder eine Karte erhalten hat, wird der Rest abgelegt."
    t = Table(4)
    t.set_level(0, 6)
    t.set_level(3, 4)
    t.set_level(2, 3)
    t.equip(0, "flammende-ruestung", "gehoernter-helm", "kettensaege", "stiefel-des-kraeftigen-tretens")
    t.state.players[0].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.state.corpse["order"] == [3, 2, 1]
    t.rejects("munchkin.loot.not-your-pick", 2, A.LootCorpse(card="kettensaege"))
    t.do(3, A.LootCorpse(card="kettensaege"))
    t.do(2, A.LootCorpse(card="gehoernter-helm"))
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    assert t.state.corpse is None and "stiefel-des-kraeftigen-tretens" in t.state.discards["treasure"]
    # Looted cards go to the hand and may be put in play at once (on receipt) by every looter: the
    # other looters' picks do not end that chance; the next other action does.
    assert t.p(1).received == ["flammende-ruestung"] and t.p(3).received == ["kettensaege"]
    assert "kettensaege" in t.p(3).hand
    assert t.state.active == 1
    t.do(1, A.KickDoor(card="elf"))
    assert t.p(1).received == [] and t.p(3).received == []


def test_an_empty_corpse_is_not_looted():
    # "Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt"
    t = Table()
    t.set_level(0, 6)
    t.state.players[0].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    effects = t.do(0, A.SufferBadStuff(monster_index=0))
    assert "CorpseEmpty" in t.types(effects) and t.state.corpse is None and t.state.active == 1


def test_the_dead_can_help_at_once():
    # "Dein neuer Charakter nimmt sofort wieder am Spiel teil. Du kannst ab sofort schon wieder im Kampf helfen"
    t = Table()
    t.set_level(0, 6)
    t.state.players[0].unknown = 0
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    t.set_level(1, 3)
    t.do(1, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(1, A.AskForHelp(helper=0))
    t.do(0, A.AnswerHelp(accept=True))
    assert t.combat.helper == 0 and t.strengths() == (9, 6)
