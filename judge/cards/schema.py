"""The card schema of the Munchkin family: what the rules need to know about a card.

Every set of the family (the base game, Munchkin Babys, Star Munchkin, and the
sets a group combines "im Mixer") uses this one schema; another family has its
own (monkic: judge/rulesets/monkic/cards.py).

Cards are data. A catalogue file is TOML with one ``[[card]]`` table per card;
a group's own cards use the same fields as JSON objects. The fields are
documented in docs/cards.md and checked here with precise errors (file, card,
field). A layer adds fields, kinds and abilities of its own from its package
(extension.py); a card carries their values in ``extra`` (``card.get(name)``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from judge.common.i18n import N_, said
from judge.common.jsonbounds import MAX_TABLE_NUMBER
from judge.cards import extension

DECKS = ("door", "treasure")

KINDS = (
    "monster",  # door: fought in combat
    "curse",  # door: hits its victim at once
    "race",  # door: elf, dwarf, halfling ...
    "class",  # door: warrior, wizard, thief, cleric ...
    "monster_enhancer",  # door: + or - to one monster in combat
    "monster_enhancer_enhancer",  # door: only on a monster that already has an enhancer (001)
    "mate",  # door: Kumpel, brings a copy of a monster into the combat (000)
    "wandering_monster",  # door: brings a monster from the hand into a combat
    "super_munchkin",  # door: a second class
    "half_breed",  # door: a second race
    "item",  # treasure: carried/used for a bonus
    "one_shot",  # treasure: "Nur einmal einsetzbar"
    "level_up",  # treasure: "Steige eine Stufe auf"
    "divine_intervention",  # door: Göttliche Intervention
    "special_treasure",  # treasure: "sonstige spezielle Schatzkarten" (Schatzbort ...)
    "other",  # anything else; played through a table adjustment
    # The other kinds the timing table of 001 ("WANN KANN MAN NUN WELCHE KARTE SPIELEN?") has a
    # row for. A set that judges one of them adds a play handler (docs/architecture.md); in a set
    # without one a card of the kind is played through a table adjustment.
    "hireling",  # Star: Mietling, a follower that fights beside its owner
    "follower",  # the Mixer's name for hirelings, minions, henchmen, mooks, allies, companions, sidekicks
    "minion", "henchman", "mook", "ally", "companion", "sidekick",
    "room",  # Star: a room entered on the kick
    "portal",  # Star: played in the own turn outside combat, once per turn
    "trap",  # Star: hits like a curse
    "item_enhancer",  # Star: played onto an item in play, discarded with it
    "power", "style", "loyalty", "training", "accent", "mojo", "birthright", "faction", "army",
    "origin", "headquarters", "catastrophe", "insanity",
)

# Currencies a card's ``value`` may be printed in; 001 "MUNCHKIN IM MIXER": gold and credits
# are one currency, so a sale adds them up.
CURRENCIES = ("gold", "credits")

# The namespaces of a trait: what a character is ("race:elf", "class:priester", "sex:female"), and the
# identities of the family's other sets a rule may name (001 "MUNCHKIN IM MIXER": "den britischen Akzent ...
# und die britische Loyalität": "accent:british", "loyalty:british").
TRAIT_PREFIXES = ("race:", "class:", "sex:", "accent:", "loyalty:")
_TRAIT_NAMES = ", ".join(TRAIT_PREFIXES[:-1]) + " or " + TRAIT_PREFIXES[-1]

SLOTS = ("", "headgear", "armor", "footgear", "1hand", "2hands")

# Abilities the engine judges (000 "Rassen / Klassen": most are triggered by
# discarding cards). Their rules are in judge/rulesets/munchkin/abilities.py.
ABILITIES = ("berserk", "turning", "flight-spell", "charm-spell", "backstab", "steal",
             "halfling-sale", "halfling-reroll")

# What a curse or bad stuff can do, structured. Everything else is text, and
# the table records an adjustment for it ("cards beat rules").
EFFECT_FIELDS = {
    "lose_levels": int,  # lose N levels (never below the floor)
    "lose_item": str,  # "" | "headgear" | "armor" | "footgear" | "hands" | "big" | "any" | "all"
    "lose_item_else_levels": int,  # if the victim has no such item: lose N levels
    "lose_race": bool,
    "lose_class": bool,
    "change_sex": bool,
    "discard_hand": bool,
    "death": bool,
    "discard_cards": int,  # discard N cards from the hand, the victim's choice (004 Schreckliches grünes Ding)
    "lasting": bool,  # the card stays in front of the victim as a reminder
    "combat_modifier": int,  # lasting curses: -N in every combat
    # lasting curses: "" (stays) | "headgear-lost" | "next-combat" | "end-of-turn"; bad stuff: "next-turn"
    "until": str,
}
# "next-turn": until the start of the victim's next turn (003 "Verloren!", a set that judges it).
# "end-of-turn": until the turn it was played in ends (a modifier for a turn, not for good; the base game judges it).
LASTING_UNTIL = ("", "headgear-lost", "next-combat", "next-turn", "end-of-turn")


# What ``lose_item`` may name: a slot, "hands", every big item, one item of the
# victim's choice ("any") or every item ("all").
LOSE_ITEM = ("headgear", "armor", "footgear", "hands", "big", "any", "all")


class CardError(ValueError):
    """A malformed card definition; names the file, the card and the field."""

    def __init__(self, origin: str, card: str, field_name: str, message: str):
        super().__init__(f"{origin}: card {card!r}: field {field_name!r}: {message}")
        self.origin = origin
        self.card = card
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class Effect:
    """Structured effect of a curse or of bad stuff."""

    lose_levels: int = 0
    lose_item: str = ""
    lose_item_else_levels: int = 0
    lose_race: bool = False
    lose_class: bool = False
    change_sex: bool = False
    discard_hand: bool = False
    death: bool = False
    discard_cards: int = 0
    lasting: bool = False
    combat_modifier: int = 0
    until: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}


@dataclass(frozen=True)
class Bonus:
    """A monster's (or item's) bonus against races, classes or sexes:
    ``against`` names one or more traits ("race:elf", "class:warrior",
    "sex:female"); the bonus counts once if any fighter has any of them
    (Bigfoot's one "+3 gegen Zwerge und Halblinge" is one bonus)."""

    against: tuple[str, ...]
    amount: int

    def applies(self, traits: set[str]) -> bool:
        return any(t in traits for t in self.against)


@dataclass(frozen=True)
class TraitBonus:
    """An item's bonus for a character with a trait ("+1; +3 für Elfen"):
    ``trait`` is "race:elf", "class:dieb" or "sex:female"; ``bonus`` replaces
    the item's printed ``bonus`` for such a character."""

    trait: str
    bonus: int


@dataclass(frozen=True)
class Card:
    """One card. Numbers are the printed ones where the rule texts print them."""

    id: str
    name: str
    deck: str
    kind: str
    set: str = "munchkin"
    text: str = ""
    copies: int = 1  # copies in the physical deck (a dealt table shuffles them all)
    # monsters
    level: int = 0
    treasures: int = 0
    levels: int = 1  # levels gained for killing it
    bonuses: tuple[Bonus, ...] = ()  # against races/classes/sexes
    will_not_pursue_max_level: int = 0  # "verfolgt niemanden der Stufe N oder weniger"
    # monsters: every other player also draws its printed treasures when it is defeated (003 Impfgegner:
    # "Falls das Monster besiegt wird, erhält jeder 1 Schatz!"); judged by the sets that print it (Babys)
    treasures_for_everyone: bool = False
    undead: bool = False
    run_away_modifier: int = 0  # for monsters: added to every run-away roll against it
    bad_stuff: Effect | None = None
    # items, one-shots, enhancers, level-ups
    bonus: int = 0
    value: int = 0  # gold pieces
    slot: str = ""
    big: bool = False
    complex: bool = False  # Star: a complex item ("Komplexer Gegenstand"); one in use
    currency: str = "gold"  # what ``value`` is printed in: "gold" or "credits" (Star)
    bonus_for: tuple[TraitBonus, ...] = ()  # items: another bonus for a race/class/sex
    usable_by: tuple[str, ...] = ()  # e.g. ("class:warrior",); empty = anyone
    not_usable_by: tuple[str, ...] = ()
    extra_treasures: int = 0  # cards played on a monster: treasures added (or taken, if negative)
    min_monster_level: int = 0  # monster enhancers: "mindestens Stufe N" (the monster's floor)
    level_gain: int = 0  # level-up cards
    # curses
    curse: Effect | None = None
    # races/classes
    hand_limit: int = 0  # dwarf: 6
    wins_ties: bool = False  # warrior
    run_away_bonus: int = 0  # elf: +1
    helper_run_away_bonus: int = 0  # items in use: added to run-away rolls of their helper (003 Lauflernhilfe)
    alone_bonus: int = 0  # races/classes: combat bonus when fighting without a helper (004 Medium)
    big_items_unlimited: bool = False  # dwarf
    helper_gains_level: bool = False  # elf helper levels up
    abilities: tuple[str, ...] = ()  # ability names usable with this race/class (docs/rules.md)
    # races/classes and cards in front of a player: the traits the card counts as besides its own
    # ("race:<id>" for a race, "class:<id>" for a class); an Elfling counts as an elf.
    counts_as: tuple[str, ...] = ()
    # the groups of cards a set's rules name, besides kind and slot: "laser" (004 Laserwaffen), "fire"
    # ("Feuer verwendende Waffen"); plain lower-case names
    tags: tuple[str, ...] = ()
    # one-shots that end a monster's part in a combat
    eliminates_monster: bool = False
    # monster enhancers: the monster pursues nobody who runs from it (003 Abgelenkt: "Falls du
    # Weglaufen musst, wird es dich nicht verfolgen")
    stops_pursuit: bool = False
    after_combat_only: bool = False  # level-ups: "nur nach einem Kampf spielen" (003 Der nächste Meilenstein)
    elimination_treasure: bool = False  # you still get the eliminated monster's treasure
    # with eliminates_monster: the card says the monster's treasure is lost (Verwandlungstrank: "Kein Schatz")
    elimination_no_treasure: bool = False
    # special
    draw_treasures: int = 0  # Schatzbort: draw N treasures
    must_play_at_once: bool = False  # Schatzbort, Göttliche Intervention
    can_reach_ten: bool = False  # Göttliche Intervention
    raises_all_with: str = ""  # every character with this trait gains a level (Göttliche Intervention: class:priester)
    cancels_curse: bool = False  # Wunschring: answers a curse turned up on the door
    # ---- printed effects: enhancers, monsters that do not attack, bad stuff for everyone else
    # monster-enhancer enhancers: the enhancer it lies on counts twice (001 "Monsterverstärkerverstärker")
    doubles_enhancer: bool = False
    # monsters: "ein Monster, das dich nicht angreift" (001 "1. Tür öffnen"): nobody of level N or less ...
    will_not_attack_max_level: int = 0
    # ... nor anyone with one of these traits is attacked when the monster is kicked open
    will_not_attack: tuple[str, ...] = ()
    # monsters: the bad stuff that hits "alle anderen Spieler" (001 "MUNCHKIN FÜR ZWEI SPIELER")
    bad_stuff_others: Effect | None = None
    # ---- printed effects: curses passed by, classes kept, cards kept through death
    # races, classes, items in use and the other cards in front: their owner is immune to curses ("es sei
    # denn, du hast ein Gegenmittel oder bist immun", 001 "1. Tür öffnen")
    curse_immune: bool = False
    # classes: may not be discarded at will ("mit Ausnahme der Klasse Kultist", 001 timing table)
    may_not_discard: bool = False
    # Göttliche Intervention: every class that may not be discarded goes ("befreit alle Spieler vom
    # Kultisten-Dasein", 001 "MUNCHKIN IM MIXER")
    frees_undiscardable: bool = False
    # cards in front and special treasures: the card lies in front of its owner (a special treasure played with it
    # is not discarded) and a dead character keeps it (001 "4b) ... ebenso etwaige ausliegende Feenstaubkarten";
    # "3b) ... bekommst ggf. einen Verpflegungsmarker")
    kept_at_death: bool = False
    # classes, races, followers, steeds (items): monster enhancers may be played on the card at any time (001 timing
    # table: "oder jederzeit auf einen Mönch, einen epischen Werwolf, einen Mietling, Mook oder ein Ross")
    takes_monster_enhancers: bool = False
    # the fields a layer added (extension.py), by name, in name order; read with ``get``
    extra: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str) -> Any:
        """The value of the field ``name`` a layer added (extension.py): the card's own, or the field's
        default; a name no layer declared is a ``KeyError``."""
        for key, value in self.extra:
            if key == name:
                return value
        spec = extension.extra_field(name)
        if spec is None:
            raise KeyError(f"no layer declares the card field {name!r}")
        return spec.default

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v == f.default and f.name not in ("id", "name", "deck", "kind"):
                continue
            if f.name == "extra":
                out.update(v)
                continue
            if isinstance(v, Effect):
                v = v.to_dict()
            elif f.name == "bonuses":
                v = [{"against": b.against[0] if len(b.against) == 1 else list(b.against), "amount": b.amount}
                     for b in v]
            elif f.name == "bonus_for":
                v = [{"trait": b.trait, "bonus": b.bonus} for b in v]
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out


