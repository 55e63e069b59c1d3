"""The monkic card catalogue and the group's card values.

002 names the cards and their abilities but prints no attack and shield
points. The catalogue (``judge/rulesets/monkic/cards.toml``) ships the names,
kinds and abilities; the group gives the values of its own cards when it
creates a game, as ``custom_cards`` entries (docs/monkic.md):

``{"card": "drache", "attack": 8, "shield": 5}`` and, for XXL cards, also
``"attack_joker"`` and ``"shield_joker"`` (002 Karten(Extra): "gelten dann die
Attack und Schild Punkte mit dem (Joker)"); ``"copies"`` (default 1) says how
often a card is in one set.

Every card that can be in play and fights (jokers, monsters, XXL cards)
needs values; a missing one is refused when the game is created, never found
mid-game. Curses, SuperPower and Elemente carry no values (002 Angriff und
Verteidigung: "Auf jeder Karte(außer auf Elemente und SuperPower)"; a curse
never fights).
"""

from __future__ import annotations

import difflib

import functools
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge.common.i18n import N_, Said, dsaid
from judge.rulesets.monkic.narration import DOMAIN

DATA = Path(__file__).resolve().parent / "cards.toml"

KINDS = ("joker", "monster", "curse", "superpower", "elemente", "xxl")
FIGHTERS = ("joker", "monster", "xxl")  # the kinds that need values
JOKERS = ("joker", "joker-kind", "joker-dame")
GUARDS = JOKERS + ("kobold", "superpower")  # may be laid under another card
VALUE_FIELDS = ("attack", "shield", "attack_joker", "shield_joker", "copies")
MAX_VALUE = 99
MAX_COPIES = 10


class ValuesError(ValueError):
    """A malformed or missing card value; names the entry and the field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class MonkicCard:
    id: str
    name: str
    kind: str
    text: str


@dataclass(frozen=True)
class Values:
    attack: int
    shield: int
    attack_joker: int | None = None
    shield_joker: int | None = None
    copies: int = 1


@functools.cache
def catalogue() -> Mapping[str, MonkicCard]:
    """The shipped monkic cards by id."""
    with DATA.open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, MonkicCard] = {}
    for entry in data["card"]:
        card = MonkicCard(entry["id"], entry["name"], entry["kind"], entry.get("text", ""))
        if card.kind not in KINDS or card.id in out:
            raise ValueError(f"{DATA.name}: bad card {card.id!r}")
        out[card.id] = card
    return out


def in_game(specials: bool) -> list[str]:
    """The card ids of one set's draw stack: every card but the XXL cards, and
    without SuperPower and Elemente in the simpler game (002 Vorbereitung)."""
    return [cid for cid, c in catalogue().items()
            if c.kind != "xxl" and (specials or c.kind not in ("superpower", "elemente"))]


def xxl_cards() -> list[str]:
    return [cid for cid, c in catalogue().items() if c.kind == "xxl"]


def said_in_monkic(message: str, **params: object) -> Said:
    """A message of monkic's own catalogue (marked with ``N_`` where it is written), to be said in any
    language (judge/common/i18n.py)."""
    return dsaid(DOMAIN, message, **params)


_said = said_in_monkic


def _did_you_mean(given: object, known: Iterable[str], otherwise: Said | None = None) -> Said:
    """"did you mean 'x'?" for the closest known name, else ``otherwise`` or the known names (a values
    file's typos), to be said in any language.

    >>> _did_you_mean("drachen", ["drache", "zwerg"])
    "did you mean 'drache'?"
    >>> _did_you_mean("power", ["attack", "shield"])
    'known: attack, shield'
    """
    names = list(known)
    close = difflib.get_close_matches(given, names, n=1, cutoff=0.6) if isinstance(given, str) else []
    if close:
        return _said(N_("did you mean '{name}'?"), name=close[0])
    return otherwise or _said(N_("known: {names}"), names=", ".join(names))


def parse_entry(entry: object, where: str) -> tuple[str, Values]:
    """One card's values (``{card, attack, shield ...}``) checked against the catalogue; ``ValuesError``
    naming ``<where>.<field>``."""
    cards = catalogue()
    if not isinstance(entry, Mapping):
        raise ValuesError(where, _said(N_("each entry is an object with card, attack and shield")))
    cid = entry.get("card")
    if not isinstance(cid, str) or cid not in cards:
        raise ValuesError(f"{where}.card", _said(N_("unknown monkic card '{card}' ({hint})"), card=cid, hint=(
            _did_you_mean(cid, cards, _said(N_("`judge cards --ruleset monkic` lists the ids"))))))
    unknown = set(entry) - {"card", *VALUE_FIELDS}
    if unknown:
        field = sorted(unknown)[0]
        raise ValuesError(f"{where}.{field}", _said(N_("unknown field of '{card}' ({hint})"), card=cid,
                                                    hint=_did_you_mean(field, VALUE_FIELDS)))
    kind = cards[cid].kind
    if kind not in FIGHTERS:
        raise ValuesError(f"{where}.card", _said(N_("'{card}' is a {kind} card and has no attack and shield points"),
                                                  card=cid, kind=kind))
    nums: dict[str, int] = {}
    for name in VALUE_FIELDS:
        if name not in entry:
            continue
        value = entry[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValuesError(f"{where}.{name}", _said(N_("must be an integer")))
        low, high = (1, MAX_COPIES) if name == "copies" else (-MAX_VALUE, MAX_VALUE)
        if not low <= value <= high:
            raise ValuesError(f"{where}.{name}", _said(N_("must be {low} to {high}"), low=low, high=high))
        nums[name] = value
    for name in ("attack", "shield") + (("attack_joker", "shield_joker") if kind == "xxl" else ()):
        if name not in nums:
            raise ValuesError(f"{where}.{name}", _said(N_("'{card}' needs {field}"), card=cid, field=name))
    if kind != "xxl" and ("attack_joker" in nums or "shield_joker" in nums):
        raise ValuesError(f"{where}.attack_joker", _said(N_("only XXL cards have (Joker) values")))
    return cid, Values(**nums)


def parse_values(entries: Iterable[Mapping[str, Any]], *, specials: bool, extra: bool) -> dict[str, Values]:
    """The group's values by card id, checked against the catalogue. Raises
    ``ValuesError`` naming ``custom_cards[i].<field>`` or the missing card."""
    out: dict[str, Values] = {}
    for i, entry in enumerate(entries):
        cid, values = parse_entry(entry, f"custom_cards[{i}]")
        if cid in out:
            raise ValuesError(f"custom_cards[{i}].card", _said(N_("values for '{card}' given twice"), card=cid))
        out[cid] = values
    cards = catalogue()
    needed = [cid for cid in in_game(specials) if cards[cid].kind in FIGHTERS]
    if extra:
        needed += xxl_cards()
    missing = [cid for cid in needed if cid not in out]
    if missing:
        raise ValuesError("custom_cards",
                          _said(N_("no attack and shield values for: {cards}"), cards=", ".join(missing)))
    return out


def load_values_file(path: Path) -> list[dict[str, Any]]:
    """Read a group's values file (TOML with ``[[card]]`` tables, or JSON, a
    list of entries) into ``custom_cards`` entries for the game's setup."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        import json

        data: Any = json.loads(text)
    else:
        data = tomllib.loads(text).get("card", [])
    if not isinstance(data, list):
        raise ValuesError(str(path.name), "expected a list of card entries")
    return [dict(e) for e in data]
