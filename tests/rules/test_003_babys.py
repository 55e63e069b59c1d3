"""Munchkin Babys (003) as a layer on the base game: each test names the 003
section it checks and uses 003's own examples and numbers where it prints them."""

from __future__ import annotations

from judge.cards import load_catalogue
from judge.rulesets.munchkin.ruleset import _Tx
from tests.rules.harness import A, Table

# 003 names these cards without printing their numbers: a group adds them as custom cards
# (docs/rules.md, decisions). The levels are the group's.
LIDLOSE_PUPPE = {"id": "lidlose-puppe", "name": "Lidlose Puppe", "set": "babys", "deck": "door", "kind": "monster",
                 "level": 10, "treasures": 3, "bad_stuff": {},
                 "bonuses": [{"against": "class:zauberschueler", "amount": -4}]}
VANISH = {"id": "wegpusten", "name": "Wegpusten", "deck": "treasure", "kind": "one_shot", "eliminates_monster": True}
UNDEAD_MAKER = {"id": "gruselmaske", "name": "Gruselmaske", "deck": "door", "kind": "monster_enhancer",
                "undead": True, "bonus": 2}


def babys(**kw: object) -> Table:
    return Table(ruleset="babys", **kw)  # type: ignore[arg-type]


def _reading(t: Table) -> _Tx:
    return _Tx(t.rules, t.state, t.ctx())


# ------------------------------------------------------------------ Spielmaterial


def test_spielmaterial_a_babys_game_knows_003s_cards_and_the_base_cards():
    """003 "Spielmaterial": "Dieses Basisspiel nutzt dieselben Rückseiten wie Munchkin." The cards 003
    prints, with their printed numbers; the base game does not know them."""
    t = babys()
    cards = t.rules.catalogue()
    imp = cards["impfgegner"]
    assert (imp.level, imp.levels, imp.treasures, imp.undead) == (16, 2, 1, True)
    assert [(b.against, b.amount) for b in imp.bonuses] == [(("class:scheinheiliger",), -3)]
    assert imp.bad_stuff is not None and (imp.bad_stuff.lose_race, imp.bad_stuff.lose_levels) == (True, 1)
    shield, walker = cards["schild-des-nickerchens"], cards["aufgemotzte-lauflernhilfe"]
    assert (shield.bonus, shield.slot, shield.value) == (3, "1hand", 400)
    assert (walker.bonus, walker.slot, walker.big, walker.value) == (3, "armor", True, 400)
    assert (cards["haggis-purree"].bonus, cards["haggis-purree"].value) == (3, 100)
    assert (cards["abgelenkt"].bonus, cards["abgelenkt"].extra_treasures) == (10, 2)
    assert "sabbernder-schleim" in cards and set(load_catalogue("babys")) <= set(cards)
    Table().rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="impfgegner"))


# ------------------------------------------------------------------ Babys und Munchkin


def test_babys_und_munchkin_an_elfling_uses_what_only_elves_may():
    """003 "Babys und Munchkin": "Alle Regeln und Einschränkungen für Elfen gelten also auch für Elflinge, die
    für Diebe auch für Krümeldiebe, die für Krieger auch für Wadenbeißer usw." A Wadenbeißer uses the
    warriors' Ganzkörper-Schild, a Krümeldieb the thieves' Dolch, and Sabbernder Schleim's +4 against elves
    hits an Elfling."""
    t = babys()
    t.state.players[0].classes = ["wadenbeisser"]
    t.state.players[1].classes = ["kruemeldieb"]
    t.state.players[2].races = ["elfling"]
    t.equip(0, "ganzkoerper-schild")
    t.equip(1, "dolch-des-verrats")
    t.equip(2, "dolch-des-verrats")
    r = _reading(t)
    assert [t.rules.power(r, s) for s in range(3)] == [1 + 4, 1 + 3, 1]
    t.state.active = 2
    t.do(2, A.KickDoor(card="sabbernder-schleim"))
    assert t.strengths() == (1, 1 + 4)


def test_babys_und_munchkin_the_principle_runs_from_the_classic_to_the_babies():
    """003 "Babys und Munchkin": the rules for Elfen hold for Elflinge, not the reverse: Impfgegner's
    "-3 gegen Scheinheilige" does not touch a classic Priester, but does a Scheinheiliger (who also counts as
    a Priester)."""
    t = babys()
    t.set_level(0, 9)
    t.state.players[0].classes = ["priester"]
    t.do(0, A.KickDoor(card="impfgegner"))
    assert t.strengths() == (9, 16)
    t.state.players[0].classes = ["scheinheiliger"]
    assert t.strengths() == (9, 16 - 3)
    assert t.rules.has_trait(_reading(t), t.p(0), "class:priester")