_CARD_FIELDS = {f.name: f for f in fields(Card) if f.name != "extra"}


def own_fields() -> frozenset[str]:
    """The fields of the family's schema itself (a layer's field may not take one of their names)."""
    return frozenset(_CARD_FIELDS)


_TARGET_PREFIXES = TRAIT_PREFIXES


def _expect(origin: str, cid: str, name: str, value: Any, typ: type) -> Any:
    if typ is int and isinstance(value, bool):
        raise CardError(origin, cid, name, said(N_("expected an integer, got {value}"), value=repr(value)))
    if not isinstance(value, typ):
        raise CardError(origin, cid, name, said(N_("expected {type}, got {got} {value}"),
                                                type=typ.__name__, got=type(value).__name__,
                                                 value=repr(value)))
    if isinstance(value, int) and not -MAX_TABLE_NUMBER <= value <= MAX_TABLE_NUMBER:  # a view's 32-bit fields hold it
        raise CardError(origin, cid, name, said(N_("a number from {low} to {top}"),
                                                low=-MAX_TABLE_NUMBER, top=MAX_TABLE_NUMBER))
    return value


def _effect(origin: str, cid: str, name: str, value: Any) -> Effect:
    _expect(origin, cid, name, value, dict)
    kwargs = {}
    for key, v in value.items():
        if key not in EFFECT_FIELDS:
            raise CardError(origin, cid, f"{name}.{key}", said(N_("unknown effect; known: {values}"),
                                                               values=', '.join(EFFECT_FIELDS)))
        kwargs[key] = _expect(origin, cid, f"{name}.{key}", v, EFFECT_FIELDS[key])
    eff = Effect(**kwargs)
    if eff.lose_item and eff.lose_item not in LOSE_ITEM:
        raise CardError(origin, cid, f"{name}.lose_item", said(N_("unknown item kind {lose_item}"),
                                                               lose_item=repr(eff.lose_item)))
    if eff.until not in LASTING_UNTIL:
        raise CardError(origin, cid, f"{name}.until", said(N_("must be one of {values}"),
                                                           values=", ".join(repr(u) for u in LASTING_UNTIL)))
    if eff.until and not eff.lasting:
        raise CardError(origin, cid, f"{name}.until", said(N_("only a lasting curse ends later")))
    if eff.discard_cards < 0:
        raise CardError(origin, cid, f"{name}.discard_cards", said(N_("must not be negative")))
    if eff.lose_levels < 0 or eff.lose_item_else_levels < 0:
        raise CardError(origin, cid, f"{name}.lose_levels", said(N_("must not be negative")))
    return eff


