"""Printed effects as card data (docs/cards.md): an enhancer doubled by the card that lies on it (001 timing
table), a room's rules for its player this turn (004 "Räume"), bad stuff for "alle anderen Spieler" (001
"MUNCHKIN FÜR ZWEI SPIELER"), a strength modifier for one turn (000 "Flüche"), a monster that does not attack
its kicker (001 "1. Tür öffnen"). Each field is checked like every other, with an error naming it."""

from __future__ import annotations

from typing import Any

import pytest

from judge.cards.schema import CardError, parse_card
from judge.rules import GameSetup
from judge.rules.engine import ORGANIZER
from judge.rules.ruling import RULES
from tests.rules.harness import A, Table

DOPPELT: dict[str, Any] = {"id": "t-doppelt", "name": "Doppelt so schlimm", "deck": "door", "kind": "monster_enhancer_enhancer",
           "set": "t", "doubles_enhancer": True, "text": "Verdoppelt einen Monsterverstärker, der schon liegt."}
SCHEU: dict[str, Any] = {"id": "t-scheu", "name": "Scheues Monster", "deck": "door", "kind": "monster", "set": "t", "level": 4,
         "treasures": 1, "bad_stuff": {"lose_levels": 1}, "will_not_attack": ["race:elf"],
         "will_not_attack_max_level": 2, "text": "Greift keine Elfen und niemanden der Stufe 2 oder weniger an."}
SPAM: dict[str, Any] = {"id": "t-spam", "name": "Spamungeheuer", "deck": "door", "kind": "monster", "set": "t", "level": 8,
        "treasures": 2, "bad_stuff": {"lose_levels": 1}, "bad_stuff_others": {"lose_levels": 1},
        "text": "Schlimme Dinge: Verliere 1 Stufe. Alle anderen Spieler verlieren ebenfalls 1 Stufe."}
SCHWAECHE: dict[str, Any] = {"id": "t-schwaeche", "name": "Fluch! Schwäche", "deck": "door", "kind": "curse", "set": "t",
             "curse": {"lasting": True, "combat_modifier": -3, "until": "end-of-turn"},
             "text": "-3 im Kampf, bis zum Ende dieses Zuges."}


def card_error(data: dict[str, Any]) -> CardError:
    with pytest.raises(CardError) as info:
        parse_card(data, "custom_cards[0]")
    return info.value


# ------------------------------------------------------------------ 001: Monsterverstärkerverstärker


def test_timing_table_an_enhancer_enhancer_doubles_the_enhancer_it_lies_on() -> None:
    """001: "Ein Monsterverstärkerverstärker darf nur gespielt werden, wenn bereits ein Monsterverstärker
    liegt." A card printing "doubles the enhancer": Wütend's +5 and +1 treasure count twice, as a term of the
    monster's breakdown naming the rule."""
    t = Table(window_ms=0, custom=(DOPPELT,))
    t.do(0, A.KickDoor(card="topfpflanze"))  # level 1, 1 treasure
    t.rejects("munchkin.enhancer.needs-enhancer", 1, A.PlayCard(card="t-doppelt"))
    t.do(1, A.PlayCard(card="wuetend"))
    t.do(2, A.PlayCard(card="t-doppelt"))
    assert t.strengths() == (1, 1 + 5 + 5)
    assert t.combat.monsters[0].extra_treasures == 1 + 1
    monster = next(b for b in t.rules.analysis(t.state, ORGANIZER)["breakdowns"] if b["subject"] == "monster:0")
    doubled = [term for term in monster["terms"] if term["rule"] == "munchkin.strength.enhancer-doubled"]
    assert [(term["amount"], term["card"]) for term in doubled] == [(5, "t-doppelt")]
    assert sum(term["amount"] for term in monster["terms"]) == 11


def test_timing_table_the_doubled_enhancer_is_the_last_one_played_on_the_monster() -> None:
    """With Uralt (+10) and then Baby (-5) on the monster, the doubling card lies on Baby: -5 once more, with the
    printed floor ("mindestens Stufe 1") still holding."""
    t = Table(window_ms=0, custom=(DOPPELT,))
    t.do(0, A.KickDoor(card="gewaltiger-kaefer"))  # level 6
    t.do(1, A.PlayCard(card="uralt"))
    t.do(2, A.PlayCard(card="baby"))
    t.do(1, A.PlayCard(card="t-doppelt"))
    assert t.strengths()[1] == 6 + 10 - 5 - 5


