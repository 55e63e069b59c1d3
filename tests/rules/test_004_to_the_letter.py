"""004 to the letter: undead monsters, Super Munchkin and Halb-Blut, the helper's escape with a hireling, and
items a holder cannot use (issue "To the letter, every set", section "Star Munchkin (004)")."""

from __future__ import annotations

from typing import Any

from judge.rules.engine import ORGANIZER
from tests.rules.harness import A, Table

#: 004 "Untote Monster": "Mehrere Monster in diesem Set tragen den Vermerk Untot" (none is printed in 004).
ZOMBIE = {"id": "t-weltraumzombie", "name": "Weltraumzombie", "deck": "door", "kind": "monster", "level": 6,
          "treasures": 2, "undead": True, "bad_stuff": {"lose_levels": 1}, "set": "t"}
GEIST = {"id": "t-geisterschiff", "name": "Geisterschiff", "deck": "door", "kind": "monster", "level": 4,
         "treasures": 1, "undead": True, "bad_stuff": {"lose_levels": 1}, "set": "t"}
UNTOT = {"id": "t-untot", "name": "Untot", "deck": "door", "kind": "monster_enhancer", "undead": True, "bonus": 5,
         "set": "t"}


def star(n: int = 3, **kw: Any) -> Table:
    return Table(n, ruleset="star", window_ms=0, **kw)


# ------------------------------------------------------------------ Untote Monster

def test_untote_monster_an_undead_monster_follows_another_without_a_wandering_monster() -> None:
    """004 "Untote Monster": "Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne
    dass dafür eine Wanderndes Monster-Karte benötigt wird.\""""
    t = star(custom=(ZOMBIE, GEIST))
    t.give(1, "t-geisterschiff", "har-har")
    t.do(0, A.KickDoor(card="t-weltraumzombie"))
    t.rejects("star.undead.not-undead", 1, A.PlayCard(card="har-har"))
    t.do(1, A.PlayCard(card="t-geisterschiff"))
    assert [m.card for m in t.combat.monsters] == ["t-weltraumzombie", "t-geisterschiff"]
    assert t.strengths() == (1, 6 + 4)
    u = star(custom=(ZOMBIE, GEIST))
    u.give(1, "t-geisterschiff")
    u.do(0, A.KickDoor(card="har-har"))
    u.rejects("star.undead.nothing-to-follow", 1, A.PlayCard(card="t-geisterschiff"))


def test_untote_monster_a_card_that_makes_a_monster_undead_takes_it_along() -> None:
    """004 "Untote Monster": "Falls du eine Karte hast, die ein Monster Untot macht, kannst du diese auf ein
    nicht-untotes Monster spielen, um diese Regel anzuwenden.\""""
    t = star(custom=(ZOMBIE, UNTOT))
    t.give(1, "har-har", "t-untot")
    t.do(0, A.KickDoor(card="t-weltraumzombie"))
    t.state.players[1].unknown = 0
    assert A.PlayCard(card="har-har", with_card="t-untot") in t.legal(1)
    t.do(1, A.PlayCard(card="har-har", with_card="t-untot"))
    assert [m.card for m in t.combat.monsters] == ["t-weltraumzombie", "har-har"]
    assert t.strengths() == (1, 6 + 4 + 5)


# ------------------------------------------------------------------ Handlanger: the helper's escape