# ------------------------------------------------------------------ Gewonnen!


def test_gewonnen_an_elfling_helper_gains_a_level_per_monster_killed():
    """003 "Gewonnen!": "Hattest du einen Helfer, steigt dieser nicht auf, es sei denn dir hat ein Elfling
    geholfen. Elflinge steigen für jedes Monster, das sie als Helfer erschlagen haben, 1 Stufe auf." """
    t = babys(window_ms=0)
    t.state.players[1].races = ["elfling"]
    t.state.players[2].races = ["giftzwerg"]
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="sabbernder-schleim"))  # 1, +4 against elves once the Elfling helps
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (6, 5)
    t.do(0, A.ClaimVictory())
    assert (t.p(0).level, t.p(1).level) == (6, 2)
    # A helper who is not an elf gains nothing.
    u = babys(window_ms=0)
    u.state.players[2].races = ["giftzwerg"]
    u.set_level(0, 5)
    u.do(0, A.KickDoor(card="sabbernder-schleim"))
    u.do(0, A.AskForHelp(helper=2))
    u.do(2, A.AnswerHelp(accept=True))
    u.do(0, A.ClaimVictory())
    assert (u.p(0).level, u.p(2).level) == (6, 1)


def test_gewonnen_no_treasure_without_a_kill_unless_the_card_says():
    """003 "Gewonnen!": "Wenn du das Monster anders als durch Töten besiegt hast, erhältst du keinen Schatz –
    es sei denn auf der Karte steht es anders." Impfgegner's card says "Falls das Monster besiegt wird, erhält
    jeder 1 Schatz!": its 1 treasure is drawn; Netztroll's card says nothing: none, and no level either."""
    t = babys(window_ms=0, custom=(VANISH,))
    t.do(0, A.KickDoor(card="impfgegner"))
    t.do(0, A.PlayCard(card="wegpusten", monster_index=0))
    assert t.combat is None and t.p(0).level == 1 and t.p(0).unknown == 8 - 1 + 1
    assert t.p(1).unknown == t.p(2).unknown == 8 + 1  # "erhält jeder 1 Schatz"
    u = babys(window_ms=0, custom=(VANISH,))
    u.do(0, A.KickDoor(card="netztroll"))
    u.do(0, A.PlayCard(card="wegpusten", monster_index=0))
    assert u.combat is None and u.p(0).level == 1 and u.p(0).unknown == 8 - 1
    # The base game keeps 000's reading: "egal, ob du das Monster getötet oder anders eliminiert hast": the
    # monster's treasure is drawn whatever card removed it (the Babys card's own bonus for everyone aside).
    b = Table(window_ms=0, custom=(VANISH, load_catalogue("babys")["impfgegner"].to_dict()))
    b.do(0, A.KickDoor(card="impfgegner"))
    b.do(0, A.PlayCard(card="wegpusten", monster_index=0))
    assert b.p(0).unknown == 8 - 1 + 1


# ------------------------------------------------------------------ Phase 4: Milde Gabe, Gegenstände (Giftzwerg)


def test_milde_gabe_a_giftzwerg_keeps_six_cards_and_carries_big_items():
    """003 "Phase 4: Milde Gabe": "(Giftzwerge dürfen 6 Karten behalten.)"; Giftzwerg: "Kräftig: Du kannst eine
    beliebige Anzahl Großer Gegenstände tragen. Einfallsreich: Du darfst 6 Karten auf deiner Hand haben." """
    t = babys()
    r = _reading(t)
    t.state.players[0].races = ["giftzwerg"]
    assert (t.rules.hand_limit(r, t.p(0)), t.rules.hand_limit(r, t.p(1))) == (6, 5)
    assert t.rules.big_item_limit(r, t.p(0)) is None and t.rules.big_item_limit(r, t.p(1)) == 1
    t.give(0, "aufgemotzte-lauflernhilfe", "ganzkoerper-schild")
    t.do(0, A.PlayCard(card="aufgemotzte-lauflernhilfe"))
    t.do(0, A.PlayCard(card="ganzkoerper-schild"))
    assert {i.card for i in t.p(0).items} == {"aufgemotzte-lauflernhilfe", "ganzkoerper-schild"}
    t.give(1, "aufgemotzte-lauflernhilfe")
    t.equip(1, "ganzkoerper-schild")
    t.state.active = 1
    t.rejects("munchkin.item.one-big", 1, A.PlayCard(card="aufgemotzte-lauflernhilfe"))