def test_a_written_combat_counts_the_doubled_enhancer_as_if_played() -> None:
    """A position (docs/position.md) naming Wütend and the doubling card on the Topfpflanze takes their numbers
    from the cards: 1 + 5 + 5, 1 + 1 + 1 treasures; written again, it loads to the same combat."""
    from judge import rulesets

    rules = rulesets.get("munchkin")
    seats = [{"name": n, "sex": "female", "level": 1} for n in ("Anna", "Ben", "Cem")]
    position = {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "munchkin",
                "seats": seats, "active_seat": 0, "turn": 1, "phase": "combat", "met_monster": True,
                "custom_cards": [DOPPELT],
                "combat": {"fighter": 0, "monsters": [{"card": "topfpflanze", "modifiers": ["wuetend", "t-doppelt"]}]}}
    setup = rules.setup_of_position(position)
    rules.validate_setup(setup)
    state = rules.initial_state(setup)
    assert rules.view(state, ORGANIZER)["combat"]["monsters_strength"] == 11
    assert rules.analysis(state, ORGANIZER)["forecast"]["treasures"]["total"] == 3


def test_doubles_enhancer_only_on_an_enhancer_enhancer() -> None:
    error = card_error({**DOPPELT, "kind": "monster_enhancer"})
    assert error.field == "doubles_enhancer"
    assert card_error({**DOPPELT, "doubles_enhancer": 2}).field == "doubles_enhancer"


# ------------------------------------------------------------------ 001 "1. Tür öffnen": does not attack you


def test_tuer_oeffnen_a_monster_that_does_not_attack_you_starts_no_combat() -> None:
    """001 "1. Tür öffnen": "Handelt es sich um ein Monster, das dich nicht angreift, weiter bei 2. (Das ist
    etwas anderes als ein Monster, das dich nicht verfolgt!)": at level 2 (or as an elf) the kicker goes on
    with phase 2, the monster discarded; the room may be looted."""
    t = Table(window_ms=0, custom=(SCHEU,))
    t.set_level(0, 2)
    effects = t.do(0, A.KickDoor(card="t-scheu"))
    assert "MonsterDoesNotAttack" in t.types(effects)
    assert next(e for e in effects if e["type"] == "MonsterDoesNotAttack")["rule"] == "munchkin.door.does-not-attack"
    assert t.combat is None and t.state.phase == "after-door" and "t-scheu" in t.state.discards["door"]
    assert any(a.kind == "loot_room" for a in t.legal(0))
    t.do(0, A.LootRoom())


def test_tuer_oeffnen_it_attacks_whoever_it_does_not_name() -> None:
    t = Table(window_ms=0, custom=(SCHEU,))
    t.set_level(0, 3)
    t.do(0, A.KickDoor(card="t-scheu"))
    assert t.combat is not None and t.combat.monsters[0].card == "t-scheu"
    elf = Table(window_ms=0, custom=(SCHEU,))
    elf.set_level(0, 5)
    elf.give(0, "elf")
    elf.do(0, A.PlayCard(card="elf"))
    elf.do(0, A.KickDoor(card="t-scheu"))
    assert elf.combat is None and elf.state.phase == "after-door"


def _epic(custom: tuple[dict[str, Any], ...]) -> Table:
    t = Table(window_ms=0, custom=custom)
    t.setup = GameSetup("munchkin", ("epic-kick",), t.setup.seats, t.setup.options, t.setup.mode, custom)
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    return t


def test_epische_munchkins_of_two_monsters_only_the_one_that_attacks_is_fought() -> None:
    """001 "1. Alternatives Türöffnen für Epische Munchkins": "Hast du zwei Monster gezogen, bekämpfst du beide
    zusammen" - but "ein Monster, das dich nicht angreift" is no monster to fight (001 "1. Tür öffnen"), in
    either order; an enhancer drawn with one that does not attack goes to the hand."""
    for cards in (("t-scheu", "gewaltiger-kaefer"), ("gewaltiger-kaefer", "t-scheu")):
        t = _epic((SCHEU,))
        t.do(0, A.KickTwoDoors(cards=cards))
        assert [m.card for m in t.combat.monsters] == ["gewaltiger-kaefer"]
        assert "t-scheu" in t.state.discards["door"]
    alone = _epic((SCHEU,))
    alone.do(0, A.KickTwoDoors(cards=("wuetend", "t-scheu")))
    assert alone.combat is None and alone.state.phase == "after-door" and "wuetend" in alone.p(0).hand