def _lost_to_gehirn_im_glas(helper_level: int) -> Table:
    t = star()
    t.set_level(0, 5)
    t.set_level(1, helper_level)
    t.give(0, "rothemd")
    t.do(0, A.PlayCard(card="rothemd"))
    t.do(0, A.KickDoor(card="gehirn-im-glas"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.GiveUp())
    return t


def test_handlanger_the_fighter_decides_for_the_helper_before_the_helper_rolls() -> None:
    """004 "Handlanger": "Wenn jemand dir im Kampf geholfen hat, entscheidest DU, ob diese Person ebenfalls
    automatisch entkommt oder würfeln muss, um zu entkommen." Gehirn im Glas: "Für alle anderen ist Flucht
    unmöglich!" Before the helper rolls the fighter takes it along; once it has rolled (and was caught), the
    decision is past and is refused with its ruling, not accepted without effect."""
    t = _lost_to_gehirn_im_glas(helper_level=4)
    t.do(0, A.UseAbility(ability="sacrifice-hireling", item="rothemd", target_seat=1))
    assert t.combat is None or t.combat.monsters[0].runs == {"0": "escaped", "1": "escaped"}
    u = _lost_to_gehirn_im_glas(helper_level=4)
    u.do(1, A.RunAway(monster_index=0, die=6))
    assert u.combat.monsters[0].runs["1"] == "caught"
    u.rejects("star.hireling.helper-has-rolled", 0,
              A.UseAbility(ability="sacrifice-hireling", item="rothemd", target_seat=1))
    u.do(0, A.UseAbility(ability="sacrifice-hireling", item="rothemd"))
    assert u.combat.monsters[0].runs == {"0": "escaped", "1": "caught"}


def test_handlanger_a_helper_the_monster_does_not_pursue_has_not_rolled() -> None:
    """Gehirn im Glas: "Wird niemanden der Stufe 3 oder niedriger verfolgen": a helper at level 3 escapes it
    without a roll; that is no roll, and the fighter's sacrifice may still name it."""
    t = _lost_to_gehirn_im_glas(helper_level=3)
    assert t.combat.monsters[0].runs["1"] == "escaped"
    t.do(0, A.UseAbility(ability="sacrifice-hireling", item="rothemd", target_seat=1))


# ------------------------------------------------------------------ Rassen / Klassen

def _two_classes(ruleset: str, super_munchkin: str) -> Table:
    t = Table(3, ruleset=ruleset, window_ms=0, custom=() if ruleset == "star" else STAR_CLASSES)
    t.state.players[0].classes = ["kopfgeldjaeger", "medium"]
    t.state.players[0].table.append(super_munchkin)
    return t


STAR_CLASSES: tuple[dict[str, Any], ...] = (
    {"id": "kopfgeldjaeger", "name": "Kopfgeldjäger", "deck": "door", "kind": "class", "set": "t"},
    {"id": "medium", "name": "Medium", "deck": "door", "kind": "class", "set": "t"})


def test_rassen_klassen_super_munchkin_goes_only_with_the_last_class() -> None:
    """004 "Rassen / Klassen": Super Munchkin "funktioniert genau so wie die Karte Halb-Blut, nur dass sie sich
    auf Klassen bezieht", and Halb-Blut goes "Sobald du keine Rasse mehr im Spiel hast": losing one of two
    classes keeps the card (one class with all its advantages), losing the last takes it along. The base game
    (000: "Sobald du eine der beiden Klassen verlierst") takes it with either."""
    t = _two_classes("star", "star-super-munchkin")
    t.do(0, A.DiscardCard(card="medium", from_table=True))
    assert t.p(0).classes == ["kopfgeldjaeger"] and "star-super-munchkin" in t.p(0).table
    t.do(0, A.DiscardCard(card="kopfgeldjaeger", from_table=True))
    assert t.p(0).classes == [] and "star-super-munchkin" not in t.p(0).table
    b = _two_classes("munchkin", "super-munchkin")
    b.do(0, A.DiscardCard(card="medium", from_table=True))
    assert b.p(0).classes == ["kopfgeldjaeger"] and "super-munchkin" not in b.p(0).table


# ------------------------------------------------------------------ Gegenstände

def test_gegenstaende_an_item_its_holder_cannot_use_is_not_shown_in_use() -> None:
    """004 "Gegenstände": "Manche Gegenstände haben Einschränkungen ihrer Nutzung, wie beispielsweise „Nur von
    Gadgeteeren nutzbar“. Andere Charaktere können solche Gegenstände zwar auch tragen, aber sie können ihre
    Fähigkeit nicht nutzen." The Cyberdeck (+4, Nur von Gadgeteeren nutzbar) is carried, not in use, by anyone
    else, and counts for nothing; a Gadgeteer uses it."""
    t = star()
    t.give(0, "cyberdeck")
    t.do(0, A.PlayCard(card="cyberdeck"))
    seat = t.rules.view(t.state, ORGANIZER)["seats"][0]
    assert seat["items"] == [{"card": "cyberdeck", "in_use": False}] and seat["strength"] == 1
    t.state.players[0].classes.append("gadgeteer")
    seat = t.rules.view(t.state, ORGANIZER)["seats"][0]
    assert seat["items"] == [{"card": "cyberdeck", "in_use": True}] and seat["strength"] == 1 + 4


def test_halb_blut_a_second_race_outside_ones_own_turn_only_when_drawn() -> None:
    """004 Halb-Blut: "Solange die Halb-Blut-Karte ausliegt, darfst du zu jeder Zeit eine weitere Rasse
    hinzufügen", read within "Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden oder in dem
    Moment, in dem du sie ziehst" (docs/rules.md, decisions): in one's own turn yes, in another's no."""
    t = star()
    for seat in (0, 1):
        t.state.players[seat].races = ["katze"]
        t.state.players[seat].table.append("star-halb-blut")
    t.give(1, "insekt")
    t.rejects("star.timing.race-class", 1, A.PlayCard(card="insekt"))
    t.give(0, "insekt")
    t.do(0, A.PlayCard(card="insekt"))
    assert t.p(0).races == ["katze", "insekt"]
