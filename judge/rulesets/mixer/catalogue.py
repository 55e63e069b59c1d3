"""The catalogue of a combined game: the union of its sets' cards, and what 001
"MUNCHKIN IM MIXER" says cards count as.

* 000 "KOMBINIERE DIESES SPIEL MIT ANDEREN MUNCHKIN-SPIELEN!": "Mische alle
  Schatzkarten zusammen. Mische die Tür-, Stations- und Gassenkarten in einen
  Stapel": every copy of every set is in the decks. A card id two sets both
  print (Wanderndes Monster, in 000 and 004) is one card with the copies of
  both, provided both printings have the same effect; printings that differ in
  anything but their text are refused when the catalogue is built
  (``CardError``), so a clash is found by a test, never at a table.
* The name-based kinds of 001 (knives, guns, bows, aliens, robots, dragons,
  vehicles, demons, Gaki) are derived from a card's printed name as tags, and
  the relatives of cards the rules name (the cheating cards, the
  wandering-monster cards, Halb-Blut's and Super Munchkin's relatives) from
  the ``RELATIVES`` table: data, applied to shipped and custom cards alike.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from judge.common.i18n import N_
from judge.cards import Card, CardError, Catalogue, load_catalogue, load_file
from judge.cards.schema import Bonus, Effect
from judge.rules import registry
from judge.rulesets.mixer.narration import said_in_mixer as _said
from judge.rulesets.munchkin import Munchkin
from judge.rulesets.munchkin.sets import declared_set


def mixer_sets() -> Mapping[str, type[Munchkin]]:
    """The sets a combined game may name, each with its layer: every registered ruleset of the family whose
    class declares its own ``mixer_set`` (judge/rulesets/munchkin/sets.py), in the order the layers are
    composed (the newer, more specific set first: its hooks run before the ones they build on)."""
    found: dict[str, tuple[int, type[Munchkin]]] = {}
    for ruleset in registry.current(family="munchkin"):
        declared = declared_set(ruleset)
        if declared is not None and isinstance(ruleset, Munchkin):
            found[declared.name] = (declared.number, type(ruleset))
    return {name: layer for name, (_, layer) in sorted(found.items(), key=lambda kv: (-kv[1][0], kv[0]))}


def card_order() -> tuple[str, ...]:
    """The order the sets' cards are read in, oldest set first (a clashing id keeps the first printing)."""
    return tuple(reversed(list(mixer_sets())))


#: 001 "MUNCHKIN IM MIXER": patterns of a card's printed name and the tag the card gets for them. "Alle Karten
#: mit den Begriffen Messer oder Dolch im Namen zählen als Messer", "... Pistole oder Gewehr ... als
#: Schusswaffe", "... Bogen ... als Bogen"; monsters: "Alien oder Roboter im Titel zählen als Aliens bzw.
#: Roboter", "Drache oder Schlange im Titel zählen als Drachen"; "jede Karte mit den Begriffen Auto oder
#: Wagen im Titel gilt regeltechnisch als Fahrzeug (Ausnahme: Autoflucht 2000)"; "Jedes Monster mit der
#: Bezeichnung Dämon"; "Alle Gaki-Monster"; the families that join a fight ("eine Fledermaus, ein Hai, ein
#: Drache, ein Goblin, ein Weihnachtsmonster, ein Monster in Schwarz, ein Chaos-Monster"), Hong-Kong- and
#: Goth-Monster; "Die Gasmask (Munchkin Impossible) tötet automatisch den Gasriesen (Star Munchkin)".
NAME_TAGS: tuple[tuple[str, str, bool], ...] = (
    # (pattern, tag, monsters only)
    (r"aser\b|laser", "laser", False),  # "Waffen, deren Name auf -aser oder so ähnlich endet" (before the guns)
    (r"messer|dolch", "knife", False),
    (r"pistole|gewehr", "gun", False),
    (r"bogen", "bow", False),
    (r"alien", "alien", True), (r"roboter", "robot", True),
    (r"drache|schlange", "dragon", True),
    (r"auto|wagen", "vehicle", False),
    (r"dämon", "demon", True), (r"gaki", "gaki", True),
    (r"fledermaus", "bat", True), (r"\bhai", "shark", True), (r"goblin", "goblin", True),
    (r"weihnacht", "christmas", True), (r"in schwarz", "men-in-black", True), (r"chaos", "chaos", True),
    (r"hong[- ]kong", "hong-kong", False), (r"\bgoth", "goth", True),
    (r"gasmask", "gas-mask", False), (r"gasriese", "gas-giant", True),
)
#: "(Ausnahme: Autoflucht 2000)": printed names that are no vehicle although "Auto" is in them.
NOT_VEHICLES = frozenset({"autoflucht 2000"})
#: "Alle Laserwaffen gelten als Feuer verwendende Waffen, nicht jedoch als Schusswaffen": a laser is never a gun,
#: always a fire weapon.
NOT_GUN_TAG = "laser"
FIRE_TAG = "fire"
#: Tags that make an item a vehicle (a steed: "Jedes Ross ... gilt regeltechnisch als Fahrzeug").
VEHICLE_TAGS = frozenset({"vehicle", "steed"})

