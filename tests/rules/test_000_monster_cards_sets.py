"""Cards played on monsters (000 "Weitere Aktionen im Kampf", "Gewonnen!"; 001 "WANN KANN MAN NUN WELCHE
KARTE SPIELEN?"), when a one-shot is discarded, the numbers the catalogue's card texts print, and cards of
sets a game does not include (000 "SPIELMATERIAL")."""

from judge.cards import load_catalogue
from judge.rules.engine import Viewer
from judge.rulesets.munchkin import Munchkin
from tests.rules.harness import A, Table

SEHR = {"id": "sehr", "name": "Sehr", "deck": "door", "kind": "monster_enhancer_enhancer", "bonus": 5,
        "extra_treasures": 1, "text": "Nur auf einen Monsterverstärker: +5 und 1 Schatz mehr."}
SCHATZTRANK = {"id": "schatztrank", "name": "Schatztrank", "deck": "treasure", "kind": "one_shot", "bonus": 2,
               "extra_treasures": 2, "value": 100, "text": "Im Kampf einsetzen. +2 für eine Seite, +2 Schätze."}


# ------------------------------------------------------------------ 000 "Weitere Aktionen im Kampf": Kumpel


def test_weitere_aktionen_kumpel_brings_another_monster_and_enhancers_apply_to_it_too():
    # "Spiele ein Wandernes Monster (plus ein Monster aus deiner Hand) oder einen Kumpel: Die beiden genannten
    #  Karten bringen ein weiteres Monster in den Kampf." / "Alle derartigen Boni und Malib addieren sich auf
    #  und gelten auch für einen eventuellen Kumpel."
    t = Table(window_ms=0)
    t.set_level(0, 6)
    t.equip(0, "kettensaege", "flammende-ruestung", "stiefel-des-kraeftigen-tretens", "gehoernter-helm")  # +8
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # level 6, 2 treasures
    t.do(1, A.PlayCard(card="wuetend"))  # +5, +1 treasure
    t.do(2, A.PlayCard(card="kumpel"))  # a second beetle, Wütend counts for it as well
    assert [m.card for m in t.combat.monsters] == ["gewaltiger-kaefer", "gewaltiger-kaefer"]
    assert t.strengths() == (14, 22)
    shown = t.rules.view(t.state, Viewer("seat", 1))["combat"]["monsters"]
    assert [(m["strength"], m.get("mate_of"), m["modifiers"]) for m in shown] == [
        (11, None, ["wuetend"]), (11, 0, ["kumpel"])]
    # A monster and its Kumpel are not "2 oder mehr unterschiedliche Monster": no target needed, and a
    # modifier played on either counts for both.
    t.do(1, A.PlayCard(card="baby", monster_index=1))  # -5, 1 treasure less
    assert t.strengths() == (14, 12)
    effects = t.do(0, A.ClaimVictory())
    defeated = next(e for e in effects if e["type"] == "MonstersDefeated")
    # "für jedes getötete Monster 1 Stufe"; treasures 2 + 1 - 1 for each beetle.
    assert (defeated["levels"], defeated["treasures"]) == (2, 4)
    assert t.p(0).level == 8 and t.p(0).unknown == 8 + 4
    door = t.state.discards["door"]
    assert door.count("gewaltiger-kaefer") == 1 and {"kumpel", "wuetend", "baby"} <= set(door)


def test_weitere_aktionen_kumpel_only_in_combat_and_each_monster_is_run_from():
    # 000 "Sonstige Karten": "Karten, die zusätzliche Monster in einen Kampf schicken ... können nur während
    #  eines Kampfes gespielt werden"; 000 "Verloren!": "Fliehst du vor mehr als 1 Monster, würfels du für
    #  jedes einzeln"
    t = Table()
    t.rejects("munchkin.timing.wandering-monster", 1, A.PlayCard(card="kumpel"))
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(1, A.PlayCard(card="kumpel"))
    t.do(0, A.GiveUp())
    assert sorted(t.combat.monsters[i].runs["0"] for i in (0, 1)) == ["pending", "pending"]
    t.do(0, A.RunAway(monster_index=1, die=6))
    assert t.combat is not None  # the original beetle still pursues


