"""000, read to the letter once more (issue "To the letter, every set", the base game's points): cards
of a set the game does not include, a monster that leaves unkilled, an empty corpse, the dead
character's new hand, the runner's order and forecast, the reason a roll is refused, Super Munchkin
outside one's turn, the organizer's adjustment during a choice, and the quotes of three rulings."""

from tests.rules.harness import A, Table


# ------------------------------------------------------------------ 000 "SPIELMATERIAL": every set alike

def test_spielmaterial_a_card_of_any_other_set_gets_the_same_ruling():
    # "Dieses Spiel beinhaltet 168 Karten": a Star card in a base game is refused as a Babys card is, with
    # its set named, not as an unknown card.
    t = Table()
    r = t.rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="cyberdeck"))
    assert r.ruling.details == {"card": "cyberdeck", "set": "star"}
    r = t.rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="haggis-purree"))
    assert r.ruling.details == {"card": "haggis-purree", "set": "babys"}
    # A Star game refuses a Babys card the same way; a Babys game a Star card.
    r = Table(ruleset="star").rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="haggis-purree"))
    assert r.ruling.details == {"card": "haggis-purree", "set": "babys"}
    r = Table(ruleset="babys").rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="cyberdeck"))
    assert r.ruling.details == {"card": "cyberdeck", "set": "star"}
    t.malformed("reveal_card.card", 1, A.RevealCard(card="no-such-card"))


# ------------------------------------------------------------------ 000 "SPIELVORBEREITUNGEN": the organizer acts

def test_goldene_regel_the_organizer_adjusts_while_a_victim_owes_a_choice():
    # "wobei der Besitzer des Spiels das letzte Wort hat": a victim who does not choose is overruled.
    t = Table()
    t.equip(2, "flammende-ruestung", "gehoernter-helm")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    assert t.state.choice is not None and t.state.choice.seat == 2
    t.rejects("munchkin.choice.pending", 0, A.KickDoor(card="elf"))
    t.do(None, A.RecordAdjustment(reason="Sitz 2 wählt nicht: der Helm geht", target_seat=2,
                                       card="fluch-verliere-einen-gegenstand", discard=("gehoernter-helm",)))
    assert t.state.choice is None and [i.card for i in t.p(2).items] == ["flammende-ruestung"]
    t.do(0, A.KickDoor(card="elf"))  # the game goes on


def test_goldene_regel_an_adjustment_about_something_else_keeps_the_choice_owed():
    t = Table()
    t.equip(2, "flammende-ruestung", "gehoernter-helm")
    t.do(1, A.PlayCard(card="fluch-verliere-einen-gegenstand", target_seat=2))
    t.do(None, A.RecordAdjustment(reason="Kartentext", target_seat=0, set_level=3))
    assert t.p(0).level == 3 and t.state.choice is not None and t.state.choice.seat == 2
    t.do(2, A.ChooseCard(card="gehoernter-helm"))
    assert [i.card for i in t.p(2).items] == ["flammende-ruestung"]


def test_goldene_regel_the_organizer_adjusts_while_a_curse_waits_for_its_answer():
    t = Table()
    t.do(0, A.KickDoor(card="fluch-verliere-einen-gegenstand"))
    assert t.state.pending_curse is not None
    t.do(None, A.RecordAdjustment(reason="Kartentext", target_seat=1, set_level=2))
    assert t.p(1).level == 2 and t.state.pending_curse is not None


# ------------------------------------------------------------------ quotes that carry their rulings

def test_the_quotes_of_three_rulings_say_what_the_ruling_rests_on():
    from judge.rules.ruling import RULES

    # The hand is given away at charity, not discarded at will.
    discard = RULES["munchkin.discard.not-from-hand"].citation
    assert discard.section == "Phase 4: Milde Gabe" and "gib so viele Karten an den Spieler" in discard.quote
    assert "Ablegen kannst du jede Karte im Spiel oder von deiner Hand" not in discard.quote
    # A curse acts at once: nothing else goes before its victim's choice.
    assert "Ein Fluch wirkt immer sofort auf sein Opfer" in RULES["munchkin.choice.pending"].citation.quote
    # The monster row keeps the clause Star's undead rule depends on.
    assert "Während einer Kampfphase mit Spezialregeln" in RULES["munchkin.timing.monster"].citation.quote


# ------------------------------------------------------------------ 000 "Gewonnen!": eliminated, not killed

