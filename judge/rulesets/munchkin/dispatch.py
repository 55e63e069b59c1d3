"""The explicit handler tables of the Munchkin ruleset.

``decide`` dispatches an action by its kind through ``action_handlers``; a
played card by its kind through ``play_handlers``; a race's or class's
ability by its name through ``ability_handlers``. Each table maps a name to a
function taking the ruleset first. A set layer extends or overrides a table
in its own class, without touching the base::

    class Babys(Munchkin):
        action_handlers = {**Munchkin.action_handlers, "backstab": BabysRules.do_backstab}
        play_handlers = {**Munchkin.play_handlers, "room": BabysRules.play_room}

The effect handlers of ``evolve`` are a table too: ``effect_handlers``
(judge/rulesets/munchkin/evolve.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from judge.rulesets.munchkin.abilities import AbilityRules
from judge.rulesets.munchkin.adjustments import AdjustmentRules
from judge.rulesets.munchkin.charity import CharityRules
from judge.rulesets.munchkin.combat import CombatRules
from judge.rulesets.munchkin.curses import CurseRules
from judge.rulesets.munchkin.help import HelpRules
from judge.rulesets.munchkin.items import ItemRules
from judge.rulesets.munchkin.looting import LootingRules
from judge.rulesets.munchkin.monsters import MonsterRules
from judge.rulesets.munchkin.playing import PlayRules
from judge.rulesets.munchkin.running import RunningRules
from judge.rulesets.munchkin.table import TableRules
from judge.rulesets.munchkin.trading import TradingRules
from judge.rulesets.munchkin.turn import TurnRules
from judge.rulesets.munchkin.variants.epic import do_kick_two_doors

# (ruleset, tx, seat, action) -> None
ActionHandler = Callable[..., None]
# (ruleset, tx, seat, card, action) -> None
PlayHandler = Callable[..., None]
# (ruleset, tx, seat, action, source card) -> None
AbilityHandler = Callable[..., None]

ACTION_HANDLERS: Mapping[str, ActionHandler] = MappingProxyType({
    "kick_door": TurnRules._do_kick_door,
    "kick_two_doors": do_kick_two_doors,
    "look_for_trouble": TurnRules._do_look_for_trouble,
    "loot_room": TurnRules._do_loot_room,
    "deal": TurnRules._do_deal,
    "end_turn": CharityRules._do_end_turn,
    "play_card": PlayRules._do_play_card,
    "claim_victory": CombatRules._do_claim_victory,
    "resolve_combat": CombatRules._do_resolve_combat,
    "draw_treasures": CombatRules._do_draw_treasures,
    "pick_treasure": CombatRules._do_pick_treasure,
    "ask_for_help": HelpRules._do_ask_for_help,
    "answer_help": HelpRules._do_answer_help,
    "give_up": RunningRules._do_give_up,
    "run_away": RunningRules._do_run_away,
    "suffer_bad_stuff": RunningRules._do_suffer_bad_stuff,
    "answer_curse": CurseRules._do_answer_curse,
    "set_item_in_use": ItemRules._do_set_item_in_use,
    "give_item": ItemRules._do_give_item,
    "discard_card": TableRules._do_discard_card,
    "reveal_card": TableRules._do_reveal_card,
    "choose_card": TableRules._do_choose_card,
    "pass_in_round": TableRules._do_pass_in_round,
    "sell_items": TradingRules._do_sell_items,
    "propose_trade": TradingRules._do_propose_trade,
    "accept_trade": TradingRules._do_accept_trade,
    "cancel_trade": TradingRules._do_cancel_trade,
    "roll_die": LootingRules._do_roll_die,
    "loot_corpse": LootingRules._do_loot_corpse,
    "use_ability": AbilityRules._do_use_ability,
    "record_adjustment": AdjustmentRules._do_record_adjustment,
    "confirm_adjustment": AdjustmentRules._do_confirm_adjustment,
})

PLAY_HANDLERS: Mapping[str, PlayHandler] = MappingProxyType({
    "race": PlayRules._play_race,
    "class": PlayRules._play_class,
    "super_munchkin": PlayRules._play_super_munchkin,
    "half_breed": PlayRules._play_half_breed,
    "item": ItemRules._play_item,
    "one_shot": PlayRules._play_one_shot,
    "special_treasure": PlayRules._play_special_treasure,
    "level_up": PlayRules._play_level_up,
    "curse": PlayRules._play_curse,
    # 001 timing table: "Flüche, Fallen, Katastrophen und Geisteskrankheiten: Jederzeit"; an insanity hits as a
    # curse ("Die Wirkung der Karte tritt sofort ein", 001 "1. Tür öffnen"); a headquarters lies in front
    "insanity": PlayRules._play_curse,
    "headquarters": PlayRules._play_in_front,
    "wandering_monster": PlayRules._play_wandering_monster,
    "divine_intervention": PlayRules._play_divine_intervention,
    "mate": MonsterRules._play_mate,
    "monster_enhancer": MonsterRules._play_monster_enhancer,
    "monster_enhancer_enhancer": MonsterRules._play_monster_enhancer_enhancer,
})

ABILITY_HANDLERS: Mapping[str, AbilityHandler] = MappingProxyType({
    "berserk": AbilityRules._ability_berserk,
    "turning": AbilityRules._ability_turning,
    "flight-spell": AbilityRules._ability_flight_spell,
    "charm-spell": AbilityRules._ability_charm_spell,
    "backstab": AbilityRules._ability_backstab,
    "steal": AbilityRules._ability_steal,
    "halfling-sale": AbilityRules._ability_halfling_sale,
    "halfling-reroll": AbilityRules._ability_halfling_reroll,
})


def extended(table: Mapping[str, Any], **more: Any) -> Mapping[str, Any]:
    """A copy of ``table`` with entries added or replaced (for a layer's class body)."""
    return MappingProxyType({**table, **more})
