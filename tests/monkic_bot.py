"""A steady player for whole monkic games (002), like tests/bot.py for
Munchkin: it picks among the actions the judge lists as legal, by a fixed
order of preference, for the seat that has something to do. It plays the
pure core or a live server alike: the caller provides ``legal(seat) ->
list[Action]``, ``submit(seat, action)`` and ``view() -> (over, seat to
act)``.

Its order: answer what the game waits for, attack, take a card to the hand,
protect a hand card now and then, play a curse now and then, draw, activate
a Dornenfalle, end the turn. It is not a good player; it is a steady one,
and with a step bound as a safety net every game it plays ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from judge.rules.engine import Action

Legal = Callable[[int], list[Action]]
Submit = Callable[[int, Action], Any]
View = Callable[[], tuple[bool, int]]

ORDER = ("resolve", "attack", "take_to_hand", "protect", "play_curse", "draw", "activate_trap", "end_turn")


def pick(actions: list[Action], step: int) -> Action:
    """The action to take among ``actions`` (never empty) at step ``step``:
    protection every third step, curses every second, otherwise by ORDER."""
    for kind in ORDER:
        if kind == "protect" and step % 3:
            continue
        if kind == "play_curse" and step % 2:
            continue
        found = [a for a in actions if a.kind == kind]
        if found:
            return found[step % len(found)]
    return actions[0]


def play(legal: Legal, submit: Submit, view: View, *, max_steps: int = 3000) -> int:
    """Play until the game is over; returns the number of actions taken."""
    for step in range(max_steps):
        over, seat = view()
        if over:
            return step
        actions = legal(seat)
        if not actions:
            raise AssertionError(f"seat {seat} has to act but has no legal action")
        submit(seat, pick(actions, step))
    raise AssertionError(f"the game did not end within {max_steps} actions")