#: 001 "MUNCHKIN IM MIXER": cards of other sets that the rules about a card of ours cover, by printed name,
#: with the kind they are judged as. "Eine Karte, die sich auf Wanderndes Monster bezieht, deckt auch die
#: Karten Monsterbrutstätte und Monsterauflauf ab"; "Alle Einschränkungen für Halb-Blut gelten ebenso für
#: Drittel-Blut und Chimäre"; "... Super Munchkin gelten auch für Ultra Munchkin und Super Duper Munchkin".
#: A group that adds one of them as a custom card of kind "other" gets it judged as that kind.
RELATIVES: Mapping[str, str] = {
    "monsterbrutstätte": "wandering_monster", "monsterauflauf": "wandering_monster",
    "drittel-blut": "half_breed", "chimäre": "half_breed",
    "ultra munchkin": "super_munchkin", "super duper munchkin": "super_munchkin",
}
#: "Eine Karte, die sich auf Schummeln bezieht, gilt ebenso für Mit beiden Händen Schummeln und Schummeln, als
#: ob es kein Morgen mehr gibt": the three cheating cards share the tag "cheat".
CHEATING = frozenset({"schummeln", "mit beiden händen schummeln", "schummeln, als ob es kein morgen mehr gibt"})
CHEAT_TAG = "cheat"

#: What a dead character keeps besides its level, races and classes (001 "4. Flucht": "b) Du bist tot. Du behältst
#: nur deine Stufe, deine Rasse(n), Klasse(n), Stil(e), Kräfte(e), Loyalität(en), Training(s), Akzent(e), Mojo(s),
#: Geburtsrecht(e), Machtgruppe(n), Armee(n) ..."): those kinds of card are kept_at_death in a combined game.
KEPT_AT_DEATH = ("style", "power", "loyalty", "training", "accent", "mojo", "birthright", "faction", "army")

#: The class 001 names twice: "mit Ausnahme der Klasse Kultist", "befreit alle Spieler vom Kultisten-Dasein".
CULTIST = "class:kultist"

#: "Jedes Monster mit der Bezeichnung Dämon hat +5 gegen Priester."
DEMON_BONUS = Bonus(("class:priester",), 5)

#: Fields two printings of one card id may differ in (the text, the set that prints it, the copies).
PRINTING_FIELDS = frozenset({"text", "set", "copies"})