def parse_card(data: Any, origin: str) -> Card:
    """Build a Card from a TOML/JSON mapping, or raise CardError."""
    if not isinstance(data, dict):
        raise CardError(origin, "?", "card", said(N_("a card must be a table/object")))
    cid = data.get("id")
    if not isinstance(cid, str) or not cid or len(cid) > 64 or not all(c.isalnum() or c in "-_" for c in cid):
        raise CardError(origin, str(cid), "id", said(N_("must be 1-64 characters of letters, digits, '-' or '_'")))
    for key in data:
        if key not in _CARD_FIELDS and extension.extra_field(key) is None:
            raise CardError(origin, cid, key, said(N_("unknown field")))
    kwargs: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in data.items():
        spec = extension.extra_field(key)
        if spec is not None:
            extra[key] = _expect(origin, cid, key, value, spec.type)
            problem = spec.check(value) if spec.check is not None else None
            if problem:
                raise CardError(origin, cid, key, problem)
            continue
        f = _CARD_FIELDS[key]
        if key in ("bad_stuff", "curse", "bad_stuff_others"):
            kwargs[key] = _effect(origin, cid, key, value)
        elif key == "bonuses":
            _expect(origin, cid, key, value, list)
            out = []
            for i, b in enumerate(value):
                _expect(origin, cid, f"bonuses[{i}]", b, dict)
                raw = b.get("against")
                names = raw if isinstance(raw, list) else [_expect(origin, cid, f"bonuses[{i}].against", raw, str)]
                if not names:
                    raise CardError(origin, cid, f"bonuses[{i}].against", said(N_("name at least one trait")))
                for k, against in enumerate(names):
                    where = f"bonuses[{i}].against" + (f"[{k}]" if isinstance(raw, list) else "")
                    if not isinstance(against, str) or not against.startswith(_TARGET_PREFIXES):
                        raise CardError(origin, cid, where, said(N_("must start with {trait_names}"),
                                                                 trait_names=_TRAIT_NAMES))
                if len(set(names)) != len(names):
                    raise CardError(origin, cid, f"bonuses[{i}].against", said(N_("names a trait twice")))
                amount = _expect(origin, cid, f"bonuses[{i}].amount", b.get("amount"), int)
                out.append(Bonus(tuple(names), amount))
            kwargs[key] = tuple(out)
        elif key == "bonus_for":
            _expect(origin, cid, key, value, list)
            tb = []
            for i, b in enumerate(value):
                _expect(origin, cid, f"bonus_for[{i}]", b, dict)
                for k in b:
                    if k not in ("trait", "bonus"):
                        raise CardError(origin, cid, f"bonus_for[{i}].{k}", said(N_("unknown field; known: trait, "
                                                                                     "bonus")))
                trait = _expect(origin, cid, f"bonus_for[{i}].trait", b.get("trait"), str)
                if not trait.startswith(_TARGET_PREFIXES):
                    raise CardError(origin, cid, f"bonus_for[{i}].trait", said(N_("must start with {trait_names}"),
                                                                               trait_names=_TRAIT_NAMES))
                tb.append(TraitBonus(trait, _expect(origin, cid, f"bonus_for[{i}].bonus", b.get("bonus"), int)))
            kwargs[key] = tuple(tb)
        elif key == "abilities":
            _expect(origin, cid, key, value, list)
            for i, v in enumerate(value):
                known = (*ABILITIES, *extension.extra_abilities())
                if v not in known:
                    raise CardError(origin, cid, f"{key}[{i}]", said(N_("unknown ability {ability}; known: {values}"),
                                                                     ability=repr(v), values=', '.join(known)))
            kwargs[key] = tuple(value)
        elif key == "tags":
            _expect(origin, cid, key, value, list)
            for i, v in enumerate(value):
                if not isinstance(v, str) or not v or not all(c.islower() or c.isdigit() or c == "-" for c in v):
                    raise CardError(origin, cid, f"{key}[{i}]", said(N_("a tag is a plain lower-case name")))
            kwargs[key] = tuple(value)
        elif key in ("usable_by", "not_usable_by", "counts_as", "will_not_attack"):
            _expect(origin, cid, key, value, list)
            for i, v in enumerate(value):
                if not isinstance(v, str) or not v.startswith(_TARGET_PREFIXES):
                    raise CardError(origin, cid, f"{key}[{i}]", said(N_("must start with {trait_names}"),
                                                                     trait_names=_TRAIT_NAMES))
            kwargs[key] = tuple(value)
        else:
            typ = {"int": int, "str": str, "bool": bool}[str(f.type)]  # annotations are strings
            kwargs[key] = _expect(origin, cid, key, value, typ)
    for required in ("name", "deck", "kind"):
        if required not in kwargs:
            raise CardError(origin, cid, required, said(N_("missing")))
    if kwargs["deck"] not in DECKS:
        raise CardError(origin, cid, "deck", said(N_("must be one of {values}"), values=', '.join(DECKS)))
    kinds = (*KINDS, *extension.extra_kinds())
    if kwargs["kind"] not in kinds:
        raise CardError(origin, cid, "kind", said(N_("unknown kind {kind}; known: {values}"),
                                                  kind=repr(kwargs['kind']), values=', '.join(kinds)))
    if kwargs.get("currency", "gold") not in CURRENCIES:
        raise CardError(origin, cid, "currency", said(N_("must be one of {values}"), values=", ".join(CURRENCIES)))
    if kwargs.get("raises_all_with", "") and not kwargs["raises_all_with"].startswith(_TARGET_PREFIXES):
        raise CardError(origin, cid, "raises_all_with", said(N_("must start with {trait_names}"),
                                                             trait_names=_TRAIT_NAMES))
    if kwargs.get("slot", "") not in SLOTS:
        raise CardError(origin, cid, "slot", said(N_("must be one of {values}"),
                                                  values=", ".join(repr(s) for s in SLOTS)))
    card = Card(**kwargs, extra=tuple(sorted(((k, v) for k, v in extra.items() if v != extension.default_of(k)),
                                          key=lambda kv: kv[0])))
    if card.kind == "monster" and card.level <= 0:
        raise CardError(origin, cid, "level", said(N_("a monster needs a level of at least 1")))
    if card.kind == "curse" and card.curse is None:
        raise CardError(origin, cid, "curse", said(N_("a curse needs its effect (use {} for text-only curses)")))
    if card.kind == "room" and card.level > 0 and card.bad_stuff is None:
        raise CardError(origin, cid, "bad_stuff", said(N_("a room with its own monster needs its bad stuff (use {} "
                                                           "for text-only)")))
    if card.kind == "monster" and card.bad_stuff is None:
        raise CardError(origin, cid, "bad_stuff", said(N_("a monster needs its bad stuff (use {} for text-only)")))
    if card.copies < 1:
        raise CardError(origin, cid, "copies", said(N_("a deck holds at least one copy")))
    if card.value < 0 or card.treasures < 0 or card.level < 0:
        raise CardError(origin, cid, "value", said(N_("numbers must not be negative")))
    if card.min_monster_level < 0:
        raise CardError(origin, cid, "min_monster_level", said(N_("must not be negative")))
    if not card.set or len(card.set) > 64:
        raise CardError(origin, cid, "set", said(N_("must be 1-64 characters")))
    _check_printed_effects(origin, card)
    _check_kept_effects(origin, card)
    return card


