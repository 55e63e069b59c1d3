"""The Epic two-door kick (001 "1. Alternatives Türöffnen für Epische Munchkins"):

    Ziehe zwei Türkarten.
    Zunächst werden Fallen und Flüche in beliebiger Reihenfolge abgearbeitet.
    Als nächstes kommen alle anderen Karten außer Räumen, Monstern und
    Monsterverstärkern. Diese Karten können sofort gespielt werden oder kommen
    auf die Hand.
    Hast du einen Raum geöffnet, wirkt dieser ggf. auf den Kampf. Bei zwei
    Räumen wirkt nur der erste – der zweite kommt auf die Hand.
    Hast du ein Monster gezogen, musst du es bekämpfen. Hast du dazu einen
    Monsterverstärker gezogen, wirkt dieser auf das Monster. Hast du zwei
    Monster gezogen, bekämpfst du beide zusammen. Hast du einen
    Monsterverstärker ohne Monster gezogen, geht er auf deine Hand.
    Kommt es zu einem Kampf, weiter bei 3. Ansonsten weiter bei 2.

With the option ``epic_goal`` the game is won at level 20 (001, last line of
"MUNCHKIN FÜR ZWEI SPIELER": "die Stufe 10 (bzw. 20 beim Epischen Spiel)").

How it runs: ``KickTwoDoors`` turns up both cards (``EpicKickBegun``, which
keeps the cards not yet resolved in ``state.epic_kick``); ``continue_turn``
(called at the end of every decision) resolves them in the text's order while
nothing waits. A curse or trap waits for its victim's answer like one from
the ordinary kick (curses.py); with two of them the kicker first chooses which
comes first, a choice (``ChoiceRequired`` reason ``epic-order``) answered with
``ChooseCard``, so the order is a recorded command. "Diese Karten können
sofort gespielt werden oder kommen auf die Hand": the other cards go to the
hand, from where the kicker plays them by the ordinary rules (a card that must
be played at once, Göttliche Intervention, takes effect as on the ordinary
kick). The first room is entered as the set's door rule says (``on_door``), the
second goes to the hand; the first monster is met as the set's door rule says,
the second joins the combat, an enhancer drawn with a monster is applied to
it. Then the combat, or phase 2.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.door import attacks, does_not_attack
from judge.rulesets.munchkin.sentences import not_of_deck
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.variants import MunchkinVariant, variants_of

if TYPE_CHECKING:
    from judge.rules.engine import Action, GameSetup
    from judge.rulesets.munchkin.contract import LayerHost
    from judge.rulesets.munchkin.state import MunchkinState
    from judge.rulesets.munchkin.tx import _Tx

#: Resolved first, in the kicker's order ("Fallen und Flüche").
CURSE_KINDS = ("curse", "trap")
#: Held back until the others are resolved ("außer Räumen, Monstern und Monsterverstärkern").
HELD_BACK = ("room", "monster", "monster_enhancer")
#: The reason of the kicker's choice of the curse that comes first.
ORDER = "epic-order"
#: The winning level of the Epic game (001: "20 beim Epischen Spiel").
EPIC_GOAL = 20


class EpicKick(MunchkinVariant):
    name: ClassVar[str] = "epic-kick"
    doc: ClassVar[str] = ("The Epic two-door kick: two door cards, traps and curses first in the kicker's order, "
                          "then the others; option epic_goal: win at level 20 (001, 1. Alternatives Türöffnen "
                          "für Epische Munchkins).")

    def winning_level(self, ruleset: LayerHost, tx: _Tx) -> int | None:
        return EPIC_GOAL if tx.state.setup.get("options", {}).get("epic_goal") else None

    def check_action(self, ruleset: LayerHost, tx: _Tx, seat: int | None, action: Action) -> None:
        if isinstance(action, A.KickDoor):
            raise reject("epic.kick.two-doors")

    def on_choice(self, ruleset: LayerHost, tx: _Tx, seat: int, reason: str, card: str) -> bool:
        if reason != ORDER:
            return False
        _resolve_curse(ruleset, tx, seat, card)
        return True

    def continue_turn(self, ruleset: LayerHost, tx: _Tx) -> None:
        s = tx.state
        while s.epic_kick is not None and not s.finished:
            if s.pending_curse is not None or s.choice is not None or s.corpse is not None:
                return  # a curse waits for its answer, a choice for its chooser
            seat, left = int(s.epic_kick["seat"]), list(s.epic_kick["cards"])
            curses = [c for c in left if tx.cards[c].kind in CURSE_KINDS]
            if len(set(curses)) > 1:
                tx.emit("ChoiceRequired", seat=seat, reason=ORDER, source=curses[0], options=sorted(set(curses)))
                return
            if curses:
                _resolve_curse(ruleset, tx, seat, curses[0])
                continue
            _resolve_the_rest(ruleset, tx, seat, left)
            return


def epic_kick_active(ruleset: LayerHost, state: MunchkinState) -> bool:
    return any(isinstance(v, EpicKick) for v in variants_of(ruleset, state.setup.get("variants", ())))


def check_epic_goal(setup: GameSetup, variants: Iterable[str]) -> None:
    """The option epic_goal belongs to the Epic game."""
    if setup.options.get("epic_goal") and EpicKick.name not in variants:
        raise InvalidArgument("options.epic_goal", _said(N_("the Epic goal (level 20) needs the variant epic-kick")))


def do_kick_two_doors(ruleset: LayerHost, tx: _Tx, seat: int, a: A.KickTwoDoors) -> None:
    """001 "1. Alternatives Türöffnen für Epische Munchkins": "Ziehe zwei Türkarten." """
    s = tx.state
    if not epic_kick_active(ruleset, s):
        raise reject("epic.kick.not-in-this-game")
    ruleset.require_turn(s, seat)
    if s.combat is not None:
        raise reject("munchkin.combat.in-progress")
    if s.phase != "start" or s.epic_kick is not None:
        raise reject("munchkin.turn.door-already-kicked")
    if ruleset.dealt(tx):
        ruleset.require_reported(tx, "kick_two_doors.cards", list(a.cards))
        cards = ruleset.draw(tx, "door", 2)
        if not cards:
            ruleset.kick_empty_door(tx, seat)
            return
    else:
        if len(a.cards) != 2:
            raise Malformed("kick_two_doors.cards", _said(N_("name the two door cards turned up")))
        cards = list(a.cards)
    for i, cid in enumerate(cards):
        card = ruleset.card(tx, cid, f"kick_two_doors.cards[{i}]")
        if card.deck != "door":
            raise Malformed(f"kick_two_doors.cards[{i}]", not_of_deck(card.id, "door"))
    for cid in cards:
        tx.emit("DoorKicked", seat=seat, card=cid, kind=tx.cards[cid].kind)
    tx.emit("EpicKickBegun", seat=seat, cards=cards)


def candidates(doors: list[str]) -> Iterator[A.KickTwoDoors]:
    """Pairs of door cards to try as kicks (legal actions): each card with its neighbour and with the card
    half the catalogue away, so that every kind meets every other over a game."""
    n = len(doors)
    for i, cid in enumerate(doors):
        yield A.KickTwoDoors(cards=(cid, doors[(i + 1) % n]))
        yield A.KickTwoDoors(cards=(cid, doors[(i + n // 2) % n]))


def _resolve_curse(ruleset: LayerHost, tx: _Tx, seat: int, card: str) -> None:
    tx.emit("EpicKickCardResolved", card=card)
    ruleset.curse_from_door(tx, seat, tx.cards[card])


def _resolve_the_rest(ruleset: LayerHost, tx: _Tx, seat: int, left: list[str]) -> None:
    """Everything but the curses, in the text's order, then phase 2 or the combat."""
    kinds = {c: tx.cards[c].kind for c in left}
    for cid in [c for c in left if kinds[c] not in HELD_BACK]:
        tx.emit("EpicKickCardResolved", card=cid)
        if kinds[cid] == "divine_intervention":
            ruleset.divine_intervention(tx, tx.cards[cid])  # must be played at once (000 Sonstige Karten)
            if tx.state.finished:
                return
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[cid], unknown=0)
    rooms = [c for c in left if kinds[c] == "room"]
    for i, cid in enumerate(rooms):
        tx.emit("EpicKickCardResolved", card=cid)
        if i == 0:
            ruleset.on_door(tx, seat, tx.cards[cid])  # "Bei zwei Räumen wirkt nur der erste"
        else:
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[cid], unknown=0)
    monsters = [c for c in left if kinds[c] == "monster"]
    enhancers = [c for c in left if kinds[c] == "monster_enhancer"]
    fought: list[str] = []  # a monster that does not attack the kicker is discarded (001 "1. Tür öffnen", on_door)
    for cid in monsters:
        tx.emit("EpicKickCardResolved", card=cid)
        if tx.state.combat is None:
            ruleset.on_door(tx, seat, tx.cards[cid])
            fought += [cid] if tx.state.combat is not None else []
        elif attacks(tx, seat, tx.cards[cid]):  # "Hast du zwei Monster gezogen, bekämpfst du beide zusammen."
            tx.emit("MonsterAdded", card=cid)
            fought.append(cid)
        else:
            does_not_attack(tx, seat, tx.cards[cid])
    for cid in enhancers:
        tx.emit("EpicKickCardResolved", card=cid)
        card = tx.cards[cid]
        if fought and tx.state.combat is not None:  # "wirkt dieser auf das Monster"
            index = len(tx.state.combat.monsters) - len(fought)
            tx.emit("MonsterModified", seat=seat, index=index, card=cid, bonus=card.bonus,
                    extra_treasures=card.extra_treasures, floor=card.min_monster_level)
        else:  # "Hast du einen Monsterverstärker ohne Monster gezogen, geht er auf deine Hand."
            tx.emit("CardsDrawn", seat=seat, deck="door", cards=[cid], unknown=0)
    tx.emit("EpicKickEnded", seat=seat)
    if tx.state.combat is None and not tx.state.finished and tx.state.phase != "after-door":
        tx.emit("PhaseChanged", phase="after-door")  # "Ansonsten weiter bei 2."


def _begun(s: MunchkinState, e: dict[str, Any]) -> None:
    s.epic_kick = {"seat": e["seat"], "cards": list(e["cards"])}


def _resolved(s: MunchkinState, e: dict[str, Any]) -> None:
    assert s.epic_kick is not None
    s.epic_kick["cards"].remove(e["card"])


def _ended(s: MunchkinState, e: dict[str, Any]) -> None:
    s.epic_kick = None


#: The effects of the Epic kick, for the ruleset's ``effect_handlers``.
EFFECTS = {"EpicKickBegun": _begun, "EpicKickCardResolved": _resolved, "EpicKickEnded": _ended}
