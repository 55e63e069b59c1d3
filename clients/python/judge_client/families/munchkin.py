"""The munchkin family's part of the API as the command line shows it: the root family's view
(``GameView``'s own fields: seats with level, race/class, items and hand, and the combat), which of its
actions a player most likely needs and how their fields read (``judge legal``), and the words of its data the command line shows
(card kinds and slots in ``judge cards`` and ``judge view``; marked here so the catalogues translate them).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from judge.common.enums import enum_word
from judge.common.i18n import N_, tr
from judge.v1 import judge_pb2 as pb
from judge_client.analysis_view import reads

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


def view_renderables(view: pb.GameView, lang: str = "en") -> list[RenderableType]:
    """The family's view: seats with level, race/class, items and hand, and the combat."""
    seats = Table()
    for column in (N_("seat"), N_("name"), N_("sex"), N_("level"), N_("race/class"), N_("items"), N_("hand"),
                   N_("strength")):
        seats.add_column(tr(lang, column))
    for seat in view.seats:
        items = ", ".join(f"{i.card}{'' if i.in_use else ' (carried)'}" for i in seat.items)
        known = [*seat.hand, *([f"{seat.hand_unknown} unknown"] if seat.hand_unknown else [])]
        hand = f"{seat.hand_size} ({', '.join(known)})" if known else str(seat.hand_size)
        marker = "▶ " if seat.seat == view.active_seat else ""
        seats.add_row(
            f"{marker}{seat.seat}",
            escape(seat.name) + (" †" if seat.dead else ""),
            _word(seat.sex),
            str(seat.level),
            ", ".join([*seat.races, *seat.classes]) or "human",
            escape(items),
            escape(hand),
            escape(reads(seat.breakdown)) if seat.HasField("breakdown") else "",
        )
    out: list[RenderableType] = [seats]
    if view.HasField("combat"):
        combat = view.combat
        out.append(
            f"[bold]combat[/] ({escape(combat.stage)}): seat {combat.fighter}"
            + (f" helped by seat {combat.helper}" if combat.HasField("helper") else "")
            + f", players {combat.players_strength} vs monsters {combat.monsters_strength}"
        )
        if combat.HasField("players_breakdown"):
            out.append(f"  players: {escape(reads(combat.players_breakdown))}")
            out.append(f"  monsters: {escape(reads(combat.monsters_breakdown))}")
        for index, monster in enumerate(combat.monsters):
            gone = " (eliminated)" if monster.eliminated else ""
            mods = f" [{', '.join(monster.modifiers)}]" if monster.modifiers else ""
            out.append(
                f"  {index}: {escape(monster.card)} level {monster.level}, "
                f"strength {escape(reads(monster.breakdown)) if monster.HasField('breakdown') else monster.strength}"
                f"{escape(mods)}{gone}"
            )
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
