"""Positions of the Munchkin family (docs/position.md, docs/position/munchkin-1.schema.json):
the table written down, as a viewer may see it, and a game started from one.

A position holds everything the rules need about a table now: each seat's
level, sex, races, classes, items (in use or in the backpack), other cards in
front, known hand cards and the count of unknown ones, dead flags; whose
turn, the phase and the turn's flags; the combat with its monsters, the cards
played on them and for the players, the helper, the bribe, the stage and the
window; the discard piles; and, under ``pending``, any decision in progress
(a trade, a choice, a looting, a curse from the door, an open adjustment) as
the game records it. A position loads as a reported table.

A mixin of the Munchkin ruleset.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, fields, replace
from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_, said
from judge.rules.declarations import option
from judge.rules.engine import GameSetup, SeatSetup, Viewer
from judge.rules.position import check_envelope, envelope, expect, expect_objects
from judge.rules.ruling import Malformed, reject
from judge.rulesets.munchkin.monsters import doubled_enhancer
from judge.rulesets.munchkin.position_dealt import check_dealt, piles_of
from judge.rulesets.munchkin.position_dealt import draw_piles as _draw_piles
from judge.rulesets.munchkin.sentences import not_of_deck
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin.state import Combat, Item, Monster, MunchkinState, Player
from judge.rulesets.munchkin.tx import _Tx

if TYPE_CHECKING:
    from judge.cards import Card, Catalogue
    from judge.rulesets.munchkin.host import MunchkinHost

VERSIONS = (1,)
PHASES = ("start", "combat", "after-door", "charity")
STAGES = ("fighting", "claimed", "running", "treasures")
_BASE_FIELDS = frozenset(f.name for f in fields(MunchkinState))
# State fields of a decision in progress, carried as recorded under "pending".
PENDING = ("trade", "choice", "choices_waiting", "corpse", "corpse_piles", "looting_queue", "dying",
           "pending_curse", "after_looting", "adjustment", "must_play", "epic_kick")


class PositionRules:
    """Writing and loading positions, mixed into the Munchkin ruleset."""

    # ------------------------------------------------------------------ writing

    def position(self: MunchkinHost, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        """The table now as ``viewer`` sees it: another seat's hand is a count."""
        options = {k: v for k, v in state.setup.get("options", {}).items() if k != "seed_sha256"}
        options["interference_window_ms"] = state.window_ms
        out = envelope(self.family, VERSIONS[-1], self.name)
        # The set-up's own list (never changed: a definition makes a new one), for readers to copy.
        out.update(variants=list(state.setup.get("variants", [])), options=options,
                   custom_cards=state.setup.get("custom_cards", []))
        seats = []
        for i, p in enumerate(state.players):
            sees = viewer.sees_everything or viewer.is_seat(i)
            seats.append({
                "name": p.name, "sex": p.sex, "level": p.level, "races": list(p.races),
                "classes": list(p.classes), "items": [{"card": it.card, "in_use": it.in_use} for it in p.items],
                "other_cards": list(p.table), "hand": list(p.hand) if sees else [],
                "hand_unknown": p.unknown if sees else p.hand_size, "dead": p.dead,
                "needs_hand": p.needs_hand, "received": list(p.received) if sees else [],
            })
        out.update(seats=seats, active_seat=state.active, turn=state.turn, phase=state.phase,
                   met_monster=state.met_monster, turn_flags=list(state.turn_flags),
                   winners=list(state.winners), finished=state.finished,
                   discards={k: list(v) for k, v in state.discards.items()})
        c = state.combat
        if c is None:
            out["combat"] = None
        else:
            combat = asdict(c)
            combat["monsters"] = [
                {"card": m.card, "modifiers": list(m.mods),
                 "played_by": [m.played_by[i] if i < len(m.played_by) else None for i in range(len(m.mods))],
                 "bonus": m.bonus, "extra_treasures": m.extra_treasures,
                 "floor": m.floor, "mate_of": m.mate_of, "eliminated": m.eliminated,
                 "elimination_treasure": m.elimination_treasure, "runs": dict(m.runs)} for m in c.monsters]
            combat["player_modifiers"] = combat.pop("player_mods")
            out["combat"] = combat
        if state.mode == "dealt":
            out["mode"] = "dealt"
            piles = _draw_piles(state, None) if viewer.sees_everything else None
            if piles is not None:  # known without the seed before the first draw; the app passes it in later
                out["piles"] = piles
        pending = {k: copy.deepcopy(_plain(getattr(state, k))) for k in PENDING}
        if not viewer.sees_everything:
            pending["adjustment"] = None  # an adjustment may name hand cards: the organizer's alone
        out["pending"] = pending
        # A set layer's own state (fields of its MunchkinState subclass), as recorded; a layer
        # whose fields hold hidden cards overrides ``position`` to redact them.
        layer = {f.name: copy.deepcopy(_plain(getattr(state, f.name))) for f in fields(state)
                 if f.name not in _BASE_FIELDS}
        if layer:
            out["layer"] = layer
        return out

    def draw_piles(self: MunchkinHost, state: MunchkinState, secret_seed: bytes | None) -> dict[str, list[str]] | None:
        """A dealt table's draw piles now (sorted), which take the seed once a
        card was drawn (position_dealt.py); None at a reported table."""
        return _draw_piles(state, secret_seed) if state.mode == "dealt" else None

    # ------------------------------------------------------------------ loading

    def setup_of_position(self: MunchkinHost, data: dict[str, Any]) -> GameSetup:
        """The set-up a position implies: its seats, variants, options and cards."""
        check_envelope(data, self.family, VERSIONS)
        seats = expect(data, "seats", list, "position")
        out = []
        for i, s in enumerate(seats):
            path = f"position.seats[{i}]"
            if not isinstance(s, dict):
                raise Malformed(path, _said(N_("a seat is an object")))
            name = expect(s, "name", str, path)
            sex = expect(s, "sex", str, path)
            if sex not in ("male", "female"):
                raise Malformed(f"{path}.sex", _said(N_("male or female")))
            out.append(SeatSetup(name, {"sex": sex}))
        variants = expect(data, "variants", list, "position", [])
        options = dict(expect(data, "options", dict, "position", {}))
        custom = expect_objects(data, "custom_cards", "position")
        mode = expect(data, "mode", str, "position", "reported")
        if mode not in ("reported", "dealt"):
            raise Malformed("position.mode", _said(N_("reported or dealt")))
        return GameSetup(self.name, tuple(str(v) for v in variants), tuple(out), options, mode,
                         tuple(custom), position=copy.deepcopy(data))

    def position_layer_cards(self: MunchkinHost, data: dict[str, Any]) -> list[tuple[str, Any]]:
        """The cards a set layer's own state places (field, card id), for a
        dealt position's count of each card; none in the base game."""
        return []

    def state_of_position(self: MunchkinHost, setup: GameSetup) -> MunchkinState:
        """The state ``setup.position`` describes (checked by ``check_position`` first)."""
        data = setup.position
        assert data is not None
        recorded = setup.to_dict()
        recorded.pop("position")
        players = []
        for s in data["seats"]:
            players.append(Player(
                name=s["name"], sex=s["sex"], level=int(s.get("level", 1)), races=list(s.get("races", [])),
                classes=list(s.get("classes", [])),
                items=[Item(str(it["card"]), bool(it.get("in_use", True))) for it in s.get("items", [])],
                table=list(s.get("other_cards", [])), hand=list(s.get("hand", [])),
                unknown=int(s.get("hand_unknown", 0)), dead=bool(s.get("dead", False)),
                needs_hand=bool(s.get("needs_hand", False)), received=list(s.get("received", []))))
        state = self.state_type(
            rules_version=self.pinned, setup=recorded, players=players, mode="reported",
            window_ms=int(option(self, setup, "interference_window_ms")),
            active=int(data.get("active_seat", 0)), turn=int(data.get("turn", 1)),
            phase=str(data.get("phase", "start")), met_monster=bool(data.get("met_monster", False)),
            turn_flags=list(data.get("turn_flags", [])), winners=list(data.get("winners", [])),
            finished=bool(data.get("finished", False)),
            discards={"door": [], "treasure": [], **{k: list(v) for k, v in data.get("discards", {}).items()}},
        )
        combat = data.get("combat")
        if combat is not None:
            monsters = [Monster(card=m["card"], mods=list(m.get("modifiers", [])),
                                played_by=list(m.get("played_by", [None] * len(m.get("modifiers", [])))),
                                bonus=int(m.get("bonus", 0)),
                                extra_treasures=int(m.get("extra_treasures", 0)), floor=int(m.get("floor", 0)),
                                mate_of=m.get("mate_of"), eliminated=bool(m.get("eliminated", False)),
                                elimination_treasure=bool(m.get("elimination_treasure", False)),
                                runs=dict(m.get("runs", {})))
                        for m in combat["monsters"]]
            rest = {k: copy.deepcopy(v) for k, v in combat.items() if k not in ("monsters", "player_modifiers")}
            state.combat = Combat(monsters=monsters, player_mods=copy.deepcopy(combat.get("player_modifiers", [])),
                                  **rest)
        if setup.mode == "dealt":  # position_dealt.py: the judge knows every card and the piles
            cards = self.catalogue(setup.custom_cards)
            state.mode, state.dealt_out = "dealt", True
            state.seed_sha256 = str(setup.options.get("seed_sha256", ""))
            state.piles = {deck: {"base": pile, "taken": 0, "shuffles": 0}
                           for deck, pile in piles_of(data, cards, self.position_layer_cards(data)).items()}
        fresh = state.to_dict()
        pending = {k: v for k, v in (data.get("pending") or {}).items() if k in PENDING and v is not None}
        layer = dict(data.get("layer") or {})
        if pending or layer:
            return self.state_type.from_dict({**fresh, **copy.deepcopy(pending), **copy.deepcopy(layer)})
        return state

    def check_position(self: MunchkinHost, setup: GameSetup) -> None:
        """Refuse a position no legal game could reach: ``Malformed`` naming the
        field for what is not a position at all, the ruling it breaks otherwise."""
        data = setup.position
        assert data is not None
        cards = self.catalogue(setup.custom_cards)
        n = len(setup.seats)

        def known(cid: Any, path: str, *kinds: str, deck: str = "") -> Card:
            if not isinstance(cid, str) or cid not in cards:
                raise Malformed(path, _said(N_("{card} is not a card of this game (judge cards)"), card=repr(cid)))
            card = cards[cid]
            if kinds and card.kind not in kinds:
                raise Malformed(path, _said(N_("{card} is a card of the kind {kind}, not {wanted}"), card=cid,
                                            kind=said(card.kind), wanted=" / ".join(kinds)))
            if deck and card.deck != deck:
                raise Malformed(path, not_of_deck(cid, deck))
            return card

        for i, s in enumerate(data["seats"]):
            path = f"position.seats[{i}]"
            if s["sex"] not in ("male", "female"):
                raise Malformed(f"{path}.sex", _said(N_("male or female")))
            expect(s, "level", int, path, 1)
            for key in ("races", "classes", "items", "other_cards", "hand", "received"):
                expect(s, key, list, path, [])
            if int(expect(s, "hand_unknown", int, path, 0)) < 0:
                raise Malformed(f"{path}.hand_unknown", _said(N_("a count of cards, 0 or more")))
            for j, r in enumerate(s.get("races", [])):
                known(r, f"{path}.races[{j}]", "race")
            for j, k in enumerate(s.get("classes", [])):
                known(k, f"{path}.classes[{j}]", "class")
            for j, it in enumerate(s.get("items", [])):
                if not isinstance(it, dict):
                    raise Malformed(f"{path}.items[{j}]",
                                    _said(N_("an item is {shape}"), shape='{"card": ..., "in_use": ...}'))
                known(it.get("card"), f"{path}.items[{j}].card", deck="treasure")
            for j, t in enumerate(s.get("other_cards", [])):
                known(t, f"{path}.other_cards[{j}]")
            for j, h in enumerate(s.get("hand", [])):
                known(h, f"{path}.hand[{j}]")
        for key, kind in (("active_seat", int), ("turn", int), ("phase", str)):
            expect(data, key, kind, "position", "start" if key == "phase" else 0)
        if not 0 <= int(data.get("active_seat", 0)) < n:
            raise Malformed("position.active_seat", _said(N_("a seat number 0 to {last}"), last=n - 1))
        if int(data.get("turn", 1)) < 1:
            raise Malformed("position.turn", _said(N_("turns count from 1")))
        if data.get("phase", "start") not in PHASES:
            raise Malformed("position.phase", _said(N_("one of {values}"), values=", ".join(PHASES)))
        for deck, pile in expect(data, "discards", dict, "position", {}).items():
            if deck not in ("door", "treasure") or not isinstance(pile, list):
                raise Malformed(f"position.discards.{deck}", _said(N_("the piles are door and treasure, each a list")))
            for j, cid in enumerate(pile):
                known(cid, f"position.discards.{deck}[{j}]", deck=deck)
        combat = data.get("combat")
        if combat is not None:
            self._check_position_combat(combat, n, cards, known)
        own = {f.name for f in fields(self.state_type)} - _BASE_FIELDS
        for key in expect(data, "layer", dict, "position", {}):
            if key not in own:
                raise Malformed(f"position.layer.{key}", _said(N_("the ruleset '{ruleset}' has no state of that name"),
                                                               ruleset=self.name))
        pending = expect(data, "pending", dict, "position", {})
        for key in pending:
            if key not in PENDING:
                raise Malformed(f"position.pending.{key}",
                                _said(N_("pending holds {values}"), values=", ".join(PENDING)))
        if setup.mode == "dealt":
            check_dealt(data, cards, self.position_layer_cards(data))
        try:
            state = self.state_of_position(setup)
        except (TypeError, ValueError, KeyError) as e:
            raise Malformed("position", _said(N_("cannot be read: {problem}"), problem=str(e))) from None
        self._check_position_rules(state, cards)

    def _check_position_combat(self: MunchkinHost, combat: Any, n: int, cards: Catalogue, known: Any) -> None:
        path = "position.combat"
        if not isinstance(combat, dict):
            raise Malformed(path, _said(N_("the combat is an object or null")))
        fighter = expect(combat, "fighter", int, path)
        if not 0 <= fighter < n:
            raise Malformed(f"{path}.fighter", _said(N_("a seat number 0 to {last}"), last=n - 1))
        helper = combat.get("helper")
        if helper is not None and (not isinstance(helper, int) or not 0 <= helper < n or helper == fighter):
            raise Malformed(f"{path}.helper", _said(N_("another seat than the fighter, or null")))
        if combat.get("stage", "fighting") not in STAGES:
            raise Malformed(f"{path}.stage", _said(N_("one of {values}"), values=", ".join(STAGES)))
        monsters = expect(combat, "monsters", list, path)
        if not monsters:
            raise Malformed(f"{path}.monsters", _said(N_("a combat has at least one monster")))
        allowed = {"fighter", "helper", "monsters", "player_modifiers", "stage", "window_closes_at_ms", "request",
                   "bribe", "used", "run_bonus", "drawn", "treasures_due", "helper_owed", "next_picker", "dead"}
        for key in combat:
            if key not in allowed:
                raise Malformed(f"{path}.{key}", _said(N_("not a field of a combat (docs/position.md)")))
        for i, m in enumerate(monsters):
            mp = f"{path}.monsters[{i}]"
            if not isinstance(m, dict):
                raise Malformed(mp, _said(N_("a monster is an object")))
            mate = m.get("mate_of")
            if mate is not None and (not isinstance(mate, int) or not 0 <= mate < i):
                raise Malformed(f"{mp}.mate_of", _said(N_("the index of an earlier monster, or null")))
            if mate is None:
                known(m.get("card"), f"{mp}.card", "monster")
            elif m.get("card") != monsters[mate].get("card"):
                raise Malformed(f"{mp}.card", _said(N_("a Kumpel is a copy of the monster it comes with")))
            for j, x in enumerate(expect(m, "modifiers", list, mp, [])):
                if not (isinstance(x, str) and x.startswith("spent:")):
                    known(x, f"{mp}.modifiers[{j}]")
            played_by = m.get("played_by")
            if played_by is not None:
                if not isinstance(played_by, list) or len(played_by) != len(m.get("modifiers", [])):
                    raise Malformed(f"{mp}.played_by", _said(N_("one seat (or null) for each of the modifiers")))
                for j, who in enumerate(played_by):
                    if who is not None and (not isinstance(who, int) or isinstance(who, bool)
                                            or not 0 <= who < n):
                        raise Malformed(f"{mp}.played_by[{j}]", _said(N_("a seat of the position, or null")))
            if "bonus" not in m:  # numbers from the cards, as if they had been played
                labels = [x.removeprefix("spent:") for x in m.get("modifiers", [])]
                mods = [cards[x] for x in labels if x in cards]
                # a card doubling an enhancer counts the one it lies on once more (001 timing table)
                mods += [cards[d] for j, x in enumerate(labels) if x in cards and cards[x].doubles_enhancer
                         for d in [doubled_enhancer(cards, labels[:j])] if d is not None]
                m["bonus"] = sum(c.bonus for c in mods)
                m.setdefault("extra_treasures", sum(c.extra_treasures for c in mods))
                m.setdefault("floor", max([0, *(c.min_monster_level for c in mods)]))
        for j, pm in enumerate(expect(combat, "player_modifiers", list, path, [])):
            pp = f"{path}.player_modifiers[{j}]"
            if not isinstance(pm, dict) or not isinstance(pm.get("seat"), int) or not 0 <= pm["seat"] < n:
                raise Malformed(pp, _said(N_("{shape} with a seat number"),
                                          shape='{"seat": ..., "card": ..., "bonus": ...}'))
            card = pm.get("card")
            if not (isinstance(card, str) and card.startswith(("spent:", "ability:"))):
                known(card, f"{pp}.card")
            pm.setdefault("bonus", cards[card].bonus if isinstance(card, str) and card in cards else 0)

    def _check_position_rules(self: MunchkinHost, state: MunchkinState, cards: Catalogue) -> None:
        """The rulings a table breaks: a level out of range, more races or
        classes than the cards allow, more big items than may be carried,
        more items in use than the slots hold."""
        tx = _Tx.reading(self, state)
        for i, p in enumerate(state.players):
            path = f"position.seats[{i}]"
            floor, top = self.level_floor_of(tx, i), self.max_level(tx)
            if not floor <= p.level <= top:
                raise reject("munchkin.position.level", level=p.level, floor=floor, top=top, field=f"{path}.level")
            if len(p.races) > self.identity_limit(tx, p, "race"):
                raise reject("munchkin.race.only-one", field=f"{path}.races")
            if len(p.classes) > self.identity_limit(tx, p, "class"):
                raise reject("munchkin.class.only-one", field=f"{path}.classes")
            limit = self.big_item_limit(tx, p)
            if limit is not None and sum(1 for it in p.items if cards[it.card].big) > limit:
                raise reject("munchkin.item.one-big", field=f"{path}.items")
            used: list[Item] = []
            for j, it in enumerate(p.items):
                card = cards[it.card]
                if it.in_use and card.slot:
                    # The set's own slot rules (``fits_beside``: Star's laser weapons join into one).
                    if not self.slot_free(tx, replace(p, items=list(used)), card):
                        raise reject("munchkin.item.slot-full", slot=card.slot, field=f"{path}.items[{j}]")
                    used.append(it)
            self.check_position_seat(tx, i, path)

    def check_position_seat(self: MunchkinHost, tx: _Tx, seat: int, path: str) -> None:
        """A set layer's own limits on what lies in front of ``seat`` (Star's one hireling): the
        ruling, with the field, for a table no legal game could reach; none in the base game."""


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return asdict(value)