def test_weitere_aktionen_with_a_wandering_monster_the_modifier_names_its_monster():
    # "Sollten jedoch schon 2 oder mehr unterschiedliche Monster im Spiel sein (durch ein Wanderndes Monster),
    #  muss sich der Spieler, der die Karte gespielt hat, entscheiden, für welches Monster sie gilt."
    t = Table()
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(1, A.PlayCard(card="kumpel"))
    t.do(2, A.PlayCard(card="wanderndes-monster", with_card="topfpflanze"))
    t.rejects("munchkin.combat.choose-monster", 1, A.PlayCard(card="wuetend"))
    t.do(1, A.PlayCard(card="wuetend", monster_index=2))
    assert t.strengths() == (1, 6 + 6 + 6)


def test_gewonnen_a_kumpel_made_to_disappear_gives_its_treasure_but_no_level():
    # 000 "Gewonnen!": "Du steigst jedoch nie für ein Monster auf, das du besiegt hast, ohne es zu töten."
    #  "Ziehe so viele Schatzkarten ... – egal, ob du das Monster getötet oder anders eliminiert hast."
    t = Table(window_ms=0)
    t.set_level(0, 7)
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))
    t.do(1, A.PlayCard(card="kumpel"))
    t.rejects("munchkin.combat.choose-monster", 0, A.PlayCard(card="magische-lampe"))
    t.do(0, A.PlayCard(card="magische-lampe", monster_index=1))  # the Kumpel disappears
    assert t.strengths() == (7, 6)
    t.do(0, A.ClaimVictory())
    assert t.p(0).level == 8 and t.p(0).unknown == 8 - 1 + 2 + 2


# ------------------------------------------------------------------ 001 timing table: enhancer enhancers


def test_timing_table_a_monster_enhancer_enhancer_needs_an_enhancer_on_the_monster():
    # 001: "Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein Monsterverstärker liegt."
    t = Table(custom=(SEHR,))
    t.rejects("munchkin.timing.monster-enhancer", 1, A.PlayCard(card="sehr"))
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.enhancer.needs-enhancer", 1, A.PlayCard(card="sehr"))
    t.do(1, A.PlayCard(card="wuetend"))
    t.do(2, A.PlayCard(card="sehr"))
    assert t.strengths() == (1, 1 + 5 + 5)
    assert t.combat.monsters[0].extra_treasures == 2


# ------------------------------------------------------------------ 000 "Gewonnen!": treasure counts


def test_gewonnen_a_one_shot_on_the_monster_changes_its_treasures():
    # "Ziehe so viele Schatzkarten, wie auf der Monstercard angegeben (zuzüglich eventueller Extraschätz durch
    #  Karten, die die Kampfstärke des Monsters verändert haben)"
    t = Table(window_ms=0, custom=(SCHATZTRANK,))
    t.set_level(0, 5)
    t.do(0, A.KickDoor(card="topfpflanze"))  # 1 treasure
    t.do(1, A.PlayCard(card="schatztrank", side="monsters"))
    assert t.strengths() == (5, 3)
    t.do(0, A.ClaimVictory())
    assert t.p(0).unknown == 8 + 3


# ------------------------------------------------------------------ when a one-shot is discarded


def test_weitere_aktionen_a_one_shot_is_discarded_when_played_its_bonus_stays():
    # 000 "Weitere Aktionen im Kampf": "Du darfst eine solche Karte auch direkt von der Hand spielen! Danach
    #  wird sie abgelegt."
    t = Table(window_ms=0)
    t.set_level(0, 8)
    t.do(0, A.KickDoor(card="netztroll"))  # 10
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    assert "eiskalter-sprengtrank" in t.state.discards["treasure"]
    assert t.strengths() == (11, 10)
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.state.discards["treasure"].count("eiskalter-sprengtrank") == 1


