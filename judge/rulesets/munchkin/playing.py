"""Playing a card, by its kind (000 KARTENTYPEN, 001 "WANN KANN MAN NUN
WELCHE KARTE SPIELEN?"): the timing table decides when; one handler per
kind decides what happens.

A mixin of the Munchkin ruleset; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.rules.ruling import Malformed, reject
from judge.common.i18n import N_
from judge.rulesets.munchkin.sentences import said_in_munchkin as _said
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin import timing

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.host import MunchkinHost
    from judge.rulesets.munchkin.tx import _Tx


class PlayRules:
    """Card play by kind, mixed into the Munchkin ruleset."""

    def _situation(self: MunchkinHost, tx: _Tx, seat: int) -> timing.Situation:
        return timing.situation(own_turn=seat == tx.state.active, in_combat=tx.state.combat is not None)

    def check_timing(self: MunchkinHost, tx: _Tx, seat: int, card: Card) -> None:
        """A hook: may ``seat`` play ``card`` now? The row of 001's timing table for the card's kind (timing.py),
        once per turn included; a layer adds or replaces rows for its kinds (Star's rooms)."""
        sit = self._situation(tx, seat)
        once = timing.row_for(card.kind)
        if once is not None and once.once_per_turn and timing.once_per_turn_flag(once) in tx.state.turn_flags:
            raise reject("munchkin.timing.once-per-turn", card=card.id)
        if timing.allowed(card.kind, sit) or self.opening_layout(tx, seat, card):
            return
        p = tx.state.players[seat]
        if card.id in p.received and timing.allowed(card.kind, timing.Situation.ON_RECEIPT):
            return
        row = timing.row_for(card.kind)
        assert row is not None and row.rule_id is not None  # only rows with a refusing situation refuse
        raise reject(row.rule_id, card=card.id)

    def _do_play_card(self: MunchkinHost, tx: _Tx, seat: int, a: A.PlayCard) -> None:
        s = tx.state
        card = self.card(tx, a.card, "play_card.card")
        p = s.players[seat]
        if a.target_seat is not None and not 0 <= a.target_seat < len(s.players):
            raise Malformed("play_card.target_seat", _said(N_("no seat {seat}"), seat=a.target_seat))
        if a.side not in ("", "players", "monsters"):
            raise Malformed("play_card.side", _said(N_("must be players or monsters")))
        self.check_play_fields(card, a)
        if a.from_table:
            if card.kind != "one_shot" or not any(i.card == card.id for i in p.items):
                raise reject("munchkin.table.card-not-in-play", card=card.id)
        kind = card.kind
        if kind == "monster":
            raise reject("munchkin.timing.monster")
        handler = self.play_handlers.get(kind)
        if handler is None:  # "other", or a kind this set has no rules for: a table adjustment
            raise reject("munchkin.card.not-playable", card=card.id)
        self.check_timing(tx, seat, card)
        handler(self, tx, seat, card, a)
        row = timing.row_for(kind)
        if row is not None and row.once_per_turn:
            tx.emit("TurnFlagSet", flag=timing.once_per_turn_flag(row))

    def take_played_card(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if a.from_table:
            tx.emit("CardRemovedFromPlay", seat=seat, card=card.id)
        else:
            self.take_from_hand(tx, seat, card.id)

    def _play_identity(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard, place: str) -> None:
        """A race or a class: one of each, two with Half-Breed / Super Munchkin
        (000 "Rassen / Klassen")."""
        p = tx.state.players[seat]
        held, rule_id = ((p.races, "munchkin.race.only-one") if place == "race"
                         else (p.classes, "munchkin.class.only-one"))
        if card.id in held:
            raise reject("munchkin.race.already")
        if len(held) >= self.identity_limit(tx, p, place):
            raise reject(rule_id)
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place=place, in_use=False)

    def _play_race(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self._play_identity(tx, seat, card, a, "race")

    def _play_class(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self._play_identity(tx, seat, card, a, "class")

    def _play_super_munchkin(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """000 "Rassen / Klassen": "Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Klasse im
        Spiel hast und eine zweite hinzufügen willst": at any time, with the second class it is for
        (``with_card``, from the hand) played with it. Outside the player's own turn a class may not follow
        later ("Rassen und Klassen dürfen nur im eigenen Zug ausgespielt werden"), so there the card comes with
        its class or not at all (docs/rules.md, decisions)."""
        if not tx.state.players[seat].classes:
            raise reject("munchkin.super-munchkin.needs-class")
        second = None
        if a.with_card:
            second = self.card(tx, a.with_card, "play_card.with_card")
            if second.kind != "class":
                raise Malformed("play_card.with_card", _said(N_("{card} is not a class"), card=second.id))
        elif seat != tx.state.active:
            raise reject("munchkin.super-munchkin.class-with-it")
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)
        if second is not None:
            self._play_identity(tx, seat, second, A.PlayCard(card=second.id), "class")

    def _play_half_breed(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if not tx.state.players[seat].races:
            raise reject("munchkin.half-breed.needs-race")
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    def _play_one_shot(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = tx.state.combat
        if c is None:
            if a.side or a.from_table:
                raise reject("munchkin.timing.in-combat-only")
            # Outside combat a one-shot item is put in play and carried until used.
            self.take_played_card(tx, seat, card, a)
            tx.emit("CardPutInPlay", seat=seat, card=card.id, place="item", in_use=False)
            return
        self.require_fighting(c)
        if card.eliminates_monster:
            index = self._active_monster(tx, a.monster_index)
            self.take_played_card(tx, seat, card, a)
            self.withdraw_claim(tx)
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)
            self.eliminate_monster(tx, index, treasure=self.elimination_treasure_of(tx, card), by=card.id)
            return
        if a.side == "":
            raise reject("munchkin.combat.choose-side")
        if a.side == "monsters":
            index = self.modified_monster(tx, a.monster_index)
        self.take_played_card(tx, seat, card, a)
        self.withdraw_claim(tx)
        at_once = self.one_shot_discard_of(card) == "when-played"
        if a.side == "players":
            tx.emit("PlayerBonusAdded", seat=seat, card=card.id, bonus=card.bonus, discarded=at_once)
        else:
            tx.emit("MonsterModified", seat=seat, index=index, card=card.id, bonus=card.bonus,
                    extra_treasures=card.extra_treasures, floor=card.min_monster_level, discarded=at_once)
        if at_once:  # its bonus stays in this combat
            tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def eliminate_monster(self: MunchkinHost, tx: _Tx, index: int, *, treasure: bool, by: str) -> None:
        """A monster leaves the combat without being killed (000 "Weitere Aktionen
        im Kampf"): the others must still be fought; with none left the combat is
        won without a kill: no level, treasures as the card says."""
        tx.emit("MonsterEliminated", index=index, treasure=treasure, by=by)
        c = tx.state.combat
        assert c is not None
        if all(m.eliminated for m in c.monsters):
            treasures = self.no_kill_treasures(tx)
            tx.emit("MonstersDefeated", fighter=c.fighter, killed=[], levels=0, treasures=treasures)
            self.take_treasures(tx, treasures)

    def _play_special_treasure(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        was_unknown = card.id not in tx.state.players[seat].hand
        self.take_played_card(tx, seat, card, a)
        # The card resolves first and is discarded after: Schatzbort never draws itself.
        if card.draw_treasures and self.dealt(tx):
            self.deal_hidden(tx, seat, "treasure", card.draw_treasures)
        elif card.draw_treasures:
            # Schatzbort: face down if it was drawn face down, else face up (reported later).
            tx.emit("CardsDrawn", seat=seat, deck="treasure", cards=[], unknown=card.draw_treasures,
                    face_up=not was_unknown)
        if card.kept_at_death:  # it lies in front: "ausliegende Feenstaubkarten" (001 "4. Flucht", 4b)
            tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)
            return
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _play_level_up(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        target = seat if a.target_seat is None else a.target_seat
        if tx.state.players[target].level >= self.max_level(tx) - 1 and not card.can_reach_ten:
            raise reject("munchkin.level.tenth-only-by-kill")
        self.take_played_card(tx, seat, card, a)
        c = tx.state.combat
        if c is not None and target in (c.fighter, c.helper):
            self.withdraw_claim(tx)
        self.change_level(tx, target, card.level_gain or 1, card.id, can_reach_ten=card.can_reach_ten)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        self._check_winners(tx)

    def _play_curse(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        if a.target_seat is None:
            raise Malformed("play_card.target_seat", _said(N_("a curse needs a victim (any seat, yourself too)")))
        self.take_played_card(tx, seat, card, a)
        c = tx.state.combat
        if c is not None and a.target_seat in (c.fighter, c.helper):
            self.withdraw_claim(tx)
        tx.emit("CursePlayed", seat=seat, victim=a.target_seat, card=card.id)
        self._curse(tx, a.target_seat, card, choice=None)
        # A curse that kills a runner ends its run: when no one is left to run, the combat is over (and
        # the dead are looted after it, 000 "Tod").
        self.maybe_finish_run(tx)

    def _play_in_front(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        """A headquarters: played by its row of 001's timing table ("Hauptquartiere: Jederzeit während des
        eigenen Zuges, außerhalb des Zuges nur sofort, wenn du sie bekommst", checked by ``check_timing``), it
        lies in front of its owner until discarded."""
        self.take_played_card(tx, seat, card, a)
        tx.emit("CardPutInPlay", seat=seat, card=card.id, place="table", in_use=False)

    def _play_wandering_monster(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        c = self.require_combat(tx)
        self.require_fighting(c)
        if not a.with_card:
            raise Malformed("play_card.with_card", _said(N_("a Wandering Monster brings a monster from your hand")))
        monster = self.card(tx, a.with_card, "play_card.with_card")
        if monster.kind != "monster":
            raise Malformed("play_card.with_card", _said(N_("{card} is not a monster"), card=monster.id))
        self.take_from_hand(tx, seat, card.id, monster.id)
        self.withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=seat, card=monster.id, via=card.id)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)

    def _play_divine_intervention(self: MunchkinHost, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> None:
        self.take_played_card(tx, seat, card, a)
        self.divine_intervention(tx, card)

    def divine_intervention(self: MunchkinHost, tx: _Tx, card: Card) -> None:
        """A hook: Göttliche Intervention (000 "Sonstige Karten"): every character with the card's
        ``raises_all_with`` trait gains a level (to 10 with ``can_reach_ten``); with ``frees_undiscardable``
        every class that may not be discarded goes (001 "MUNCHKIN IM MIXER"); the card is discarded."""
        for i, p in enumerate(tx.state.players):
            if card.raises_all_with and self.has_trait(tx, p, card.raises_all_with):
                self.change_level(tx, i, 1, card.id, can_reach_ten=card.can_reach_ten)
        if card.frees_undiscardable:  # "befreit alle Spieler vom Kultisten-Dasein" (001 "MUNCHKIN IM MIXER")
            for i, p in enumerate(tx.state.players):
                for cls in [c for c in p.classes if c in tx.cards and tx.cards[c].may_not_discard]:
                    tx.emit("ClassFreed", seat=i, card=cls, by=card.id, rule="munchkin.class.freed")
                    self.remove_from_play(tx, i, cls)
        tx.emit("CardDiscarded", card=card.id, deck=card.deck)
        self._check_winners(tx)