def test_will_not_attack_is_checked_like_every_field() -> None:
    assert card_error({**SCHEU, "will_not_attack": ["elf"]}).field == "will_not_attack[0]"
    assert card_error({**SCHEU, "will_not_attack_max_level": -1}).field == "will_not_attack_max_level"
    not_a_monster = {"id": "t-x", "name": "X", "deck": "door", "kind": "race", "will_not_attack_max_level": 3}
    assert card_error(not_a_monster).field == "will_not_attack_max_level"


# ------------------------------------------------------------------ 001: "alle anderen Spieler"


def _caught_by_spam(t: Table) -> list[dict[str, Any]]:
    t.do(0, A.KickDoor(card="t-spam"))
    t.do(0, A.GiveUp())
    t.do(0, A.RunAway(monster_index=0, die=1))
    return t.do(0, A.SufferBadStuff(monster_index=0))


def test_bad_stuff_for_every_other_player() -> None:
    """"Schlimme Dinge ... alle anderen Spieler": the runner loses its level, and so does every other player."""
    t = Table(window_ms=0, custom=(SPAM,))
    for seat in range(3):
        t.set_level(seat, 4)
    effects = _caught_by_spam(t)
    assert [t.p(s).level for s in range(3)] == [3, 3, 3]
    hit = next(e for e in effects if e["type"] == "BadStuffHitsOthers")
    assert hit["seats"] == [1, 2] and hit["rule"] == "munchkin.bad-stuff.all-others"


def test_zwei_spieler_bad_stuff_for_all_others_hits_the_alter_ego_too() -> None:
    """001 "MUNCHKIN FÜR ZWEI SPIELER": "Betreffen jedoch Schlimme Dinge „alle anderen Spieler“ (wie z. B. bei
    Der Große Cthulhu oder Der Spaminator), gilt das auch für das Alter Ego." Seat 2 is seat 0's alter ego."""
    t = Table(4, window_ms=0, custom=(SPAM,))
    t.setup = GameSetup("munchkin", ("two-players",), t.setup.seats, t.setup.options, t.setup.mode, (SPAM,))
    t.rules.validate_setup(t.setup)
    t.state = t.rules.initial_state(t.setup)
    for seat in range(4):
        t.set_level(seat, 5)
    _caught_by_spam(t)
    assert [t.p(s).level for s in range(4)] == [4, 4, 4, 4]


def test_bad_stuff_for_others_once_per_monster_and_not_for_a_caught_helper() -> None:
    """Fighter and helper both caught: each takes the bad stuff once; the others' part hits the rest once."""
    t = Table(window_ms=0, custom=(SPAM,))
    for seat in range(3):
        t.set_level(seat, 4)
    t.do(0, A.KickDoor(card="t-spam"))
    t.do(0, A.AskForHelp(helper=1))
    t.do(1, A.AnswerHelp(accept=True))
    t.do(0, A.GiveUp())
    for seat in (0, 1):
        t.do(seat, A.RunAway(monster_index=0, die=1))
    t.do(0, A.SufferBadStuff(monster_index=0))
    t.do(1, A.SufferBadStuff(monster_index=0))
    assert [t.p(s).level for s in range(3)] == [3, 3, 3]


def test_bad_stuff_others_is_checked_like_every_field() -> None:
    assert card_error({**SPAM, "bad_stuff_others": {"discard_cards": 2}}).field == "bad_stuff_others.discard_cards"
    assert card_error({**SPAM, "bad_stuff_others": {"lose_item": "any"}}).field == "bad_stuff_others.lose_item"
    assert card_error({**SPAM, "bad_stuff_others": {"lose_levels": "1"}}).field == "bad_stuff_others.lose_levels"
    assert card_error({**SPAM, "bad_stuff_others": {"death": True}}).field == "bad_stuff_others.death"