def test_weitere_aktionen_babys_reading_discards_a_one_shot_after_the_combat():
    # 003 "Weitere Aktionen im Kampf": "Sobald der Kampf vorbei ist oder der Effekt der Karte eingetreten ist,
    #  wird sie abgelegt." A layer following 003 sets the hook; the base game follows 000.
    class AfterCombat(Munchkin):
        one_shot_discard = "after-combat"

    assert Munchkin.one_shot_discard == "when-played"
    t = Table(window_ms=0)
    t.rules = AfterCombat()
    t.set_level(0, 8)
    t.do(0, A.KickDoor(card="netztroll"))
    t.do(0, A.PlayCard(card="eiskalter-sprengtrank", side="players"))
    assert "eiskalter-sprengtrank" not in t.state.discards["treasure"] and t.strengths() == (11, 10)
    t.do(0, A.ClaimVictory())
    assert t.state.discards["treasure"].count("eiskalter-sprengtrank") == 1


# ------------------------------------------------------------------ the catalogue's own card texts


def test_card_text_baby_never_takes_a_monster_below_level_1():
    # Baby: "-5 auf die Stufe des Monsters (mindestens Stufe 1). 1 Schatz weniger."
    t = Table(window_ms=0)
    t.do(0, A.KickDoor(card="lahmer-goblin"))  # level 1, 1 treasure
    t.do(1, A.PlayCard(card="baby"))
    assert t.strengths() == (1, 1)
    assert t.rules.view(t.state, Viewer("organizer"))["combat"]["monsters"][0]["strength"] == 1
    t.rejects("munchkin.combat.ties-lose", 0, A.ClaimVictory())  # 1 against 1, not against -4
    t.set_level(0, 2)
    t.do(0, A.ClaimVictory())
    assert t.p(0).unknown == 8  # 1 treasure less: none


def test_card_text_gehoernter_helm_gives_elves_three():
    # Gehörnter Helm: "+1; +3 für Elfen."
    t = Table()
    t.equip(0, "gehoernter-helm")
    t.equip(1, "gehoernter-helm")
    t.state.players[1].races = ["elf"]
    t.do(0, A.KickDoor(card="netztroll"))
    assert t.strengths()[0] == 1 + 1
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    assert t.strengths()[0] == (1 + 1) + (1 + 3)


def test_card_text_koenig_tut_takes_the_whole_hand_and_all_items():
    # König Tut: "Schlimme Dinge: Verliere deine ganze Hand und alle Gegenstände."
    t = Table()
    t.set_level(0, 4)
    t.equip(0, "gehoernter-helm", "flammende-ruestung", "stiefel-des-kraeftigen-tretens")
    t.do(0, A.KickDoor(card="koenig-tut"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    assert t.p(0).items == [] and t.p(0).hand_size == 0
    assert {"gehoernter-helm", "flammende-ruestung", "stiefel-des-kraeftigen-tretens"} <= set(
        t.state.discards["treasure"])


# ------------------------------------------------------------------ 000 "SPIELMATERIAL": sets in a game


def test_spielmaterial_a_card_of_another_set_is_refused_unless_added_as_custom_card():
    # "Dieses Spiel beinhaltet 168 Karten": a base game knows the base set; 003's Haggis-Püree is not in it.
    t = Table()
    r = t.rejects("munchkin.card.not-in-game", 1, A.RevealCard(card="haggis-purree"))
    assert r.ruling.details == {"card": "haggis-purree", "set": "babys"}
    t.do(0, A.KickDoor(card="topfpflanze"))
    t.rejects("munchkin.card.not-in-game", 1, A.PlayCard(card="haggis-purree", side="monsters"))
    t.malformed("play_card.card", 1, A.PlayCard(card="no-such-card", side="monsters"))
    # The group adds it for this game: then it is a card like any other.
    haggis = load_catalogue("babys")["haggis-purree"].to_dict()
    t2 = Table(custom=(haggis,))
    t2.do(0, A.KickDoor(card="topfpflanze"))
    t2.do(1, A.PlayCard(card="haggis-purree", side="monsters"))
    assert t2.strengths() == (1, 4)

