"""The munchkin family's part of the API as the command line shows it: the root family's view
(``GameView``'s own fields: seats with level, race/class, items and hand, and the combat), which of its
actions a player most likely needs (``judge legal``), and the descriptions ``LegalActions`` gives its
actions (marked here so the catalogues translate them).
"""

from __future__ import annotations

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
# The descriptions LegalActions gives (the first line of each action's docstring), for translation.
DESCRIPTIONS = (
    N_("Accept the trade offered to you."),
    N_("Answer the curse turned up on the door: a counter card, or none to take it."),
    N_("Accept or decline a request for help."),
    N_("Ask another seat to help in your combat, with an optional bribe."),
    N_("Withdraw or decline the open trade."),
    N_("Resolve a pending choice (item lost to a curse or bad stuff ...)."),
    N_("The fighter claims the win; the interference window opens."),
    N_("Agree to (or refuse) the open adjustment proposal."),
    N_("Discard a card from the hand or from the table."),
    N_("Report the treasures drawn face up after a combat won with help."),
    N_("Phase 4: charity, then the next seat's turn."),
    N_("Give a carried item to another seat without a trade (a bribe)."),
    N_("Concede the combat: run away from every monster."),
    N_("Phase 1: turn the top door card face up (reported: name it)."),
    N_("Phase 2: fight a monster from the hand."),
    N_("Take one card from a dead character, in the looting order."),
    N_("Phase 3: draw one door card face down."),
    N_("Take one of the treasures drawn face up, in the agreed order."),
    N_("Play a card from the hand (or a carried one-shot with from_table)."),
    N_("Offer items in play for items in play of another seat."),
    N_("Record a table adjustment for an effect the engine does not model."),
    N_("Resolve the combat once the interference window has elapsed."),
    N_("Name an unknown card of your hand (or report a face-up draw)."),
    N_("Report a die roll the rules ask for (e.g. a looting roll-off)."),
    N_("One run-away roll against one monster."),
    N_("Sell items for levels (1,000 gold per level, no change)."),
    N_("Use an item, or put it in the backpack."),
    N_("Take the bad stuff of a monster that caught you."),
    N_("Use a race or class ability, paying with discarded cards."),
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


def _word(sex: int) -> str:
    """A seat's sex as a word (``SEX_FEMALE`` -> ``female``)."""
    word = enum_word(pb.Sex.DESCRIPTOR, sex)
    return "unspecified" if word == "" else word or str(sex)
