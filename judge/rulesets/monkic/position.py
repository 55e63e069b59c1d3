"""Positions of monkic (docs/position.md, docs/position/monkic-1.schema.json):
life points, each seat's hand, table and graveyard (every card an instance
``{"id", "card"}``), protections, activations, the round and the turn, the
draw stack's composition and anything pending. Everything on a monkic table
is face up (002 Spielfeld: "Die Karten werden offen hingelegt"), so every
viewer gets the same position. A position loads as a reported table.

Pure functions used by the ruleset (ruleset.py).
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from typing import Any

from judge.common.i18n import N_
from judge.rules.engine import GameSetup, SeatSetup
from judge.rules.position import check_envelope, envelope, expect, expect_objects
from judge.rules.ruling import Malformed
from judge.rulesets.monkic import cards as C
from judge.rulesets.monkic.cards import said_in_monkic as _said
from judge.rulesets.monkic.state import MonkicState, Seat

VERSIONS = (1,)
PHASES = ("opening", "play", "over")
ZONES = ("hand", "table", "graveyard")
# State fields carried as recorded (their meaning: judge/rulesets/monkic/state.py).
AS_RECORDED = ("attacks", "traps", "trap_turn", "used", "bars", "borrowed", "pending", "turn_over", "keeps_guard",
               "next_id")
_ID = re.compile(r"^c[1-9][0-9]{0,5}$")


def position_of(name: str, state: MonkicState) -> dict[str, Any]:
    """The table now (the same for every viewer)."""
    setup = state.setup
    out = envelope("monkic", VERSIONS[-1], name)
    options = {k: v for k, v in setup.get("options", {}).items() if k != "seed_sha256"}
    options["first_seat"] = state.first
    out.update(variants=list(state.variants), options=options,
               custom_cards=copy.deepcopy(setup.get("custom_cards", [])))
    out["seats"] = [{"name": s.name, "life": s.life, "opened": s.opened,
                     **{z: [{"id": u, "card": state.cards[u]} for u in getattr(s, z)] for z in ZONES}}
                    for s in state.seats]
    placed = {u for s in state.seats for z in ZONES for u in getattr(s, z)}
    out["protections"] = {card: {"id": g, "card": state.cards[g]} for card, g in sorted(state.guards.items())}
    placed |= set(state.guards.values())
    out["out_of_play"] = {u: c for u, c in sorted(state.cards.items()) if u not in placed}
    stack = list(state.stack)
    xxl = list(state.xxl)
    if state.mode == "dealt":  # what is left, as a reported table knows it: the composition less what is out
        out_now = Counter(state.cards.values())
        left = Counter(state.stack + state.xxl) - out_now
        stack = sorted((Counter(state.stack) & left).elements())
        xxl = sorted((Counter(state.xxl) & (left - Counter(stack))).elements())
    out.update(stack=stack, xxl=xxl, phase=state.phase, active_seat=state.active, turn=state.turn,
               drew=state.drew, took=state.took, winner=state.winner)
    out.update({k: copy.deepcopy(getattr(state, k)) for k in AS_RECORDED})
    return out


def setup_of(name: str, data: dict[str, Any]) -> GameSetup:
    check_envelope(data, "monkic", VERSIONS)
    seats = expect(data, "seats", list, "position")
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise Malformed(f"position.seats[{i}]", _said(N_("a seat is an object")))
        out.append(SeatSetup(expect(s, "name", str, f"position.seats[{i}]"), {}))
    return GameSetup(name, tuple(str(v) for v in expect(data, "variants", list, "position", [])), tuple(out),
                     dict(expect(data, "options", dict, "position", {})), "reported",
                     tuple(expect_objects(data, "custom_cards", "position")), position=copy.deepcopy(data))


def check(setup: GameSetup) -> None:
    """``Malformed`` naming the field for what is not a monkic table."""
    data = setup.position
    assert data is not None
    known = C.catalogue()
    ids: set[str] = set()

    def instance(entry: Any, path: str) -> None:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not _ID.match(entry["id"]):
            raise Malformed(path, _said(N_("a card is {shape}"), shape='{"id": "c<number>", "card": <catalogue id>}'))
        if entry.get("card") not in known:
            raise Malformed(f"{path}.card", _said(N_("{card} is not a monkic card (judge cards)"),
                                                    card=repr(entry.get("card"))))
        if entry["id"] in ids:
            raise Malformed(f"{path}.id", _said(N_("{card} is in the position twice"), card=entry["id"]))
        ids.add(entry["id"])

    for i, s in enumerate(data["seats"]):
        path = f"position.seats[{i}]"
        expect(s, "life", int, path)  # below 0 once a game is lost
        for z in ZONES:
            for j, entry in enumerate(expect(s, z, list, path, [])):
                instance(entry, f"{path}.{z}[{j}]")
    for card, guard in expect(data, "protections", dict, "position", {}).items():
        instance(guard, f"position.protections.{card}")
    for uid, cid in expect(data, "out_of_play", dict, "position", {}).items():
        instance({"id": uid, "card": cid}, f"position.out_of_play.{uid}")
    for card in data.get("protections", {}):
        if card not in ids:
            raise Malformed(f"position.protections.{card}", _said(N_("protects a card that is not in the position")))
    if data.get("phase", "play") not in PHASES:
        raise Malformed("position.phase", _said(N_("one of {values}"), values=", ".join(PHASES)))
    active = expect(data, "active_seat", int, "position", 0)
    if not 0 <= active < len(data["seats"]):
        raise Malformed("position.active_seat", _said(N_("seat 0 or 1")))
    if expect(data, "turn", int, "position", 1) < 0:
        raise Malformed("position.turn", _said(N_("turns count from 1 (0 before the first)")))
    for key in ("stack", "xxl"):
        for j, cid in enumerate(expect(data, key, list, "position", [])):
            if cid not in known:
                raise Malformed(f"position.{key}[{j}]", _said(N_("{card} is not a monkic card"), card=repr(cid)))
    top = max([0, *(int(u[1:]) for u in ids)])
    if int(data.get("next_id", top + 1)) <= top:
        raise Malformed("position.next_id", _said(N_("must be above the highest card id ({card})"), card=f"c{top}"))
    try:
        state_of(setup, "monkic@check")
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise Malformed("position", _said(N_("cannot be read: {problem}"), problem=str(e))) from None


def state_of(setup: GameSetup, pinned: str) -> MonkicState:
    data = setup.position
    assert data is not None
    recorded = setup.to_dict()
    recorded.pop("position")
    cards: dict[str, str] = {}
    seats = []
    for s in data["seats"]:
        zones = {}
        for z in ZONES:
            zones[z] = [e["id"] for e in s.get(z, [])]
            cards.update({e["id"]: e["card"] for e in s.get(z, [])})
        seats.append(Seat(name=s["name"], life=int(s["life"]), opened=bool(s.get("opened", True)), **zones))
    guards = {}
    for card, g in data.get("protections", {}).items():
        guards[card] = g["id"]
        cards[g["id"]] = g["card"]
    cards.update(data.get("out_of_play", {}))
    top = max([0, *(int(u[1:]) for u in cards)])
    first = int(data.get("options", {}).get("first_seat", 0))
    state = MonkicState(
        rules_version=pinned, setup=recorded, mode="reported", seats=seats,
        variants=sorted(setup.variants), cards=dict(sorted(cards.items(), key=lambda kv: int(kv[0][1:]))),
        stack=sorted(data.get("stack", [])), xxl=sorted(data.get("xxl", [])),
        phase=str(data.get("phase", "play")), active=int(data.get("active_seat", 0)), first=first,
        turn=int(data.get("turn", 1)), drew=bool(data.get("drew", False)), took=bool(data.get("took", False)),
        guards=guards, winner=data.get("winner"), next_id=int(data.get("next_id", top + 1)),
    )
    for key in AS_RECORDED:
        if key in data and key != "next_id":
            setattr(state, key, copy.deepcopy(data[key]))
    return state