# What "alle anderen Spieler" may be made to do at once: nothing any of them must choose first (the
# victim's choice of an item, of cards to discard), nothing that lasts, no death with its looting.
OTHERS_EFFECTS = ("lose_levels", "lose_item", "lose_race", "lose_class", "change_sex", "discard_hand")


def _check_printed_effects(origin: str, card: Card) -> None:
    """The fields of the printed effects (docs/cards.md): each only on the kind of card that prints it."""
    cid = card.id
    if card.doubles_enhancer and card.kind != "monster_enhancer_enhancer":
        raise CardError(origin, cid, "doubles_enhancer", said(N_("only a monster_enhancer_enhancer doubles an enhancer")))
    fights = card.kind == "monster" or (card.kind == "room" and card.level > 0)  # a room's own monster too
    for name, value, ok in (("will_not_attack_max_level", card.will_not_attack_max_level, card.kind == "monster"),
                            ("will_not_attack", card.will_not_attack, card.kind == "monster"),
                            ("bad_stuff_others", card.bad_stuff_others, fights)):
        if value and not ok:
            raise CardError(origin, cid, name, said(N_("only a monster prints it")))
    if card.will_not_attack_max_level < 0:
        raise CardError(origin, cid, "will_not_attack_max_level", said(N_("must not be negative")))
    others = card.bad_stuff_others
    if others is not None:
        for key, value in others.to_dict().items():
            if key not in OTHERS_EFFECTS:
                raise CardError(origin, cid, f"bad_stuff_others.{key}",
                                said(N_("not for every other player at once; known: {values}"),
                                     values=", ".join(OTHERS_EFFECTS)))
        if others.lose_item not in ("", "big", "all"):
            raise CardError(origin, cid, "bad_stuff_others.lose_item",
                            said(N_("every other player loses \"big\" or \"all\" items (none of them chooses)")))


