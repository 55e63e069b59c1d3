"""000 "Um Hilfe bitten" and "Gewonnen!": one helper, bribes, treasures face up,
who levels up, and running away together."""

from tests.rules.harness import A, Table


def test_sabbernder_schleim_bonus_against_elves_counts_once():
    # The seed's example: "Du stehst vor einem Sabbernden Schleim (+4 gegen Elfen), und dir hilft ein Elf.
    #  Nun steigt die Kampfstärke des Monsters um 4 – es sei denn, du bist selbst ein Elf, und die
    #  Kampfstärke hatte sich bereits erhöht, dann steigt sie nicht noch mal!"
    t = Table()
    t.state.players[1].races = ["elf"]
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    assert t.strengths() == (1, 1)
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (2, 5)  # the elf helper raises the slime by 4
    t2 = Table()
    t2.state.players[0].races = ["elf"]
    t2.state.players[1].races = ["elf"]
    t2.do(0, A.KickDoor(card="sabbernder-schleim"))
    assert t2.strengths() == (1, 5)
    t2.do(0, A.AskForHelp(helper=1))
    t2.do(1, A.AnswerHelp(accept=True))
    assert t2.strengths() == (2, 5)  # not again


def test_a_warrior_helper_wins_ties():
    # "Wenn dir ein Krieger hilft, kannst du von seiner Sonderfertigkeit profitieren, und ihr gewinnt den
    #  Kampf auch bei Gleichstand."
    t = Table()
    t.state.players[1].classes = ["krieger"]
    t.set_level(0, 3)
    t.set_level(1, 3)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.combat.ties-lose", 0, A.ClaimVictory())
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (6, 6)
    t.do(0, A.ClaimVictory())


def test_only_one_helper_and_one_open_request():
    # "Nur 1 Spieler darf dir helfen." / "Lehnt er ab, kannst du einen weiteren Spieler fragen usw."
    t = Table(4)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.help.not-yourself", 0, A.AskForHelp(helper=0))
    t.rejects("munchkin.combat.not-the-fighter", 1, A.AskForHelp(helper=2))
    t.do(0, A.AskForHelp(helper=1))
    t.rejects("munchkin.help.request-open", 0, A.AskForHelp(helper=2))
    t.rejects("munchkin.help.request-open", 0, A.GiveUp())
    t.rejects("munchkin.help.not-asked", 2, A.AnswerHelp(accept=True))
    t.do(1, A.AnswerHelp(accept=False))
    t.do(0, A.AskForHelp(helper=2))
    t.do(2, A.AnswerHelp(accept=True))
    t.rejects("munchkin.help.only-one", 0, A.AskForHelp(helper=3))


def test_bribe_with_carried_items_handed_over_on_acceptance():
    # "Du darfst ihnen einen beliebigen Gegenstand (oder mehrere) von denen anbieten, die du gerade bei dir trägst"
    t = Table()
    t.equip(0, "gehoernter-helm")
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("munchkin.help.bribe-not-carried", 0,
              A.AskForHelp(helper=1, bribe=A.Bribe(items=("flammende-ruestung",))))
    t.do(0, A.AskForHelp(helper=1, bribe=A.Bribe(items=("gehoernter-helm",))))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.p(0).items == [] and [i.card for i in t.p(1).items] == ["gehoernter-helm"]


def test_bribe_cannot_promise_more_treasures_than_the_monster_gives():
    t = Table()
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # 2 treasures
    r = t.rejects("munchkin.help.bribe-treasures", 0, A.AskForHelp(helper=1, bribe=A.Bribe(treasures=3)))
    assert r.ruling.details == {"offered": 3, "total": 2}


def _won_with_helper(t: Table, bribe: A.Bribe) -> None:
    t.set_level(0, 5)
    t.set_level(1, 6)
    t.do(0, A.KickDoor(card="netztroll"), at=0)  # level 10, 3 treasures
    t.do(0, A.AskForHelp(helper=1, bribe=bribe), at=0)
    t.do(1, A.AnswerHelp(accept=True), at=0)
    t.do(0, A.ClaimVictory(), at=0)
    t.do(None, A.ResolveCombat(), at=5000)


