"""A group's card file, as ``judge new --cards`` reads it: TOML with one ``[[card]]`` table per card
(the catalogue's own format), or JSON (an object, or a list of them). A file that lists no card says
so, naming what it holds instead, so an empty or misspelt file is not taken for "no cards"."""

from __future__ import annotations

import difflib
import json
import tomllib
from pathlib import Path
from typing import Any

from judge.common.i18n import N_, said


def read_card_file(path: Path) -> list[Any]:
    """The card entries of ``path``; ``ValueError`` saying what is wrong with the file.

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> wrong = Path(folder, "karten.toml"); _ = wrong.write_text('[[cards]]\\ncard = "drache"\\n')
    >>> read_card_file(wrong)
    Traceback (most recent call last):
    ValueError: the file lists no [[card]] tables; it has [[cards]]: did you mean [[card]]?
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        loaded = json.loads(text)
        entries = loaded if isinstance(loaded, list) else [loaded]
    else:
        data = tomllib.loads(text)
        cards = data.get("card", [])
        if not isinstance(cards, list):
            raise ValueError(said(N_("'card' must be written as [[card]] tables, one per card")))
        if not cards:
            raise ValueError(_no_cards(data))
        entries = cards
    if not entries:
        raise ValueError(said(N_("the file lists no cards")))
    return entries


def _no_cards(data: dict[str, Any]) -> str:
    """Why a TOML file gave no cards: empty, or which keys it has instead."""
    if not data:
        return said(N_("the file is empty: write one [[card]] table per card (examples/monkic/karten.toml shows how)"))
    keys = sorted(data)
    close = difflib.get_close_matches("card", keys, n=1, cutoff=0.6)
    shown = ", ".join(f"[[{k}]]" if isinstance(data[k], list) else k for k in keys)
    if close:
        return said(N_("the file lists no [[card]] tables; it has {shown}: did you mean [[card]]?"), shown=shown)
    return said(N_("the file lists no [[card]] tables; it has {shown}: write one [[card]] table per card"),
                shown=shown)
