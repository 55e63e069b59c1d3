"""Monsters in a combined game (001 "MUNCHKIN IM MIXER").

* Families: "Wann immer eine Fledermaus, ein Hai, ein Drache, ein Goblin, ein Weihnachtsmonster, ein Monster
  in Schwarz, ein Chaos-Monster oder ein Untotes Monster auftaucht, darf jeder Spieler beliebige viele andere
  Monster derselben Art von der Hand spielen, um diesem Monster zu helfen": a monster from the hand joins a
  combat with a monster of its family, without a Wandering Monster. A monster's families are its tags
  (catalogue.py derives them from the printed name) and, for the undead, its ``undead`` mark.
* "Wann immer ein Hong-Kong-Monster auftaucht, darf jeder Spieler beliebige Hong-Kong-Monster oder
  Hong-Kong-Gegenstände von seiner Hand spielen, um dieses Monster zu unterstützen. Bei den Gegenständen werden
  erforderliche Hände etc. ignoriert. Die Gegenstände werden nach dem Kampf abgelegt."
* "Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler ... ein weiteres Goth-Monster in den Kampf
  werfen, insgesamt jedoch nur eines (außer mit einem Wandernden Monster)."
* Mutants: "Monster können die Mutantenrasse nicht von der Mutantenklasse unterscheiden ... Wenn du ein
  Mutanten-Mutant bist, werden Boni und Mali verdoppelt! Das gleiche gilt für den britischen Akzent ... und
  die britische Loyalität ... Ebenso können Gegenstände nur für Mutanten bzw. nur für Briten von beiden dieser
  Art benutzt werden": each pair of ``ALIKE`` traits is one to monsters and to items' restrictions, and a
  character with both of a pair has a monster's bonus or penalty against them doubled.
* "Jedes Monster mit der Bezeichnung Dämon hat +5 gegen Priester" (catalogue.py); "Alle Gaki-Monster gelten
  für Priester als untot": a priest turns a Gaki.
* "Die Gasmask (Munchkin Impossible) tötet automatisch den Gasriesen (Star Munchkin)."
* "Die Göttliche Intervention befreit alle Spieler vom Kultisten-Dasein.": card data the catalogue derives
  (catalogue.py): a Kultist ``may_not_discard``, the Göttliche Intervention ``frees_undiscardable``; the base
  game's hook applies them.

A mixin of the Mixer's rules; ``tx`` is the decision in progress.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from judge.common.i18n import N_
from judge.rules.analysis import Term
from judge.rules.engine import Action
from judge.rules.ruling import Malformed, reject
from judge.rulesets.babys import Babys
from judge.rulesets.mixer.narration import said_in_mixer as _said
from judge.rulesets.mixer.state import MixerState
from judge.rulesets.munchkin import actions as A
from judge.rulesets.munchkin.abilities import TURNING
from judge.rulesets.munchkin.ruleset import Munchkin

if TYPE_CHECKING:
    from judge.cards import Card
    from judge.rulesets.munchkin.state import MunchkinState, Player
    from judge.rulesets.munchkin.tx import _Tx

#: The families whose monsters join one of theirs from any hand ("derselben Art").
FAMILIES = ("bat", "shark", "dragon", "goblin", "christmas", "men-in-black", "chaos", "undead")
HONG_KONG = "hong-kong"
GOTH = "goth"
MUTANT_RACE, MUTANT_CLASS = "race:mutant", "class:mutant"
BRITISH_ACCENT, BRITISH_LOYALTY = "accent:british", "loyalty:british"
#: The traits monsters and items cannot tell apart, pair by pair.
ALIKE: tuple[frozenset[str], ...] = (frozenset({MUTANT_RACE, MUTANT_CLASS}),
                                     frozenset({BRITISH_ACCENT, BRITISH_LOYALTY}))
GAKI = "gaki"
PRIEST = "class:priester"
GAS_MASK = "gas-mask"
GAS_GIANT = "gas-giant"


def combat_started(s: MunchkinState, e: dict[str, Any]) -> None:
    """``CombatStarted`` as the base game evolves it; no Goth monster is thrown in yet, no round asked."""
    Munchkin.effect_handlers["CombatStarted"](s, e)
    assert isinstance(s, MixerState)
    s.goth_thrown = False
    s.goth_round = None


def monster_added(s: MunchkinState, e: dict[str, Any]) -> None:
    """``MonsterAdded`` as the base game evolves it; one added by the Goth rule is the one thrown in, and
    the round is over."""
    Munchkin.effect_handlers["MonsterAdded"](s, e)
    assert isinstance(s, MixerState)
    if e.get("via") == "family:" + GOTH:
        s.goth_thrown = True
        s.goth_round = []


def goth_round_opened(s: MunchkinState, e: dict[str, Any]) -> None:
    """``GothRoundOpened``: the seats to be asked, in order, the player whose turn it is first."""
    assert isinstance(s, MixerState)
    s.goth_round = list(e["order"])


def goth_round_passed(s: MunchkinState, e: dict[str, Any]) -> None:
    """``GothRoundPassed``: the seat asked passes; the next is asked."""
    assert isinstance(s, MixerState)
    s.goth_round = [seat for seat in s.goth_round or [] if seat != e["seat"]]


def families_of(card: Card) -> set[str]:
    out = {t for t in card.tags if t in FAMILIES}
    if card.undead:
        out.add("undead")
    return out


class FamilyRules(Munchkin):
    """Monster families, mutants, demons, Gaki and the Gasmaske."""

    #: The sets of the game, set by the combined class.
    sets: tuple[str, ...] = ()

    # ------------------------------------------------------------------ families

    def joins_family(self, tx: _Tx, seat: int, card: Card, a: A.PlayCard) -> bool:
        """Play ``card`` into the combat as a family member or Hong Kong support, if it is one; False leaves
        the card to the layers (a Wandering Monster, an undead monster of 003 ...)."""
        c = tx.state.combat
        if c is None or a.from_table:
            return False
        live = [tx.cards[m.card] for m in c.monsters if not m.eliminated]
        if card.kind == "item" and HONG_KONG in card.tags and a.side == "monsters":
            if not any(HONG_KONG in m.tags for m in live):
                return False
            self.require_fighting(c)
            index = self.modified_monster(tx, a.monster_index)
            self.take_from_hand(tx, seat, card.id)
            self.withdraw_claim(tx)
            # Hands etc. are ignored; the item is discarded after the combat, as a card played on a monster.
            tx.emit("MonsterModified", seat=seat, index=index, card=card.id, bonus=card.bonus, extra_treasures=0,
                    floor=0)
            return True
        if card.kind != "monster" or a.with_card:
            return False
        mine = families_of(card) | ({HONG_KONG} & set(card.tags)) | ({GOTH} & set(card.tags))
        if not mine:
            return False
        if "undead" in mine and isinstance(self, Babys) and mine == {"undead"}:
            return False  # 003 "Untote Monster": Babys' layer, combined, judges it
        for name, given in (("target_seat", a.target_seat is not None), ("monster_index", a.monster_index is not None),
                            ("side", bool(a.side))):
            if given:
                raise Malformed(f"play_card.{name}", _said(N_("{card} is a monster card and takes no {field}"),
                                                           card=card.id, field=name))
        self.require_fighting(c)
        shared = [f for f in sorted(mine) if any(f in families_of(m) or f in m.tags for m in live)]
        if not shared:
            raise reject("mixer.family.not-the-same-kind", card=card.id)
        if GOTH in shared and GOTH in card.tags:
            self.check_goth_round(tx, seat)
        self.take_from_hand(tx, seat, card.id)
        self.withdraw_claim(tx)
        tx.emit("MonsterAdded", seat=seat, card=card.id,
                via="family:" + (GOTH if GOTH in shared and GOTH in card.tags else shared[0]))
        return True

    @staticmethod
    def goth_thrown(tx: _Tx) -> bool:
        """Has a Goth monster been thrown into the combat going on after a Goth monster (``MixerState``)?"""
        assert isinstance(tx.state, MixerState)
        return tx.state.goth_thrown

    def check_goth_round(self, tx: _Tx, seat: int) -> None:
        """May ``seat`` throw a Goth monster into the combat now? "reihum jeder Spieler – beginnend mit dem
        Spieler am Zug – ..., insgesamt jedoch nur eines (außer mit einem Wandernden Monster)": only the seat
        the round asks now, and only one in total, whichever family it shares besides; one brought by a
        Wandering Monster does not count."""
        s = tx.state
        assert isinstance(s, MixerState)
        if s.goth_thrown:
            raise reject("mixer.family.goth-one-only")
        order = s.goth_round if s.goth_round is not None else self.goth_order(s)
        if not order:
            raise reject("mixer.family.goth-round-over")
        if order[0] != seat:
            raise reject("mixer.family.goth-not-your-turn", seat=order[0])

    @staticmethod
    def goth_order(s: MunchkinState) -> list[int]:
        """Every seat in the order of play, starting with the player whose turn it is."""
        n = len(s.players)
        return [(s.active + k) % n for k in range(n)]

    def open_goth_round(self, tx: _Tx) -> None:
        """After each action: when the first Goth monster has turned up in the combat going on, the round
        begins ("Wann immer ein Goth-Monster auftaucht ..."); one round per combat."""
        s = tx.state
        assert isinstance(s, MixerState)
        c = s.combat
        if c is None or s.goth_round is not None or s.finished:
            return
        if any(GOTH in tx.cards[m.card].tags for m in c.monsters if not m.eliminated and m.card in tx.cards):
            order = self.goth_order(s)
            tx.emit("GothRoundOpened", seat=order[0], order=order)

    def _do_goth_pass(self, tx: _Tx, seat: int, a: A.PassInRound) -> None:
        """The seat the Goth monsters' round asks now throws none: the next seat is asked."""
        s = tx.state
        assert isinstance(s, MixerState)
        if s.combat is None or not s.goth_round:
            raise reject("munchkin.round.nothing-to-pass")
        if s.goth_round[0] != seat:
            raise reject("mixer.family.goth-not-asked", seat=s.goth_round[0])
        tx.emit("GothRoundPassed", seat=seat)

    def family_candidates(self, s: MunchkinState, seat: int, cards: Any) -> Iterable[Action]:
        c = s.combat
        if c is None:
            return
        live = [cards[m.card] for m in c.monsters if not m.eliminated]
        kinds = set().union(*(families_of(m) | (set(m.tags) & {HONG_KONG, GOTH}) for m in live))
        assert isinstance(s, MixerState)
        if s.goth_round and s.goth_round[0] == seat:
            yield A.PassInRound()
        for cid in sorted(set(s.players[seat].hand)):
            card = cards[cid]
            if card.kind == "monster" and (families_of(card) | (set(card.tags) & {HONG_KONG, GOTH})) & kinds:
                yield A.PlayCard(card=cid)
            elif card.kind == "item" and HONG_KONG in card.tags and HONG_KONG in kinds:
                yield A.PlayCard(card=cid, side="monsters")

    # ------------------------------------------------------------------ mutants

    @staticmethod
    def mutant_alike(traits: set[str]) -> set[str]:
        """"Jedes Monster, das einen Bonus oder einen Malus gegen die eine Mutanten-Art hat, bekommt diesen auch
        gegen die andere. ... Das gleiche gilt für den britischen Akzent ... und die britische Loyalität."
        """
        out = set(traits)
        for pair in ALIKE:
            if out & pair:
                out |= pair
        return out

    def doubled_pairs(self, tx: _Tx, p: Player) -> list[frozenset[str]]:
        """The pairs of ``ALIKE`` that ``p`` has both of (a mutant mutant, a British Briton)."""
        held = self.traits(tx, p)
        return [pair for pair in ALIKE if pair <= held]

    def mutant_mutant(self, tx: _Tx, p: Player) -> bool:
        return bool(self.doubled_pairs(tx, p))

    def can_use(self, tx: _Tx, card: Card, p: Player) -> bool:
        """"Ebenso können Gegenstände nur für Mutanten bzw. nur für Briten von beiden dieser Art benutzt
        werden": an item for one of a pair is usable by the other."""
        if super().can_use(tx, card, p):
            return True
        held = self.traits(tx, p)
        alike = self.mutant_alike(held)
        return bool(card.usable_by) and any(u in alike for u in card.usable_by) \
            and not any(u in held for u in card.not_usable_by)

    def monster_terms(self, tx: _Tx, index: int) -> list[Term]:
        """A mutant mutant doubles a monster's bonus or penalty against mutants; the Gasmaske kills the
        Gasriese (its strength no longer counts)."""
        terms = super().monster_terms(tx, index)
        c = tx.state.combat
        assert c is not None
        fighters = [tx.state.players[f] for f in self.fighters(c)]
        card = tx.cards[c.monsters[index].card]
        owner = f"monster:{index}"
        doubled = {pair for p in fighters for pair in self.doubled_pairs(tx, p)}
        for pair in sorted(doubled, key=sorted):
            label = "doubled against a mutant mutant" if MUTANT_RACE in pair else "doubled against a British Briton"
            terms += [Term(label, b.amount, "munchkin.strength.monster-bonus", card.id, owner)
                      for b in card.bonuses if pair & set(b.against)
                      and any(t.amount == b.amount and t.label.startswith("bonus against") for t in terms)]
        if GAS_GIANT in card.tags and any(
                GAS_MASK in tx.cards[i.card].tags for p in fighters for i in p.items if i.in_use and i.card in tx.cards):
            terms.append(Term("killed by the Gasmaske", -sum(t.amount for t in terms), "munchkin.strength.card",
                              card.id, owner))
        return terms

    # ------------------------------------------------------------------ priests, cultists

    def _ability_mixer_turning(self, tx: _Tx, seat: int, a: A.UseAbility, source: str) -> None:
        """"Alle Gaki-Monster gelten für Priester als untot": a priest turns a Gaki as an undead monster."""
        c = self.require_combat(tx)
        gaki = any(GAKI in tx.cards[m.card].tags for m in c.monsters if not m.eliminated)
        if gaki and self.has_trait(tx, tx.state.players[seat], PRIEST):
            self.combat_bonus(tx, seat, a, source, TURNING)
            return
        self.layer_ability_handlers["turning"](self, tx, seat, a, source)

    layer_ability_handlers: Any = Munchkin.ability_handlers
