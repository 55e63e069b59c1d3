"""The groups' card libraries (judge/domain/library.py) as the application keeps them: add, correct,
remove, import and export a collection's cards, and pin them into a new game of the collection.

Each definition is checked by the family's rules (the ruleset hook ``library_entry``) exactly as a
game checks its ``custom_cards``, so a library never holds a card a game would refuse. Writes are
optimistic like a game's: a write another replica beat is retried on the library it wrote.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

import tomli_w
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError

from judge.common import jsonbounds
from judge.common.i18n import N_, Said, said
from judge.common.errors import InvalidArgument, WriteContention
from judge.domain.library import DEFAULT_COLLECTION, CardLibrary, collection_problem, library_id
from judge.rules import registry
from judge.rules.engine import GameSetup, canonical_json

WRITE_ATTEMPTS = 4
MAX_IMPORT_CARDS = 2000
MAX_IMPORT_TEXT = 2 * 1024 * 1024


@dataclass(frozen=True)
class Imported:
    """What an import changed: the ids added, and how many were there already as they are."""

    added: list[str]
    unchanged: int


class CardLibraries:
    """The card libraries kept in ``store`` (the judge's eventsourcing application), timed by ``clock``."""

    def __init__(self, store: Application, clock: Callable[[], int]):
        self._store = store
        self._clock = clock

    # ---------------------------------------------------------------- reading

    def family_of(self, ruleset_name: str) -> tuple[str, Any]:
        """The family of a ruleset and the ruleset that checks its library's cards."""
        ruleset = registry.get(ruleset_name)
        if not callable(getattr(ruleset, "library_entry", None)):
            raise InvalidArgument("ruleset", said(N_("{ruleset} keeps no card library"), ruleset=ruleset.name))
        return str(ruleset.family), ruleset

    def cards(self, collection: str, ruleset_name: str) -> dict[str, dict[str, Any]]:
        """The library's cards by id ({} for a library nothing was written to)."""
        family, _ = self.family_of(ruleset_name)
        library = self._load(collection_name(collection), family)
        return dict(library.cards) if library is not None else {}

    def export_toml(self, collection: str, ruleset_name: str) -> tuple[str, int]:
        """The library as a TOML file of ``[[card]]`` tables (by id), and how many cards it holds."""
        cards = self.cards(collection, ruleset_name)
        return tomli_w.dumps({"card": [cards[k] for k in sorted(cards)]}), len(cards)

    # ---------------------------------------------------------------- writing

    def add(self, collection: str, ruleset_name: str, card: Mapping[str, Any], origin: str) -> tuple[str, bool]:
        """Add one card; ``(id, added)``: not added when the same definition is there already, refused
        (naming both) when another one is."""
        imported = self.import_cards(collection, ruleset_name, [card], origin)
        key = imported.added[0] if imported.added else self._key(ruleset_name, card, "card")
        return key, bool(imported.added)

    def import_cards(self, collection: str, ruleset_name: str, cards: Iterable[Mapping[str, Any]],
                     origin: str) -> Imported:
        """Add many cards, all or none (each checked first; a clash refused naming both versions)."""
        family, _ = self.family_of(ruleset_name)
        given = list(cards)
        if len(given) > MAX_IMPORT_CARDS:
            raise InvalidArgument("cards", said(N_("at most {n} cards at once"), n=MAX_IMPORT_CARDS))
        checked: dict[str, dict[str, Any]] = {}
        for i, card in enumerate(given):
            where = "card" if len(given) == 1 else f"card[{i}]"
            key = self._key(ruleset_name, card, where)
            if key in checked and canonical_json(checked[key]) != canonical_json(dict(card)):
                raise InvalidArgument(where, said(N_("'{card}' is given twice, with two definitions"), card=key))
            checked[key] = dict(card)

        def write(library: CardLibrary) -> Imported:
            added, unchanged = [], 0
            for key, card in checked.items():
                held = library.cards.get(key)
                if held is None:
                    library.define(key, card, origin, self._clock())
                    added.append(key)
                elif canonical_json(held) == canonical_json(card):
                    unchanged += 1
                else:
                    raise InvalidArgument("card", said(
                        N_("the library already defines '{card}' otherwise: {held} (this one: {given}); correct it "
                           "with EditCard"), card=key, held=canonical_json(held), given=canonical_json(card)))
            return Imported(added, unchanged)

        return self._write(collection_name(collection), family, write)

    def edit(self, collection: str, ruleset_name: str, card: Mapping[str, Any], origin: str) -> tuple[str, dict]:
        """Correct a card of the library; ``(id, the definition it replaced)``."""
        family, _ = self.family_of(ruleset_name)
        key = self._key(ruleset_name, card, "card")

        def write(library: CardLibrary) -> tuple[str, dict]:
            before = library.cards.get(key)
            if before is None:
                raise InvalidArgument("card", said(N_("the library has no card '{card}' to correct; add it"), card=key))
            if canonical_json(before) != canonical_json(dict(card)):
                library.correct(key, dict(card), origin, self._clock())
            return key, dict(before)

        return self._write(collection_name(collection), family, write)

    def remove(self, collection: str, ruleset_name: str, key: str, origin: str) -> str:
        family, _ = self.family_of(ruleset_name)

        def write(library: CardLibrary) -> str:
            if key not in library.cards:
                raise InvalidArgument("card_id", said(N_("the library has no card '{card}'"), card=key))
            library.remove(key, origin, self._clock())
            return key

        return self._write(collection_name(collection), family, write)

    # ---------------------------------------------------------------- games

    def pin(self, setup: GameSetup) -> GameSetup:
        """``setup`` with the cards of its collection's library that it does not give itself added to its
        ``custom_cards``: the game records them at its creation, so its replay never depends on the
        library again."""
        ruleset = registry.get(setup.ruleset)
        if not callable(getattr(ruleset, "library_entry", None)):
            return setup
        library = self._load(collection_name(setup.collection), str(ruleset.family))
        if library is None or not library.cards:
            return setup
        entry_of = getattr(ruleset, "library_entry")
        given = set()
        for card in setup.custom_cards:
            try:
                given.add(entry_of(card))
            except (InvalidArgument, TypeError, ValueError):
                pass  # the game's own check names it
        extra = tuple(library.cards[k] for k in sorted(library.cards) if k not in given)
        return replace(setup, custom_cards=tuple(setup.custom_cards) + extra)

    def lookup(self, setup: Mapping[str, Any], ruleset: Any, card: str) -> dict[str, Any] | None:
        """The library's definition of ``card`` (an id or a printed name, as a command named it) for the
        collection of a game with ``setup``, or None."""
        if not callable(getattr(ruleset, "library_entry", None)):
            return None
        library = self._load(collection_name(str(setup.get("collection", ""))), str(ruleset.family))
        if library is None:
            return None
        if card in library.cards:
            return dict(library.cards[card])
        wanted = _folded_name(card)
        for key in sorted(library.cards):
            if _folded_name(str(library.cards[key].get("name", ""))) == wanted:
                return dict(library.cards[key])
        return None

    def learn(self, setup: Mapping[str, Any], ruleset: Any, cards: Iterable[Mapping[str, Any]],
              origin: str) -> list[Said]:
        """Add the cards a game defined to its collection's library; never fails. What was not added is
        said back (a card the library defines otherwise keeps the library's version there, and the
        game its own)."""
        notes: list[Said] = []
        if not callable(getattr(ruleset, "library_entry", None)):
            return notes
        collection = collection_name(str(setup.get("collection", "")))

        def write(library: CardLibrary) -> list[Said]:
            out: list[Said] = []
            for card in cards:
                try:
                    key = str(ruleset.library_entry(card))
                except InvalidArgument:
                    continue  # the game checked it; a library of another schema version does not take it
                held = library.cards.get(key)
                if held is None:
                    library.define(key, dict(card), origin, self._clock())
                elif canonical_json(held) != canonical_json(dict(card)):
                    out.append(said(N_("the library of \"{collection}\" defines '{card}' otherwise and keeps its "
                                       "version: {held}; this game keeps its own: {given}"),
                                    collection=collection, card=key, held=canonical_json(held),
                                    given=canonical_json(dict(card))))
            return out

        try:
            notes = self._write(collection, str(ruleset.family), write)
        except (InvalidArgument, WriteContention) as e:
            notes = [said(N_("the cards were not added to the library: {problem}"), problem=str(e))]
        return notes

    def follow_correction(self, setup: Mapping[str, Any], ruleset: Any, before: Mapping[str, Any],
                          after: Mapping[str, Any], origin: str) -> bool:
        """Correct the library as a game's organizer corrected a card, where the library holds the
        definition the game had (True); a library that holds another one keeps it."""
        if not callable(getattr(ruleset, "library_entry", None)):
            return False
        collection = collection_name(str(setup.get("collection", "")))
        key = str(ruleset.library_entry(after))

        def write(library: CardLibrary) -> bool:
            held = library.cards.get(key)
            if held is None or canonical_json(held) != canonical_json(dict(before)):
                return False
            library.correct(key, dict(after), origin, self._clock())
            return True

        try:
            return bool(self._write(collection, str(ruleset.family), write))
        except (InvalidArgument, WriteContention):
            return False

    # ---------------------------------------------------------------- the store

    def _key(self, ruleset_name: str, card: Mapping[str, Any], where: str) -> str:
        _, ruleset = self.family_of(ruleset_name)
        if not isinstance(card, Mapping):
            raise InvalidArgument(where, said(N_("a card is a JSON object")))
        try:
            return str(ruleset.library_entry(card))
        except InvalidArgument as e:
            field = e.field if e.field.startswith("card") else f"card.{e.field}"
            raise InvalidArgument(where + field[len("card"):], e.message) from e

    def _load(self, collection: str, family: str) -> CardLibrary | None:
        try:
            return cast(CardLibrary, self._store.repository.get(library_id(collection, family)))
        except AggregateNotFoundError:
            return None

    def _write(self, collection: str, family: str, change: Callable[[CardLibrary], Any]) -> Any:
        version = 0
        for _ in range(WRITE_ATTEMPTS):
            library = self._load(collection, family) or CardLibrary(collection, family)
            result = change(library)
            try:
                self._store.save(library)
            except IntegrityError:
                version = library.version  # another writer was first: change the library it wrote
                continue
            return result
        raise WriteContention(WRITE_ATTEMPTS, version, "library")


def collection_name(name: str) -> str:
    """A request's collection: checked, "" read as the default one."""
    if not name:
        return DEFAULT_COLLECTION
    problem = collection_problem(name)
    if problem:
        raise InvalidArgument("collection", problem)
    return name


def read_cards(text: str, fmt: str = "") -> list[Any]:
    """The cards of a file's text: TOML ``[[card]]`` tables, or JSON (an object or a list of them)."""
    if len(text) > MAX_IMPORT_TEXT:
        raise InvalidArgument("text", said(N_("at most {n} characters"), n=MAX_IMPORT_TEXT))
    fmt = fmt or ("json" if text.lstrip()[:1] in ("[", "{") and _is_json(text) else "toml")
    if fmt not in ("toml", "json"):
        raise InvalidArgument("format", said(N_("toml or json")))
    try:
        jsonbounds.check(text)  # TOML nests with brackets too: the same bound before either parser
        if fmt == "json":
            loaded = jsonbounds.loads(text)
            cards = loaded if isinstance(loaded, list) else [loaded]
        else:
            cards = tomllib.loads(text).get("card", [])
    except (ValueError, RecursionError) as e:
        raise InvalidArgument("text", said(N_("not valid {format}: {problem}"), format=fmt.upper(),
                                           problem=str(e))) from None
    if not isinstance(cards, list) or not cards:
        raise InvalidArgument("text", said(N_("lists no cards: write one [[card]] table per card")))
    return cards


def _folded_name(text: str) -> str:
    """A printed name as a command may give it: case and spaces aside."""
    return " ".join(text.casefold().split())


def _is_json(text: str) -> bool:
    try:
        jsonbounds.loads(text)
    except ValueError:
        return False
    return True