# ------------------------------------------------------------------ Krümeldieb


def test_kruemeldieb_backstabs_each_fighter_once_per_combat():
    """Krümeldieb (003): "Lege 1 Karte ab, um einem anderen Spieler in den Rücken zu fallen (-2 im Kampf). Das
    darfst du nur 1x pro Opfer pro Kampf tun, aber falls 2 Spieler zusammen gegen 1 Monster kämpfen, darfst du
    beiden in den Rücken fallen." 003 "Weitere Aktionen im Kampf": only a player in the fight."""
    t = babys()
    t.state.players[2].classes = ["kruemeldieb"]
    t.set_level(0, 6)
    t.set_level(1, 3)
    t.do(0, A.KickDoor(card="netztroll"))  # 10
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (9, 10)
    t.do(2, A.UseAbility(ability="backstab", target_seat=0, discard_unknown=1))
    t.rejects("munchkin.ability.used-up", 2, A.UseAbility(ability="backstab", target_seat=0, discard_unknown=1))
    t.do(2, A.UseAbility(ability="backstab", target_seat=1, discard_unknown=1))
    assert t.strengths() == (9 - 2 - 2, 10)
    u = babys()
    u.state.players[2].classes = ["kruemeldieb"]
    u.do(0, A.KickDoor(card="netztroll"))
    u.rejects("babys.thief.backstab-target", 2, A.UseAbility(ability="backstab", target_seat=1, discard_unknown=1))


def test_rassen_klassen_a_kruemeldieb_never_steals_once_the_monster_is_turned_up():
    """003 "Rassen / Klassen": "Beachte, dass ein Krümeldieb nicht stehlen darf, wenn er oder sein Ziel sich im
    Kampf befindet – sobald das Monster aufgedeckt wird, läuft der Kampf!" Diebstahl: "Bei einer 4 oder mehr
    gelingt es. Ansonsten wirst du verhauen und verlierst 1 Stufe." """
    t = babys()
    t.state.players[2].classes = ["kruemeldieb"]
    t.set_level(2, 3)
    t.equip(1, "dolch-des-verrats", "flammende-ruestung")
    t.do(0, A.KickDoor(card="netztroll"))
    t.rejects("babys.thief.no-stealing-in-combat", 2,
              A.UseAbility(ability="steal", target_seat=1, item="dolch-des-verrats", discard_unknown=1, die=6))
    t.state.combat = None
    t.do(2, A.UseAbility(ability="steal", target_seat=1, item="dolch-des-verrats", discard_unknown=1, die=4))
    assert "dolch-des-verrats" in {i.card for i in t.p(2).items} and t.p(2).level == 3
    t.do(2, A.UseAbility(ability="steal", target_seat=1, item="flammende-ruestung", discard_unknown=1, die=3))
    assert "flammende-ruestung" in {i.card for i in t.p(1).items} and t.p(2).level == 2


# ------------------------------------------------------------------ Um Hilfe bitten: Lidlose Puppe


def test_um_hilfe_bitten_lidlose_puppe_minus_four_against_zauberschueler_applies_once():
    """003 "Um Hilfe bitten": "Du stehst vor der Lidlosen Puppe (-4 gegen Zauberschüler), und dir hilft ein
    Zauberschüler.. Nun sinkt die Kampfstärke des Monsters um 4 – es sei denn, du bist selbst ein
    Zauberschüler, und die Kampfstärke hatte sich bereits verringert, dann sinkt sie nicht noch mal! Wenn dir
    ein Wadenbeißer hilft, ... ihr gewinnt den Kampf auch bei Gleichstand." """
    t = babys(window_ms=0, custom=(LIDLOSE_PUPPE,))
    t.set_level(0, 4)
    t.set_level(1, 2)
    t.do(0, A.KickDoor(card="lidlose-puppe"))
    assert t.strengths() == (4, 10)
    t.state.players[1].classes = ["zauberschueler"]
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (6, 10 - 4)
    t.state.players[0].classes = ["zauberschueler"]
    assert t.strengths() == (6, 10 - 4)  # not a second time
    # A Wadenbeißer helper: 6 against 6 wins.
    u = babys(window_ms=0, custom=(LIDLOSE_PUPPE,))
    u.set_level(0, 4)
    u.set_level(1, 2)
    u.state.players[0].classes = ["zauberschueler"]
    u.state.players[1].classes = ["wadenbeisser"]
    u.do(0, A.KickDoor(card="lidlose-puppe"))
    assert u.strengths() == (4, 6)
    u.do(0, A.AskForHelp(helper=1))
    u.do(1, A.AnswerHelp(accept=True))
    assert u.strengths() == (6, 6)
    u.do(0, A.ClaimVictory())
    assert u.p(0).level == 5