def test_gewonnen_a_monster_eliminated_without_a_kill_still_gives_its_treasures():
    # "Ziehe so viele Schatzkarten, wie auf der Monstercard angegeben ... – egal, ob du das Monster getötet
    #  oder anders eliminiert hast." A one-shot that only says a monster leaves (a group's card) gives the
    #  Netztroll's 3 treasures, and no level ("nie für ein Monster auf, das du besiegt hast, ohne es zu töten").
    gone = {"id": "t-weg", "name": "Weg damit", "deck": "treasure", "kind": "one_shot", "eliminates_monster": True,
            "set": "t"}
    t = Table(custom=(gone,))
    t.set_level(0, 2)
    t.do(0, A.KickDoor(card="netztroll"))  # 3 treasures
    t.give(0, "t-weg")
    t.do(0, A.PlayCard(card="t-weg", monster_index=0))
    assert t.combat is None and t.p(0).level == 2 and t.p(0).unknown == 7 + 3
    # Cards beat rules: Verwandlungstrank says "Kein Schatz".
    t2 = Table()
    t2.do(0, A.KickDoor(card="netztroll"))
    t2.do(0, A.PlayCard(card="verwandlungstrank", monster_index=0))
    assert t2.combat is None and t2.p(0).unknown == 7


def test_gewonnen_eliminated_monster_among_others_gives_its_treasures_on_the_win():
    # 000 "Weitere Aktionen im Kampf": "Verlierst du in einem solchen Fall den Kampf, bekommst du für das
    #  eliminierte Monster keinen Schatz" -- winning, you do.
    gone = {"id": "t-weg", "name": "Weg damit", "deck": "treasure", "kind": "one_shot", "eliminates_monster": True,
            "set": "t"}
    t = Table(window_ms=0, custom=(gone,))
    t.set_level(0, 7)
    t.do(0, A.KickDoor(card="netztroll"))  # 10, 3 treasures
    t.do(1, A.PlayCard(card="wanderndes-monster", with_card="topfpflanze"))  # 1, 1 treasure
    t.give(0, "t-weg")
    t.do(0, A.PlayCard(card="t-weg", monster_index=0))
    t.do(0, A.ClaimVictory())
    assert t.p(0).level == 8 and t.p(0).unknown == 7 + 3 + 1


def test_gewonnen_babys_keeps_no_treasure_without_a_kill():
    # 003 "Gewonnen!": "Wenn du das Monster anders als durch Töten besiegt hast, erhältst du keinen Schatz –
    #  es sei denn auf der Karte steht es anders."
    gone = {"id": "t-weg", "name": "Weg damit", "deck": "treasure", "kind": "one_shot", "eliminates_monster": True,
            "set": "t"}
    t = Table(ruleset="babys", custom=(gone,))
    t.do(0, A.KickDoor(card="netztroll"))
    t.give(0, "t-weg")
    t.do(0, A.PlayCard(card="t-weg", monster_index=0))
    assert t.combat is None and t.p(0).unknown == 7


# ------------------------------------------------------------------ 000 "Tod": an empty corpse

def _dead_with(t: Table, unknown: int, *items: str) -> None:
    """Seat 0 at level 6 dies to the Plutoniumdrache holding ``unknown`` unidentified cards and ``items``."""
    t.set_level(0, 6)
    t.set_level(1, 3)
    t.set_level(2, 2)
    t.state.players[0].unknown = unknown
    t.equip(0, *items)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.state.corpse is not None


def test_tod_a_looter_who_finds_the_corpse_empty_passes_and_the_loot_ends():
    # "Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt, dann gehen einige Spieler leer aus."
    # The judge counted 2 cards in the dead hand; the table finds none left after the first pick.
    t = Table()
    _dead_with(t, 2)
    assert A.LootCorpse() in t.legal(1)
    t.do(1, A.LootCorpse(card="elf"))
    effects = t.do(2, A.LootCorpse())
    assert t.types(effects)[:2] == ["LootPassed", "CorpseDiscarded"]
    assert t.state.corpse is None and t.state.active == 1 and t.p(2).hand_size == 8
    t.do(1, A.KickDoor(card="zwerg"))  # the next turn goes on


def test_tod_a_looter_may_not_pass_while_a_card_the_judge_knows_lies_there():
    t = Table()
    _dead_with(t, 1, "flammende-ruestung")
    r = t.rejects("munchkin.loot.cards-left", 1, A.LootCorpse())
    assert r.ruling.details == {"cards": "flammende-ruestung"}
    assert A.LootCorpse() not in t.legal(1)
    t.do(1, A.LootCorpse(card="flammende-ruestung"))
    t.do(2, A.LootCorpse())  # the one unidentified card is not there: nothing left
    assert t.state.corpse is None


# ------------------------------------------------------------------ 000 "Verloren!": who runs, in whose order

def _dragon_and_goblin(helper_level: int | None = None) -> Table:
    """Seat 0 at level 5 against the Plutoniumdrache (pursues nobody of level 5 or less) and a Lahmer Goblin
    (+1 to run away) brought by a Wanderndes Monster; seat 1 helps at ``helper_level``."""
    t = Table()
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="plutoniumdrache"))
    if helper_level is not None:
        t.set_level(1, helper_level)
        t.do(0, A.AskForHelp(helper=1))
        t.do(1, A.AnswerHelp(accept=True))
    t.do(2, A.PlayCard(card="wanderndes-monster", with_card="lahmer-goblin"))
    return t