# The kinds of card that lie in front of their owner for good (001 turn summary, "4b) Du bist tot. Du behältst
# nur deine Stufe, deine Rasse(n), Klasse(n), Stil(e), Kräfte(e) ..."), and items: what may make its owner immune.
IN_FRONT = ("race", "class", "item", "power", "style", "loyalty", "training", "accent", "mojo", "birthright",
            "faction", "army", "origin", "headquarters")


def _check_kept_effects(origin: str, card: Card) -> None:
    """The fields of curse immunity, of classes and cards kept and of enhancers on cards in front (docs/cards.md):
    each only on the kind that prints it."""
    cid = card.id
    if card.curse_immune and card.kind not in IN_FRONT:
        raise CardError(origin, cid, "curse_immune", said(N_("only a card in front of its owner makes it immune: "
                                                             "{kinds}"), kinds=", ".join(IN_FRONT)))
    if card.may_not_discard and card.kind != "class":
        raise CardError(origin, cid, "may_not_discard", said(N_("only a class may not be discarded (001: the "
                                                                "Kultist)")))
    kept = (*IN_FRONT, "special_treasure")
    if card.kept_at_death and card.kind not in kept:
        raise CardError(origin, cid, "kept_at_death", said(N_("only a card that lies in front of its owner is kept: "
                                                              "{kinds}"), kinds=", ".join(kept)))
    takers = ("class", "race", "item", "hireling", "follower", "minion", "henchman", "mook", "ally", "companion",
              "sidekick")
    if card.takes_monster_enhancers and card.kind not in takers:
        raise CardError(origin, cid, "takes_monster_enhancers",
                        said(N_("only a card in front of its owner takes monster enhancers: {kinds}"),
                             kinds=", ".join(takers)))
    if card.frees_undiscardable and card.kind != "divine_intervention":
        raise CardError(origin, cid, "frees_undiscardable",
                        said(N_("only a divine_intervention frees the classes kept")))