# ------------------------------------------------------------------ Halb-Blut, Super Munchkin


def test_halb_blut_with_one_race_has_none_of_the_disadvantages():
    """003 Halb-Blut: "Oder du darfst 1 Rassenkarte haben und hast alle Vorteile, aber keine der Nachteile
    (z.B. Monster, die Elflinge hassen, haben diesen Bonus nicht gegen Halb-Elflinge)." With two races: "alle
    Vor- und Nachteile von beiden"."""
    t = babys()
    t.state.players[0].races = ["elfling"]
    t.do(0, A.KickDoor(card="sabbernder-schleim"))  # 1, +4 against elves
    assert t.strengths() == (1, 5)
    t.state.players[0].table.append("babys-halb-blut")
    assert t.strengths() == (1, 1)
    t.state.players[0].races = ["elfling", "giftzwerg"]
    assert t.strengths() == (1, 5)


def test_super_munchkin_with_one_class_keeps_the_advantages():
    """003 Super Munchkin: "hast alle Vorteile, aber keine Nachteile der Klasse (z.B. Monster, die
    Scheinheilige hassen, werden diesen Bonus nicht gegen einen Super-Scheinheiligen haben)": a penalty a
    monster has against the class (Impfgegner: "-3 gegen Scheinheilige") still counts; a bonus does not."""
    t = babys(custom=({"id": "scheinheiligen-hasser", "name": "Hasser", "deck": "door", "kind": "monster",
                       "level": 6, "bad_stuff": {}, "bonuses": [{"against": "class:priester", "amount": 5}]},))
    t.set_level(0, 9)
    t.state.players[0].classes = ["scheinheiliger"]
    t.state.players[0].table.append("babys-super-munchkin")
    t.do(0, A.KickDoor(card="impfgegner"))
    assert t.strengths() == (9, 13)
    t.state.combat = None
    t.state.phase = "start"
    t.state.turn_flags = []
    t.do(0, A.KickDoor(card="scheinheiligen-hasser"))
    assert t.strengths() == (9, 6)
    t.state.players[0].table.remove("babys-super-munchkin")
    assert t.strengths() == (9, 11)


# ------------------------------------------------------------------ Untote Monster


def test_untote_monster_an_undead_monster_follows_an_undead_one_without_a_wandering_monster():
    """003 "Untote Monster": "Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne
    dass dafür eine Wanderndes Monster-Karte benötigt wird." 003 "Weitere Aktionen im Kampf": also in the
    combats of others."""
    t = babys()
    t.give(1, "impfgegner", "netztroll")
    t.rejects("munchkin.timing.monster", 1, A.PlayCard(card="impfgegner"))  # no combat at all
    t.do(0, A.KickDoor(card="netztroll"))
    t.rejects("babys.undead.nothing-to-follow", 1, A.PlayCard(card="impfgegner"))
    u = babys()
    u.give(1, "impfgegner", "netztroll")
    u.do(0, A.KickDoor(card="koenig-tut"))  # 16, undead
    u.rejects("babys.undead.not-undead", 1, A.PlayCard(card="netztroll"))
    u.do(1, A.PlayCard(card="impfgegner"))
    assert [m.card for m in u.combat.monsters] == ["koenig-tut", "impfgegner"]
    assert u.strengths() == (1, 16 + 16)
    # The base game has no such rule.
    b = Table(custom=(load_catalogue("babys")["impfgegner"].to_dict(),))
    b.give(1, "impfgegner")
    b.do(0, A.KickDoor(card="koenig-tut"))
    b.rejects("munchkin.timing.monster", 1, A.PlayCard(card="impfgegner"))


