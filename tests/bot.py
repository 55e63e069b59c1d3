"""A simple, deterministic player for whole games: it picks among the actions
the judge lists as legal, by a fixed order of preference, for whichever seat
has something to do. It plays the pure core or a live server alike: the
caller provides ``legal(seat) -> list[Action]`` and ``submit(seat, action)``.

It is not a good player; it is a steady one: it levels up when it can, fights
what it meets, claims every win, runs when it loses, and ends its turns, so
every game it plays ends (with a step bound as a safety net)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.cards import Catalogue
from judge.rules.engine import Action

Legal = Callable[[int], list[Action]]
Submit = Callable[[int, Action], Any]

# Responses anyone may owe at any time, most urgent first.
RESPONSES = ("choose_card", "roll_die", "loot_corpse", "pick_treasure", "answer_help", "confirm_adjustment",
             "answer_curse")


def score(action: Action, seat: int, cards: Catalogue, *, level: int, ask_help: bool) -> int | None:
    """Lower is better; None: never."""
    k = action.kind
    data = action.to_dict()
    if k in RESPONSES:
        if k == "answer_help":
            return 0 if data["accept"] else None
        if k == "confirm_adjustment":
            return None
        return 0
    if k == "deal":
        return 1
    if k == "play_card":
        card = cards[data["card"]]
        if ask_help and card.id in ("priester", "elf"):
            # In shared-victory games the only way to 10 is a helped kill by the fighter: no cleric
            # rises through Göttliche Intervention, no elf helper through a kill it helped with.
            return None
        if card.kind == "level_up" and data.get("target_seat") == seat:
            return 2
        if card.kind in ("race", "class", "super_munchkin", "half_breed", "item", "special_treasure",
                         "divine_intervention"):
            return 3 if not data.get("from_table") else None
        if card.kind == "one_shot" and data.get("side") == "players":
            return 6
        return None
    if k == "set_item_in_use":
        # Only into use when nothing has to make room: taking an item out of the backpack moves
        # whatever is in its slot into the backpack, and two items would swap places for ever.
        return 4 if data["in_use"] and not data["to_backpack"] else None
    if k == "ask_for_help":
        # In shared-victory games every fight gets a helper, so every kill that reaches 10 is shared.
        return 5 if ask_help and not data["bribe"]["items"] and not data["bribe"]["treasures"] else None
    order = {
        "claim_victory": 7, "resolve_combat": 8, "draw_treasures": 8, "give_up": 9, "run_away": 10,
        "suffer_bad_stuff": 11, "kick_door": 12, "loot_room": 13, "end_turn": 14,
    }
    return order.get(k)


def play(legal: Legal, submit: Submit, view: Callable[[], dict[str, Any]], cards: Catalogue, seats: int, *,
         ask_help: bool = False, max_steps: int = 5000, advance_clock: Callable[[], None] | None = None) -> int:
    """Play until the game is over; returns the number of actions taken."""
    steps = 0
    while steps < max_steps:
        v = view()
        if v["finished"]:
            return steps
        active = v["active"]
        best: tuple[int, int, Action] | None = None
        for seat in [active] + [s for s in range(seats) if s != active]:
            level = v["levels"][seat]
            actions = legal(seat)
            # A card that must be played at once (Schatzbort dealt out of turn) is that seat's only
            # legal action, and it blocks everything else the seat owes: play it first.
            forced = len(actions) == 1 and actions[0].kind == "play_card"
            for action in actions:
                if seat != active and not forced and action.kind not in RESPONSES \
                        and action.kind not in ("run_away", "suffer_bad_stuff"):
                    continue
                s = 0 if forced else score(action, seat, cards, level=level, ask_help=ask_help)
                if s is not None and (best is None or s < best[0]):
                    best = (s, seat, action)
            if best is not None and best[0] <= 1:
                break
        if best is None:
            if advance_clock is None:
                raise AssertionError(f"nobody can act: {v}")
            advance_clock()
            continue
        submit(best[1], best[2])
        steps += 1
    raise AssertionError(f"the game did not end within {max_steps} actions")