# ------------------------------------------------------------------ a modifier for a turn


def test_a_curse_for_this_turn_ends_with_the_turn() -> None:
    """000 "Flüche": the card stays "bis ihre Wirkung endet"; with ``until = "end-of-turn"`` that is the end of
    the turn it was played in: -3 in this turn's combat, gone in the next turn."""
    t = Table(window_ms=0, custom=(SCHWAECHE,))
    t.set_level(0, 5)
    t.do(1, A.PlayCard(card="t-schwaeche", target_seat=0))
    assert "t-schwaeche" in t.p(0).table
    seat0 = next(b for b in t.rules.analysis(t.state, ORGANIZER)["breakdowns"] if b["subject"] == "seat:0")
    assert sum(term["amount"] for term in seat0["terms"]) == 5 - 3
    assert any(term["rule"] == "munchkin.curse.for-this-turn" and term["amount"] == -3 for term in seat0["terms"])
    t.do(0, A.KickDoor(card="topfpflanze"))
    assert t.strengths() == (2, 1)
    t.do(0, A.ClaimVictory())
    assert "t-schwaeche" in t.p(0).table  # a combat is over, the turn is not
    t.p(0).unknown = 0  # arranged: no cards for charity
    t.do(0, A.EndTurn())
    assert "t-schwaeche" not in t.p(0).table and "t-schwaeche" in t.state.discards["door"]


def test_end_of_turn_is_for_lasting_curses() -> None:
    assert card_error({**SCHWAECHE, "curse": {"combat_modifier": -3, "until": "end-of-turn"}}).field == "curse.until"
    assert card_error({**SCHWAECHE, "curse": {"lasting": True, "until": "end-of-game"}}).field == "curse.until"


# ------------------------------------------------------------------ 004 "Räume": the room's player


def star(**kw: Any) -> Table:
    return Table(3, ruleset="star", window_ms=0, **kw)


def test_raeume_a_room_changes_its_players_strength_for_the_turn() -> None:
    """004 "Räume": "Befolge die Anweisungen auf der Raumkarte. Die Auswirkungen eines Raumes treten sofort ein
    und halten nur für die Dauer des Zuges an." A room printing +2 for its player: 5 + 2 against Har Har (4)
    looked for in it; after the turn the room and its bonus are gone."""
    gym = {"id": "t-trainingsraum", "name": "Trainingsraum", "deck": "door", "kind": "room", "set": "t",
           "player_bonus": 2, "no_looting": True}
    t = star(custom=(gym,))
    t.set_level(0, 5)
    t.give(0, "har-har")
    t.do(0, A.KickDoor(card="t-trainingsraum"))
    seat0 = next(b for b in t.rules.analysis(t.state, ORGANIZER)["breakdowns"] if b["subject"] == "seat:0")
    assert any(term["rule"] == "star.room.player-rules" and term["amount"] == 2 for term in seat0["terms"])
    view = t.rules.view(t.state, ORGANIZER)
    assert view["seats"][0]["strength"] == 7 and view["seats"][1]["strength"] == 1
    t.rejects("star.room.says-otherwise", 0, A.LootRoom())
    t.do(0, A.LookForTrouble(card="har-har"))
    assert t.strengths() == (7, 4)
    t.do(0, A.ClaimVictory())
    t.p(0).unknown = 0  # arranged: no cards for charity
    t.do(0, A.EndTurn())
    assert t.rules.view(t.state, ORGANIZER)["seats"][0]["strength"] == t.p(0).level


def test_player_bonus_is_checked_like_every_field() -> None:
    import judge.rulesets.star  # noqa: F401  (declares the Star fields)

    room = {"id": "t-raum", "name": "Raum", "deck": "door", "kind": "room", "player_bonus": "2"}
    assert card_error(room).field == "player_bonus"


def test_the_new_rules_are_cited() -> None:
    for rule_id in ("munchkin.strength.enhancer-doubled", "munchkin.door.does-not-attack",
                    "munchkin.bad-stuff.all-others", "munchkin.curse.for-this-turn", "star.room.player-rules"):
        rule = RULES[rule_id]
        assert rule.citation.quote and rule.de and rule.en
