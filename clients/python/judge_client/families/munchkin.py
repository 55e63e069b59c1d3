"""The munchkin family's part of the API as the command line shows it: the root family's view
(``GameView``'s own fields: seats with level, race/class, items and hand, and the combat), which of its
actions a player most likely needs and how their fields read (``judge legal``), and the words of its data the command line shows
(card kinds and slots in ``judge cards`` and ``judge view``; marked here so the catalogues translate them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.markup import escape

from judge.common.enums import enum_word
from judge.common.i18n import N_, ntr, tr
from judge.v1 import judge_pb2 as pb
from judge_client.analysis_view import reads
from judge_client.fitted import Column, fitted_table

# The actions a player most likely needs, first; any other action follows in name order.
ACTION_PRIORITY = ("claim_victory", "resolve_combat", "kick_door", "answer_curse", "choose_card", "pick_treasure",
                  "loot_corpse", "roll_die", "run_away", "look_for_trouble", "loot_room", "answer_help",
                  "give_up", "ask_for_help", "play_card", "set_item_in_use", "sell_items", "use_ability",
                  "give_item", "discard_card", "end_turn")
# Actions whose choices are the whole catalogue: counted, listed only when asked.
CATALOGUE_WIDE = frozenset({"reveal_card"})
# Words shown from data: card kinds and slots (judge cards, judge view).
CARD_WORDS = (
    N_("monster"), N_("curse"), N_("race"), N_("class"), N_("monster_enhancer"), N_("monster_enhancer_enhancer"),
    N_("mate"), N_("wandering_monster"), N_("super_munchkin"), N_("half_breed"), N_("item"), N_("one_shot"),
    N_("level_up"), N_("divine_intervention"), N_("special_treasure"), N_("other"), N_("hireling"), N_("room"),
    N_("trap"), N_("item_enhancer"), N_("headgear"), N_("armor"), N_("footgear"), N_("1hand"), N_("2hands"),
)


def view_renderables(view: pb.GameView, lang: str = "en", width: int | None = None,
                     cards: Mapping[str, str] | None = None) -> list[RenderableType]:
    """The family's view: seats with level, race/class, items and hand, and the combat, cards by their
    printed ``cards`` names where known; the seat's columns fold under its number and name in a console
    ``width`` too narrow."""
    names = [s.name for s in view.seats]
    named = cards or {}

    def card(card_id: str) -> str:
        return named.get(card_id, card_id)

    columns = [Column(tr(lang, "seat")), Column(tr(lang, "name")), Column(tr(lang, "sex")), Column(tr(lang, "level")),
               Column(tr(lang, "race/class"), wraps=True), Column(tr(lang, "items"), wraps=True),
               Column(tr(lang, "hand"), wraps=True), Column(tr(lang, "strength"), wraps=True)]
    rows = []
    for seat in view.seats:
        items = ", ".join(card(i.card) if i.in_use else tr(lang, "{card} (carried)", card=card(i.card))
                          for i in seat.items)
        known = [*map(card, seat.hand), *([ntr(lang, "{n} unknown", "{n} unknown", seat.hand_unknown)]
                               if seat.hand_unknown else [])]
        hand = f"{seat.hand_size} ({', '.join(known)})" if known else str(seat.hand_size)
        marker = "▶ " if seat.seat == view.active_seat else ""
        rows.append([
            f"{marker}{seat.seat}",
            escape(seat.name) + (" †" if seat.dead else ""),
            tr(lang, _word(seat.sex)),
            str(seat.level),
            escape(", ".join(map(card, [*seat.races, *seat.classes])) or tr(lang, "human")),
            escape(items),
            escape(hand),
            escape(reads(seat.breakdown, lang, names)) if seat.HasField("breakdown") else "",
        ])
    out: list[RenderableType] = [fitted_table(columns, rows, width=width, keep=4)]
    if view.HasField("combat"):
        combat = view.combat

        def who(seat: int) -> str:
            return names[seat] if seat < len(names) else tr(lang, "seat {seat}", seat=seat)

        fighters = who(combat.fighter)
        if combat.HasField("helper"):
            fighters = tr(lang, "{fighter} helped by {helper}", fighter=fighters, helper=who(combat.helper))
        out.append(tr(lang, "[bold]combat[/] ({stage}): {fighters}, players {players} against monsters {monsters}",
                      stage=escape(tr(lang, combat.stage)), fighters=escape(fighters),
                      players=combat.players_strength, monsters=combat.monsters_strength))
        if combat.HasField("players_breakdown"):
            for side, breakdown in ((N_("players: {reads}"), combat.players_breakdown),
                                    (N_("monsters: {reads}"), combat.monsters_breakdown)):
                out.append("  " + tr(lang, side, reads=escape(reads(breakdown, lang, names))))
        for index, monster in enumerate(combat.monsters):
            gone = tr(lang, " (eliminated)") if monster.eliminated else ""
            mods = f" [{', '.join(map(card, monster.modifiers))}]" if monster.modifiers else ""
            strength = reads(monster.breakdown, lang, names) if monster.HasField("breakdown") else str(monster.strength)
            out.append("  " + tr(lang, "{index}: {card} level {level}, strength {strength}", index=index,
                                 card=escape(card(monster.card)), level=monster.level, strength=escape(strength))
                       + escape(mods) + gone)
    return out


def way_word(words: Any, name: str, value: Any) -> str | None:
    """A field of one of the family's actions in words, as ``judge legal`` lists the ways to take it: "on
    Ben", "for the players", "on monster 0 Topfpflanze", "with Kettensäge"; "" for a bribe (an empty bribe
    is the template; a bribe is the player's choice); None for a field it has no words for."""
    lang = words.lang
    if name in ("target_seat", "helper", "to_seat", "with_seat"):
        return tr(lang, "on {seat}", seat=words.seat(value)) if name == "target_seat" else str(words.seat(value))
    if name == "side":
        return tr(lang, "for the players") if value == "SIDE_PLAYERS" else tr(lang, "for the monsters")
    if name == "monster_index":
        view = words.view
        monsters = [m.card for m in view.combat.monsters] if view is not None and view.HasField("combat") else []
        i = int(value)
        monster = words.card(monsters[i]) if 0 <= i < len(monsters) else ""
        return tr(lang, "on monster {index} {name}", index=i, name=monster).strip()
    if name == "with_card":
        return tr(lang, "with {card}", card=words.card(value))
    if name == "bribe":
        return ""
    if name == "from_table":
        return tr(lang, "from the table")
    return None