def _runs(t: Table) -> dict[tuple[int, int], tuple[bool, int]]:
    from judge.rules import Viewer

    forecast = t.rules.analysis(t.state, Viewer("seat", 2))["forecast"]
    return {(r["seat"], r["monster"]): (r["pursues"], r["needs"]) for r in forecast["runs"]}


def test_verloren_the_forecast_lists_the_helper_who_must_run_too():
    # "Hat dir jemand geholfen, muss auch er Weglaufen. Jeder von euch würfelt einzeln, denn das Monster kann
    #  jeden von euch fangen." The level-6 helper is pursued by the dragon (a 5 escapes), the level-5 fighter
    #  is not; the Lahmer Goblin's +1 lets a 4 escape for both.
    t = _dragon_and_goblin(helper_level=6)
    expected = {(0, 0): (False, 0), (1, 0): (True, 5), (0, 1): (True, 4), (1, 1): (True, 4)}
    assert _runs(t) == expected
    t.do(0, A.GiveUp())
    assert _runs(t) == expected  # still told while the runners roll


def test_verloren_only_the_runners_roll_and_order_their_runs():
    # "wobei du die Reihenfolge bestimmst, in der gewürfelt wird. Du bestimmst auch die Reihenfolge, in der du
    #  die Schlimmen Dinge von jedem Monster abbekommst": nobody else rolls or takes bad stuff for a runner.
    t = _dragon_and_goblin(helper_level=6)
    t.do(0, A.GiveUp())
    r = t.rejects("munchkin.run.not-a-runner", 2, A.RunAway(monster_index=1, die=6))
    assert r.ruling.details == {"seats": "0, 1"}
    t.rejects("munchkin.run.not-a-runner", 2, A.SufferBadStuff(monster_index=1))
    t.do(1, A.RunAway(monster_index=1, die=1))  # the helper starts with the goblin
    t.do(1, A.SufferBadStuff(monster_index=1))
    assert t.p(1).level == 5


def test_verloren_a_monster_that_does_not_pursue_you_is_not_rolled_against():
    # A fighter at level 5 against the Plutoniumdrache plus a Lahmer Goblin: the dragon does not pursue him;
    # a roll against it is refused for that reason, not as "already rolled" (001 "3. Kampf": "oder bei 6 für
    # den, den das Monster nicht verfolgt").
    t = _dragon_and_goblin()
    t.do(0, A.GiveUp())
    r = t.rejects("munchkin.run.not-pursued", 0, A.RunAway(monster_index=0, die=3))
    assert r.ruling.details == {"card": "plutoniumdrache"}
    assert "does not pursue you" in r.ruling.explanation("en")
    t.do(0, A.RunAway(monster_index=1, die=3))  # 3 + 1 against the goblin: caught
    t.rejects("munchkin.run.already-rolled", 0, A.RunAway(monster_index=1, die=6))
    t.do(0, A.SufferBadStuff(monster_index=1))
    assert t.combat is None and t.p(0).level == 4


# ------------------------------------------------------------------ 000 "Rassen / Klassen": Super Munchkin

def test_super_munchkin_outside_the_own_turn_comes_with_its_class_or_not_at_all():
    # "Super Munchkin: Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Klasse im Spiel hast und
    #  eine zweite hinzufügen willst" -- and "Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden".
    t = Table()
    t.state.players[1].classes = ["krieger"]
    t.give(1, "super-munchkin", "dieb")
    r = t.rejects("munchkin.super-munchkin.class-with-it", 1, A.PlayCard(card="super-munchkin"))
    assert "with_card" in r.ruling.explanation("en")
    t.rejects("munchkin.timing.race-class", 1, A.PlayCard(card="dieb"))
    assert A.PlayCard(card="super-munchkin", with_card="dieb") in t.legal(1)
    assert A.PlayCard(card="super-munchkin") not in t.legal(1)
    t.malformed("play_card.with_card", 1, A.PlayCard(card="super-munchkin", with_card="elf"))
    t.do(1, A.PlayCard(card="super-munchkin", with_card="dieb"))
    assert t.p(1).classes == ["krieger", "dieb"] and t.p(1).table == ["super-munchkin"]
    assert t.p(1).hand == []


def test_super_munchkin_in_the_own_turn_may_come_before_its_class():
    t = Table()
    t.state.players[0].classes = ["krieger"]
    t.give(0, "super-munchkin", "dieb")
    t.do(0, A.PlayCard(card="super-munchkin"))
    t.do(0, A.PlayCard(card="dieb"))
    assert t.p(0).classes == ["krieger", "dieb"]