def test_with_a_helper_treasures_are_drawn_face_up_and_shared_as_agreed():
    # "Ziehe sie verdeckt, wenn du das Monster allein besiegt hast, oder offen, wenn du Hilfe hattest."
    # "Solltet ihr euch auf den Schatz des Monsters einigen, müsst ihr noch ausmachen, wer im Falle eines
    #  Sieges zuerst ziehen darf, du oder er"
    t = Table()
    _won_with_helper(t, A.Bribe(treasures=2, helper_picks_first=True))
    assert t.combat.stage == "treasures" and t.p(0).level == 6 and t.p(1).level == 6
    t.malformed("draw_treasures.cards", 0, A.DrawTreasures(cards=("flammende-ruestung",)))
    t.malformed("draw_treasures.cards[0]", 0, A.DrawTreasures(cards=("elf", "kettensaege", "baby")))
    t.do(0, A.DrawTreasures(cards=("flammende-ruestung", "kettensaege", "gehoernter-helm")))
    t.rejects("munchkin.treasure.not-your-pick", 0, A.PickTreasure(card="kettensaege"))
    t.do(1, A.PickTreasure(card="kettensaege"))
    t.do(0, A.PickTreasure(card="gehoernter-helm"))
    t.do(1, A.PickTreasure(card="flammende-ruestung"))
    assert t.combat is None and t.state.phase == "charity"
    assert sorted(t.p(1).hand) == ["flammende-ruestung", "kettensaege"] and t.p(0).hand == ["gehoernter-helm"]


def test_without_a_treasure_share_the_fighter_takes_them_all_face_up():
    t = Table()
    _won_with_helper(t, A.Bribe())
    t.do(0, A.DrawTreasures(cards=("flammende-ruestung", "kettensaege", "gehoernter-helm")))
    assert t.combat is None and len(t.p(0).hand) == 3 and t.p(1).hand == []


def test_only_the_fighter_levels_up_except_an_elf_helper():
    # "Nur du kannst durch das Töten eines Monsters aufsteigen. Hattest du einen Helfer, steigt dieser
    #  nicht auf (außer es ist ein Elf)!"
    t = Table()
    t.state.players[1].races = ["elf"]
    _won_with_helper(t, A.Bribe())
    assert (t.p(0).level, t.p(1).level) == (6, 7)


def test_helper_runs_too_each_rolls_separately():
    # "Hat dir jemand geholfen, muss auch er Weglaufen. Jeder von euch würfelt einzeln"
    t = Table()
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=6))
    assert t.combat is not None
    t.do(1, A.RunAway(monster_index=0, die=2))
    t.set_level(1, 3)
    t.do(1, A.SufferBadStuff(monster_index=0))  # lose 2 levels
    assert t.combat is None and t.p(1).level == 1 and t.p(0).level == 1


def test_an_eliminated_monster_leaves_the_rest_to_fight():
    # "Falls du mit passenden Karten ein einzelnes Monster eliminierst, bevor sich der Kampf entscheidet,
    #  musst du trotzdem weiterkämpfen, solange noch mindestens ein Monster da ist."
    t = Table(window_ms=0)
    t.set_level(0, 7)
    t.do(0, A.KickDoor(card="netztroll"))  # 10, 3 treasures
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="topfpflanze"))  # 1, 1 treasure
    t.do(0, A.PlayCard(card="magische-lampe", monster_index=0))  # troll leaves; its treasure stays due
    assert t.combat is not None and t.strengths() == (7, 1)
    t.do(0, A.ClaimVictory())
    # One level (only the plant was killed), 3 + 1 treasures face down.
    assert t.p(0).level == 8 and t.p(0).unknown == 8 - 1 + 4


def test_defeating_the_only_monster_without_killing_gives_no_level():
    # 001 3.a: "Kannst du das Monster besiegen oder verschwinden lassen, ohne es zu töten ...
    #  du steigst keine Stufe auf"
    t = Table()
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.PlayCard(card="verwandlungstrank", monster_index=0))  # "Kein Schatz"
    assert t.combat is None and t.p(0).level == 2 and t.p(0).unknown == 7
    assert t.state.phase == "charity"