def test_untote_monster_a_card_that_makes_a_monster_undead_lets_it_follow():
    """003 "Untote Monster": "Wenn du eine Karte hast, die verwendet werden kann, um ein Monster Untot zu
    machen, kannst du sie zusammen mit einem nicht Untoten Monster ausspielen, um diese Regel zu nutzen." """
    t = babys(custom=(UNDEAD_MAKER,))
    t.give(1, "netztroll", "gruselmaske", "abgelenkt")
    t.do(0, A.KickDoor(card="impfgegner"))
    t.malformed("play_card.with_card", 1, A.PlayCard(card="netztroll", with_card="abgelenkt"))
    t.do(1, A.PlayCard(card="netztroll", with_card="gruselmaske"))
    assert [m.card for m in t.combat.monsters] == ["impfgegner", "netztroll"]
    assert t.strengths() == (1, 16 + 10 + 2)
    assert t.rules.is_undead(_reading(t), 1)


# ------------------------------------------------------------------ Spielende, Flüche, one-shots


def test_spielende_level_ten_only_by_a_kill_in_003s_words():
    """003 "Spielende": "Würde ein Spieler durch etwas anderes auf Stufe 10 steigen, bleibt er auf Stufe 9, es
    sei denn, eine Karte besagt explizit etwas anderes." Der nächste Meilenstein says nothing of level 10."""
    t = babys(window_ms=0)
    t.set_level(1, 9)
    t.give(1, "der-naechste-meilenstein")
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="sabbernder-schleim"))
    t.do(0, A.ClaimVictory())  # "nur nach einem Kampf"
    t.rejects("babys.level.tenth-only-by-kill", 1, A.PlayCard(card="der-naechste-meilenstein"))
    b = Table()
    b.set_level(0, 9)
    b.give(0, "1000-goldstuecke")
    b.rejects("munchkin.level.tenth-only-by-kill", 0, A.PlayCard(card="1000-goldstuecke"))


def test_fluche_a_lasting_curse_pays_for_no_ability():
    """003 "Flüche": "Nein, Flüche, die du zur Erinnerung vor dir ausliegen hast, kannst du nicht einsetzen, um
    damit Klassen- oder Rassenfähigkeiten auszulösen. Aber guter Versuch!" """
    t = babys()
    t.state.players[2].classes = ["kruemeldieb"]
    t.do(1, A.PlayCard(card="huhn-auf-deinem-kopf", target_seat=2))
    assert "huhn-auf-deinem-kopf" in t.p(2).table
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.rejects("babys.curse.lasting-pays-nothing", 2,
              A.UseAbility(ability="backstab", target_seat=0, discard_from_table=("huhn-auf-deinem-kopf",)))
    # Discarding it at will is the base ruling (003 repeats 000: it stays "bis du sie loswirst").
    t.do(2, A.UseAbility(ability="backstab", target_seat=0, discard_unknown=1))


def test_weitere_aktionen_a_one_shot_is_discarded_when_the_combat_is_over():
    """003 "Weitere Aktionen im Kampf": "Sobald der Kampf vorbei ist oder der Effekt der Karte eingetreten ist,
    wird sie abgelegt." Haggis-Püree: "+3 für eine Seite, egal welche." """
    t = babys(window_ms=0)
    t.set_level(0, 8)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(1, A.PlayCard(card="haggis-purree", side="players"))
    assert t.strengths() == (11, 10) and "haggis-purree" not in t.state.discards["treasure"]
    t.do(0, A.ClaimVictory())
    assert t.state.discards["treasure"].count("haggis-purree") == 1


# ------------------------------------------------------------------ Verloren!: bad stuff until the next turn

MUEDE = {"id": "quengelmonster", "name": "Quengelmonster", "deck": "door", "kind": "monster", "level": 4,
         "treasures": 1, "bad_stuff": {"lose_levels": 1, "lasting": True, "until": "next-turn",
                                       "combat_modifier": -2}}


