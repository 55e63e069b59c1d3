"""The card texts the table page shows beside each action (``GET /cards/<ruleset>.json``).

The page groups what LegalActions offers by card; a command names a card by
its catalogue id, so the page needs each card's printed name and text. They
are static data of the ruleset (its catalogue), served as JSON by the bridge:
``{"<id>": {"name": ..., "kind": ..., "text": ...}}``. A game's own custom
cards are not in it; the page shows their id.
"""

from __future__ import annotations

import functools
import json
import tomllib
from pathlib import Path
from typing import Any

from judge.errors import InvalidArgument
from judge.rules import registry


def _entry(name: Any, kind: Any, text: Any) -> dict[str, str]:
    return {"name": str(name or ""), "kind": str(kind or ""), "text": str(text or "")}


@functools.cache
def cards_json(ruleset_name: str) -> bytes | None:
    """The ruleset's catalogue as the page reads it, or None for an unknown ruleset."""
    try:
        ruleset = registry.get(ruleset_name)
    except InvalidArgument:  # an unknown name: 404, like any other missing file
        return None
    cards: dict[str, dict[str, str]] = {}
    catalogue = getattr(ruleset, "catalogue", None)
    if callable(catalogue):
        for card in catalogue().values():
            cards[card.id] = _entry(card.name, card.kind, card.text)
    else:
        # A family without a Card catalogue (monkic) ships its cards.toml beside its module.
        module = __import__(type(ruleset).__module__, fromlist=["_"])
        data = Path(module.__file__ or "").parent / "cards.toml"
        if data.is_file():
            for entry in tomllib.loads(data.read_text(encoding="utf-8")).get("card", []):
                if isinstance(entry, dict) and "id" in entry:
                    cards[str(entry["id"])] = _entry(entry.get("name"), entry.get("kind"), entry.get("text"))
    return json.dumps(cards, ensure_ascii=False, sort_keys=True).encode("utf-8")
