"""Hirelings of Star Munchkin (004 "Handlanger"): one in play (any number for
a Händler), played at any time, even in a combat, discarded at any time, never
traded or given (they are not items), and sacrificed instead of a run-away
roll to escape every monster of the combat; the fighter decides whether the
helper escapes too.

A layer of the Star ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.rules.ruling import reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.ruleset import Munchkin
from judge.rulesets.munchkin.state import MunchkinState

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.state import Player
    from judge.rulesets.munchkin.tx import _Tx

#: The kinds 001 "MUNCHKIN IM MIXER" counts as one class of interchangeable followers
#: ("Lakaien, Mietlinge, Handlanger und Mooks sind alle die gleiche Klasse").
FOLLOWER_KINDS = frozenset({"hireling", "follower", "minion", "henchman", "mook", "ally", "companion", "sidekick"})
#: 004 "Handlanger": "(Es sei denn du bist ein Händler)": the trait that lifts the limit of one.
MANY_HIRELINGS = "class:haendler"


class HirelingSacrifice(Munchkin):
    """The hirelings in front of a player and their sacrifice instead of a run-away roll: one routine for
    Star's hirelings and the Mixer's followers (001: "Alle Anhänger können sich im Kampf für dich opfern,
    wenn du weglaufen willst")."""

    def hirelings(self, tx: _Tx, p: Player) -> list[str]:
        """The hirelings (every kind of follower) in front of ``p``."""
        return [t for t in p.table if t in tx.cards and tx.cards[t].kind in FOLLOWER_KINDS]

    def hireling_limit(self, tx: _Tx, p: Player) -> int | None:
        """How many hirelings ``p`` may have in play: one, any number (None) for a Händler."""
        return None if self.has_trait(tx, p, MANY_HIRELINGS) else 1

    def hirelings_over(self, tx: _Tx, seat: int, adding: int = 0) -> bool:
        """Would ``seat`` have more hirelings in play than ``hireling_limit`` allows, with ``adding`` more?"""
        p = tx.state.players[seat]
        limit = self.hireling_limit(tx, p)
        return limit is not None and len(self.hirelings(tx, p)) + adding > limit

    def sacrifice_hireling(self, tx: _Tx, seat: int, a: A.UseAbility) -> None:
        """``seat`` sacrifices the hireling ``a.item`` (``a.target_seat``: taking the helper along). 004
        "Handlanger": "Wenn du einen Kampf verlierst, kannst du einen Handlanger ablegen, anstatt
        einen Weglaufwurf zu machen. Du entkommst automatisch allen Monstern in dem Kampf"."""
        p = tx.state.players[seat]
        if a.item not in self.hirelings(tx, p):
            raise reject("star.hireling.none")
        c = tx.state.combat
        if c is None or c.stage != "running" or seat not in self.fighters(c):
            raise reject("star.hireling.sacrifice-when-lost")
        pending = [m for m in c.monsters if not m.eliminated and m.runs.get(str(seat)) == "pending"]
        if not pending:
            raise reject("star.hireling.sacrifice-when-lost")
        seats = [seat]
        if a.target_seat is not None:
            # "Wenn jemand dir im Kampf geholfen hat, entscheidest DU, ob diese Person ebenfalls
            # automatisch entkommt": the fighter takes the helper along.
            if seat != c.fighter or a.target_seat != c.helper:
                raise reject("star.hireling.victim-decides", fighter=c.fighter)
            if self.has_rolled(tx, a.target_seat):
                raise reject("star.hireling.helper-has-rolled", helper=a.target_seat)
            seats.append(a.target_seat)
        self.remove_from_play(tx, seat, a.item)
        tx.emit("HirelingSacrificed", seat=seat, card=a.item, escaped=seats)
        self.maybe_finish_run(tx)


    def has_rolled(self, tx: _Tx, seat: int) -> bool:
        """Has runner ``seat`` rolled to run away (or suffered bad stuff) in this run? A run it escaped
        without a roll (the monster does not pursue it) is no roll; every other run no longer pending is."""
        c = tx.state.combat
        assert c is not None
        level = tx.state.players[seat].level
        for i, m in enumerate(c.monsters):
            run = m.runs.get(str(seat))
            if run in ("caught", "done"):
                return True
            limit = tx.cards[m.card].will_not_pursue_max_level
            if run == "escaped" and not (self.pursuit_stopped(tx, i) or (limit and level <= limit)):
                return True
        return False


class HirelingRules(HirelingSacrifice):
    """Hireling rules: the base game with Star's hirelings; the Star ruleset builds on it."""

    def check_position_seat(self, tx: _Tx, seat: int, path: str) -> None:
        """A position's seat with more hirelings than it may have in play (docs/position.md)."""
        super().check_position_seat(tx, seat, path)
        if self.hirelings_over(tx, seat):
            raise reject("star.hireling.only-one", field=f"{path}.other_cards")

    def _play_hireling(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if self.hirelings_over(tx, seat, adding=1):
            raise reject("star.hireling.only-one")
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    def _refuse_followers(self, tx: _Tx, cards: list[str]) -> None:
        """004 "Handlanger": "Handlanger darfst du nicht handeln; sie sind keine „Gegenstände“"."""
        if any(c in tx.cards and tx.cards[c].kind in FOLLOWER_KINDS for c in cards):
            raise reject("star.hireling.not-an-item")


def hireling_sacrificed(s: MunchkinState, e: dict[str, Any]) -> None:
    """Every run still pending of the seats that escape is escaped."""
    if s.combat is None:
        return
    for m in s.combat.monsters:
        for seat in e["escaped"]:
            if m.runs.get(str(seat)) == "pending":
                m.runs[str(seat)] = "escaped"