def derived(card: Card) -> Card:
    """``card`` with what 001 says it counts as: its name's tags, its kind as a relative of a named card,
    the cheating tag, and a demon's bonus against priests."""
    name = card.name.lower()
    tags = list(card.tags)
    for pattern, tag, monsters_only in NAME_TAGS:
        if re.search(pattern, name) and (card.kind == "monster" or not monsters_only) and tag not in tags:
            if tag == "gun" and NOT_GUN_TAG in tags:
                continue
            if tag == "vehicle" and name in NOT_VEHICLES:
                continue
            tags.append(tag)
    if NOT_GUN_TAG in tags and FIRE_TAG not in tags:
        tags.append(FIRE_TAG)
    if name in CHEATING and CHEAT_TAG not in tags:
        tags.append(CHEAT_TAG)
    changes: dict[str, Any] = {}
    if tuple(tags) != card.tags:
        changes["tags"] = tuple(tags)
    if card.kind == "other" and name in RELATIVES:
        changes["kind"] = RELATIVES[name]
    if card.kind == "monster" and "demon" in tags and DEMON_BONUS not in card.bonuses:
        changes["bonuses"] = (*card.bonuses, DEMON_BONUS)
    # "Die Göttliche Intervention befreit alle Spieler vom Kultisten-Dasein" (and the timing table: "mit Ausnahme
    # der Klasse Kultist"): a Kultist may not be discarded, every Göttliche Intervention frees it.
    if card.kind == "class" and CULTIST in (f"class:{card.id}", *card.counts_as) and not card.may_not_discard:
        changes["may_not_discard"] = True
    if card.kind == "divine_intervention" and not card.frees_undiscardable:
        changes["frees_undiscardable"] = True
    if changes.get("kind", card.kind) in KEPT_AT_DEATH and not card.kept_at_death:
        changes["kept_at_death"] = True  # "4b) Du bist tot. Du behältst nur ... Stil(e), Kräfte(e), ..."
    if changes.get("kind", card.kind) == "mook" and not card.takes_monster_enhancers:
        changes["takes_monster_enhancers"] = True  # "Man darf beliebige Monsterverstärker-Karten auf seine Mooks ..."
    if changes.get("kind", card.kind) in ("trap", "catastrophe") and card.curse is None:
        changes["curse"] = Effect()  # one kind with curses: a text-only curse unless it prints its effect
    return dataclasses.replace(card, **changes) if changes else card


def set_cards(name: str) -> list[Card]:
    """The cards set ``name`` prints: those of its layer's catalogue that name it as their set."""
    layer = mixer_sets()[name]
    cards: list[Card] = list(load_catalogue(*layer.card_sets).values())
    cards += [card for path in layer.card_files for card in load_file(path)]
    return [c for c in cards if c.set == name]


def union(sets: Iterable[str]) -> list[Card]:
    """The cards of ``sets``: one card per id, the copies of every printing; a clash refused (``CardError``)."""
    out: dict[str, Card] = {}
    chosen = set(sets)
    for name in card_order():
        if name not in chosen:
            continue
        for card in set_cards(name):
            first = out.get(card.id)
            if first is None:
                out[card.id] = card
                continue
            differ = [f.name for f in dataclasses.fields(Card) if f.name not in (*PRINTING_FIELDS, "extra")
                      and getattr(first, f.name) != getattr(card, f.name)]
            mine, theirs = dict(first.extra), dict(card.extra)  # the fields the sets' layers added
            differ += sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
            if differ:
                raise CardError(f"{first.set}+{card.set}", card.id, differ[0],
                                _said(N_("the sets {set} and {other} print this id with different {values}"),
                                      set=first.set,
                                      other=card.set, values=', '.join(differ)))
            out[card.id] = dataclasses.replace(first, copies=first.copies + card.copies)
    return list(out.values())


@functools.lru_cache(maxsize=64)
def mixer_catalogue(sets: tuple[str, ...], custom_json: str) -> Catalogue:
    """The catalogue of a game combining ``sets``, with the group's own cards; every card as 001 derives it."""
    base = Catalogue(union(sets)).with_custom(json.loads(custom_json))
    return Catalogue(derived(c) for c in base.values())