def _word(sex: int) -> str:
    """A seat's sex as a word (``SEX_FEMALE`` -> ``female``)."""
    word = enum_word(pb.Sex.DESCRIPTOR, sex)
    return "unspecified" if word == "" else word or str(sex)


# What ``judge rulesets`` shows from the family's declarations (titles, the seat trait's, the options' and the
# variants' docs; judge_client/ruleset_words.py), marked so the catalogues translate them.
RULESET_WORDS = (
    N_("Munchkin (base game, rules 1.71, with the timing table of 001)"),
    N_("Munchkin Babys (003): baby races and classes that count as the classic ones, undead monsters"),
    N_("Star Munchkin (004, with Clown Wars), on the base game's engine"),
    N_("Munchkin im Mixer (001): sets of the Munchkin family combined in one game"),
    N_("The character's sex at the start; it starts as the player's own (000, SPIELZIEL)."),
    N_("Length of the interference window after a claimed win, in ms (000, Weitere Aktionen im Kampf: about 2.6 s)."),
    N_("Seat that takes the first turn (0-based, below the number of seats)."),
    N_("With the variant epic-kick: the game is won at level 20 (001, MUNCHKIN FÜR ZWEI SPIELER: 'Stufe 10 (bzw. "
       "20 beim Epischen Spiel)')."),
    N_("A fighter and helper who reach level 10 in the same combat both win (000, SCHNELLERES SPIEL)."),
    N_("Phase 0: draw a face-down door card at the start of the turn; looting the room draws a face-down treasure "
       "instead of a door (000, SCHNELLERES SPIEL)."),
    N_("The Epic two-door kick: two door cards, traps and curses first in the kicker's order, then the others; "
       "option epic_goal: win at level 20 (001, 1. Alternatives Türöffnen für Epische Munchkins)."),
    N_("Two players, two characters each: seats 0+2 and 1+3 are one person each, with the alter-ego restrictions, "
       "charity and looting of the text; listen at the door is always played (001, MUNCHKIN FÜR ZWEI SPIELER)."),
    N_("The sets this game combines, comma-separated, at least two of munchkin, babys, star (001 MUNCHKIN IM MIXER; "
       "000 KOMBINIERE: 'Mische alle Schatzkarten zusammen')."),
    N_("Play with listen at the door, as the combining sections say ('Verwende die Regeln für Schnelleres Spiel'); "
       "false turns it off."),
)