def test_verloren_bad_stuff_lasts_until_the_start_of_the_victims_next_turn():
    """003 "Verloren!": "Scheitert das Weglaufen, so tut das Monster dir Schlimme Dinge an, wie sie auf der Karte
    beschrieben werden. Das kann bedeuten, dass du bis zum Beginn deines nächsten Zuges irgendwas Bescheuertes
    tun musst." A card whose bad stuff is -2 until then: it counts in a combat Ben helps in, then ends."""
    from judge.rules import Viewer

    t = babys(window_ms=0, custom=(MUEDE,))
    t.set_level(1, 3)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=6))
    t.do(0, A.EndTurn(discard_unknown=3))
    t.do(1, A.KickDoor(card="quengelmonster"))
    t.do(1, A.GiveUp())
    t.do(1, A.RunAway(monster_index=0, die=1))
    t.do(1, A.SufferBadStuff(monster_index=0))
    assert t.p(1).level == 2
    assert t.rules.view(t.state, Viewer("seat", 0))["lingering_bad_stuff"] == [
        {"seat": 1, "card": "quengelmonster", "combat_modifier": -2}]
    t.do(1, A.EndTurn(gifts=(A.CharityGift(0, (), 2), A.CharityGift(2, (), 1))))  # to the lowest, 0 and 2
    t.set_level(2, 2)
    t.do(2, A.KickDoor(card="lahmer-goblin"))
    t.do(2, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths() == (2 + 2 - 2, 1)
    t.do(2, A.ClaimVictory())
    t.do(2, A.DrawTreasures(cards=("haggis-purree",)))
    t.do(2, A.EndTurn(gifts=(A.CharityGift(0, (), 5),)))  # 8 + 1 + 1 = 10 cards: 5 to Anna, the lowest
    assert t.state.active == 0 and len(t.state.lingering) == 1  # Anna's turn: still lasting
    t.do(0, A.KickDoor(card="elf"))
    t.do(0, A.LootRoom())
    t.do(0, A.EndTurn(discard=("elf",), discard_unknown=t.p(0).hand_size - 5 - 1))
    assert t.state.active == 1 and t.state.lingering == []  # Ben's next turn has begun
    assert t.rules.view(t.state, Viewer("seat", 0))["lingering_bad_stuff"] == []
    # The base game knows no such bad stuff: only the level goes.
    b = Table(window_ms=0, custom=(MUEDE,))
    b.do(0, A.KickDoor(card="quengelmonster"))
    b.do(0, A.GiveUp())
    b.do(0, A.RunAway(monster_index=0, die=1))
    b.do(0, A.SufferBadStuff(monster_index=0))
    assert not hasattr(b.state, "lingering") and "lingering_bad_stuff" not in b.rules.view(b.state, Viewer("seat", 0))


def test_untote_monster_the_legal_actions_offer_the_undead_follower_and_the_card_that_makes_one():
    """003 "Untote Monster": both ways in are listed as legal for a player holding the cards."""
    t = babys(custom=(UNDEAD_MAKER,))
    t.give(1, "impfgegner", "netztroll", "gruselmaske")
    t.do(0, A.KickDoor(card="koenig-tut"))
    t.state.players[1].unknown = 0
    legal = t.legal(1)
    assert A.PlayCard(card="impfgegner") in legal
    assert A.PlayCard(card="netztroll", with_card="gruselmaske") in legal
    assert A.PlayCard(card="netztroll") not in legal


def test_impfgegner_bad_stuff_takes_the_race_and_halb_blut_goes_with_it():
    """Impfgegner (003): "Schlimme Dinge: Verliere deine Rasse und 1 Stufe." Halb-Blut (003): "Verliere diese
    Karte, wenn du deine Rassenkarte(n) verlierst." """
    t = babys(window_ms=0)
    t.set_level(0, 4)
    t.state.players[0].races = ["elfling"]
    t.state.players[0].table.append("babys-halb-blut")
    t.do(0, A.KickDoor(card="impfgegner"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=4))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert (t.p(0).races, t.p(0).table, t.p(0).level) == ([], [], 3)


def test_spielende_a_card_that_says_so_explicitly_gives_level_ten_to_a_scheinheiliger():
    """003 "Spielende": "... es sei denn, eine Karte besagt explizit etwas anderes": Göttliche Intervention
    ("dies kann das Spiel beenden") raises a Scheinheiliger at 9, who counts as a Priester, to 10 and he wins."""
    t = babys()
    t.state.players[2].classes = ["scheinheiliger"]
    t.set_level(2, 9)
    effects = t.do(0, A.KickDoor(card="goettliche-intervention"))
    assert t.p(2).level == 10 and effects[-1] == {"type": "GameWon", "winners": [2]}
