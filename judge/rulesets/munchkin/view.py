"""What a viewer sees: the table view, what the game waits for, and the
redaction of effects and commands a viewer may not see.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.rules.analysis import Breakdown
from judge.rules.engine import Viewer
from judge.rulesets.munchkin.tx import _Tx
from judge.rulesets.munchkin.variants.two_players import alter_ego, person_seats

if TYPE_CHECKING:
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.state import MunchkinState


class ViewRules:
    """Views and redaction, mixed into the Munchkin ruleset."""

    def view(self: MunchkinHost, state: MunchkinState, viewer: Viewer) -> dict[str, Any]:
        tx = _Tx.reading(self, state)
        seats = []
        for i, p in enumerate(state.players):
            sees = viewer.sees_everything or viewer.is_seat(i)
            seats.append({
                "seat": i,
                "name": p.name,
                "sex": "SEX_MALE" if p.sex == "male" else "SEX_FEMALE",
                "level": p.level,
                "races": list(p.races),
                "classes": list(p.classes),
                # An item its holder cannot use is carried, not in use (004 "Gegenstände": "Andere Charaktere
                # können solche Gegenstände zwar auch tragen, aber sie können ihre Fähigkeit nicht nutzen").
                "items": [{"card": it.card, "in_use": it.in_use and (it.card not in tx.cards
                                                                     or self.can_use(tx, tx.cards[it.card], p))}
                          for it in p.items],
                "other_cards": list(p.table),
                "hand_size": p.hand_size,
                "hand": sorted(p.hand) if sees else [],
                "hand_unknown": p.unknown if sees else p.hand_size,
                "dead": p.dead,
            })
            # The strength out of combat and why (analysis.py): "7 = level 5 + flammende-ruestung 2".
            own = self.named(tx, Breakdown(f"seat:{i}", "table", tuple(self.power_terms(tx, i))))
            seats[-1].update(strength=own.total, breakdown=own.to_dict())
        out: dict[str, Any] = {
            "ruleset": self.name,
            "variants": list(state.setup.get("variants", [])),
            "rules_version": state.rules_version,
            "status": "GAME_STATUS_FINISHED" if state.finished else "GAME_STATUS_ACTIVE",
            "mode": "TABLE_MODE_DEALT" if state.mode == "dealt" else "TABLE_MODE_REPORTED",
            "seats": seats,
            "active_seat": state.active,
            "turn": state.turn,
            "phase": state.phase,
            "winners": list(state.winners),
            "waiting_for": self._waiting_for(state),
        }
        if state.combat is not None:
            c = state.combat
            players, monsters_total = self.strengths(tx)
            sides = {b.subject: self.named(tx, b) for b in self.combat_breakdowns(tx)}
            mons = []
            for i, m in enumerate(c.monsters):
                card = tx.cards[m.card]
                own = self.named(tx, Breakdown(f"monster:{i}", "combat", tuple(self.monster_terms(tx, i))))
                mons.append({"card": m.card, "level": card.level, "strength": own.total,
                             "modifiers": [x.removeprefix("spent:") for x in m.mods], "eliminated": m.eliminated,
                             "breakdown": own.to_dict()})
                if m.mate_of is not None:
                    mons[-1]["mate_of"] = m.mate_of
            combat: dict[str, Any] = {
                "fighter": c.fighter,
                "monsters": mons,
                "players_strength": players,
                "monsters_strength": monsters_total,
                "players_breakdown": sides["players"].to_dict(),
                "monsters_breakdown": sides["monsters"].to_dict(),
                "stage": c.stage,
                "window_closes_at_ms": c.window_closes_at_ms,
            }
            if c.helper is not None:
                combat["helper"] = c.helper
            if c.request is not None:
                combat["asked_seat"] = c.request["seat"]
            if c.stage == "treasures":
                combat["drawn_treasures"] = list(c.drawn)
                combat["helper_share"] = c.helper_owed
                if c.drawn and c.next_picker is not None:
                    combat["next_picker"] = c.next_picker
            out["combat"] = combat
        if state.corpse is not None:
            k = state.corpse
            looting: dict[str, Any] = {"dead_seat": k["seat"], "cards": list(k["cards"]), "unknown": k["unknown"]}
            looting["must_roll"] = self._must_roll(k)
            if k["picked"] < len(k["order"]):
                looting["next_looter"] = k["order"][k["picked"]]
            out["looting"] = looting
        if state.adjustment is not None:
            adj = state.adjustment
            out["adjustment"] = {"proposer": adj["proposer"], "reason": adj["action"]["reason"],
                                 "approvals": list(adj["approvals"])}
        if state.pending_curse is not None:
            out["pending_curse"] = dict(state.pending_curse)
        if state.epic_kick is not None:
            out["epic_kick_cards"] = list(state.epic_kick["cards"])
        if "two-players" in state.setup.get("variants", []):
            out["alter_egos"] = [alter_ego(i) for i in range(len(state.players))]
        out["must_play"] = [f"{seat}:{card}" for seat, card in sorted(state.must_play.items())]
        if state.mode == "dealt":
            out["seed_sha256"] = state.seed_sha256
            out["seed"] = state.seed_revealed
            out["draw_piles"] = {deck: len(p["base"]) - p["taken"] for deck, p in sorted(state.piles.items())}
        return out

    def person_seats(self: MunchkinHost, state: MunchkinState, seat: int) -> tuple[int, ...]:
        """The seats one person plays, of whom ``seat`` is one: the seat alone, or with two players
        its alter ego too (001 "MUNCHKIN FÜR ZWEI SPIELER": "Ein Spieler übernimmt Charakter 1 und
        Charakter 3"). One token acts and sees for all of them."""
        if "two-players" in state.setup.get("variants", []) and 0 <= seat < len(state.players):
            return person_seats(seat)
        return (seat,)

    def _waiting_for(self: MunchkinHost, s: MunchkinState) -> str:
        if s.finished:
            return "game over: " + ", ".join(s.players[w].name for w in s.winners) + " won"
        if s.choice is not None:
            ch = s.choice
            options = ", ".join(o or "a card not yet identified" for o in ch.options)
            owed = f", {ch.count} to discard" if ch.reason == "discard" else ""
            return f"seat {ch.seat} to choose a card ({ch.reason}{owed}: {options})"
        if s.corpse is not None:
            k = s.corpse
            if k["picked"] < len(k["order"]):
                return f"seat {k['order'][k['picked']]} to take a card from seat {k['seat']}'s corpse"
            if self._must_roll(k):
                return "seats " + ", ".join(map(str, self._must_roll(k))) + " to roll for the looting order"
        if s.pending_curse is not None:
            return (f"seat {s.pending_curse['seat']} to answer the curse {s.pending_curse['card']} "
                    "(a counter, or take it)")
        if s.must_play:
            seat, card = next(iter(sorted(s.must_play.items())))
            return f"seat {seat} to play {card} at once"
        if self.owes_new_hand(s, s.active):
            return f"seat {s.active} to draw a new hand (4 door and 4 treasure cards face down)"
        c = s.combat
        if c is not None:
            if c.request is not None:
                return f"seat {c.request['seat']} to answer the request for help"
            if c.stage == "treasures":
                if not c.drawn:
                    return f"seat {c.fighter} to report the {c.treasures_due} treasures drawn face up"
                return f"seat {c.next_picker} to take a treasure"
            if c.stage == "claimed":
                return ("the win is claimed: anyone may still play combat cards until the interference "
                        "window closes")
            if c.stage == "running":
                # 000 Verloren!: each runner rolls against each monster and takes its bad stuff, in the
                # order the runner chooses.
                runners = sorted({int(r) for m in c.monsters for r, st in m.runs.items()
                                  if st in ("pending", "caught")})
                who = ", ".join(map(str, runners))
                return (f"seat{'s' if len(runners) > 1 else ''} {who} to run away from each monster or take its bad "
                        "stuff, in the order each runner chooses")
            return f"seat {c.fighter} to fight (claim the win, or give up and run)"
        return {
            "start": f"seat {s.active} to kick open the door",
            "after-door": f"seat {s.active} to look for trouble, loot the room or end the turn",
            "charity": f"seat {s.active} to end the turn (charity)",
        }.get(s.phase, "")

    @staticmethod
    def _must_roll(corpse: dict[str, Any]) -> list[int]:
        """Seats tied for the looting order that have not rolled yet."""
        return [i for g in corpse["groups"] if len(g) > 1 for i in g if str(i) not in corpse["rolls"]]

    def redact(self: MunchkinHost, effect: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
        """Hide card identities only the owner (and the organizer) may see."""
        if viewer.sees_everything:
            return effect
        t = effect.get("type")
        if t == "CardsDrawn" and effect.get("hidden") and not viewer.is_seat(effect["seat"]):
            return {**effect, "cards": [], "unknown": len(effect["cards"])}
        if t == "CardRevealed" and not viewer.is_seat(effect["seat"]):
            return {**effect, "card": None}
        if t == "CharityGiven" and not (viewer.is_seat(effect["seat"]) or viewer.is_seat(effect["to_seat"])):
            return {**effect, "cards": [], "unknown": effect["unknown"] + len(effect["cards"])}
        return effect

    def redact_action(self: MunchkinHost, action: dict[str, Any], seat: int | None, viewer: Viewer) -> dict[str, Any]:
        """Hide what a command names that the viewer may not see."""
        if viewer.sees_everything or viewer.is_seat(seat):
            return action
        if action.get("kind") == "reveal_card":
            return {**action, "card": None}
        if action.get("kind") == "end_turn":
            gifts = [
                g if viewer.is_seat(g["to_seat"]) else {**g, "cards": [], "unknown": g["unknown"] + len(g["cards"])}
                for g in action.get("gifts", [])
            ]
            return {**action, "gifts": gifts}
        return action

    def card_names(self: MunchkinHost, state: MunchkinState) -> Mapping[str, str]:
        """The printed name of every card of the game, by id (its custom cards included)."""
        return self.cards_of(state).names

    def narration_context(self: MunchkinHost, state: MunchkinState) -> dict[str, Any]:
        """What telling the next event needs from the table: the monsters of the combat in progress, by
        index (a kill names them by index)."""
        return {"monsters": [m.card for m in state.combat.monsters]} if state.combat is not None else {}

    def describe(self: MunchkinHost, effects: list[dict[str, Any]]) -> str:
        """A one-line summary of a command's effects."""
        parts = []
        for e in effects:
            t = e["type"]
            if t in ("ReceiptLapsed", "PhaseChanged", "CardLeftHand", "CardDiscarded", "WindowClosed"):
                continue
            if t == "DoorKicked":
                parts.append(f"seat {e['seat']} kicked open the door: {e['card']}")
            elif t == "CombatStarted":
                parts.append(f"combat: seat {e['fighter']} vs {e['card']}")
            elif t == "LevelChanged":
                parts.append(f"seat {e['seat']} to level {e['level']} ({e['reason']})")
            elif t == "VictoryClaimed":
                parts.append(f"seat {e['seat']} claims the win")
            elif t == "GameWon":
                parts.append("winner(s): " + ", ".join(f"seat {w}" for w in e["winners"]))
            elif t == "ItemGiven":
                parts.append(f"seat {e['seat']} gave {e['card']} to seat {e['to_seat']}")
            elif t == "TurnStarted":
                parts.append(f"turn {e['turn']}: seat {e['seat']}")
            elif t == "RunRolled":
                parts.append(f"run away from monster {e['monster_index']}: {e['die']}+{e['modifier']} "
                             + ("escaped" if e["escaped"] else "caught"))
            elif t == "DiscardsReshuffled":
                parts.append(f"the {e['deck']} discards were shuffled into a new pile ({e['count']} cards)")
            else:
                parts.append(t)
        return "; ".join(parts)
