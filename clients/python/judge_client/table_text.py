"""What ``judge new --env`` and ``judge cards`` print.

``judge new --env`` prints the game's id and tokens as shell ``export`` lines,
so that ``eval "$(judge new ... --env)"`` leaves ``$GAME``, one variable per
seat named after the player (``$ANNA``), ``$ORGANIZER`` and ``$SPECTATOR`` in
the shell (README.md, "Playing a game from the command line").
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from judge.common.i18n import ntr, tr
from judge_client.fitted import Column, fitted_table

_SPELT = {"Ä": "AE", "Ö": "OE", "Ü": "UE", "ß": "SS"}
RESERVED = frozenset({"GAME", "ORGANIZER", "SPECTATOR", "PATH", "HOME", "SHELL", "USER", "PWD", "JUDGE_TARGET",
                      "JUDGE_TOKEN", "JUDGE_PAGE", "IFS", "PS1", "LANG"})


def variable_name(name: str, seat: int) -> str:
    """A shell variable for a seat: the player's name in capitals (``Jörg`` -> ``JOERG``),
    ``SEAT<n>`` where the name gives none.

    >>> variable_name("Jörg", 0), variable_name("Anna Lena", 1)
    ('JOERG', 'ANNA_LENA')
    >>> variable_name("2pac", 2), variable_name("", 3), variable_name("Game", 4)
    ('SEAT2', 'SEAT3', 'SEAT4')
    """
    upper = "".join(_SPELT.get(ch, ch) for ch in name.upper())
    plain = unicodedata.normalize("NFKD", upper).encode("ascii", "ignore").decode()
    word = re.sub(r"[^A-Z0-9]+", "_", plain).strip("_")
    if not word or word[0].isdigit() or word in RESERVED:
        return f"SEAT{seat}"
    return word


def env_lines(game: Any) -> list[str]:
    """The ``export`` lines of a ``CreateGameResponse``."""
    names = {s.seat: s.name for s in game.view.seats}
    lines = [f"export GAME={shlex.quote(game.game_id)}"]
    used: set[str] = set()
    for t in game.seat_tokens:
        var = variable_name(names.get(t.seat, ""), t.seat)
        if var in used:
            var = f"SEAT{t.seat}"
        used.add(var)
        lines.append(f"export {var}={shlex.quote(t.token)}")
    lines.append(f"export ORGANIZER={shlex.quote(game.organizer_token)}")
    lines.append(f"export SPECTATOR={shlex.quote(game.spectator_token)}")
    return lines


def kind_word(lang: str, kind: str) -> str:
    """A card kind as a reader reads it: "Monsterverstärker"; in English "monster enhancer" (the
    catalogue's ids are the kinds' names, ``monster_enhancer``)."""
    word = tr(lang, kind)
    return word.replace("_", " ") if word == kind else word


def _numbers(card: Any, lang: str) -> str:
    parts: list[str] = []
    if card.level:
        parts.append(tr(lang, "level {n}", n=card.level))
    if card.bonus:
        parts.append(f"{card.bonus:+d}")
    if card.treasures:
        parts.append(ntr(lang, "{n} treasure", "{n} treasures", card.treasures))
    if card.levels > 1:
        parts.append(ntr(lang, "{n} level", "{n} levels", card.levels))
    if card.level_gain:
        parts.append(ntr(lang, "+{n} level", "+{n} levels", card.level_gain))
    if card.value:
        parts.append(ntr(lang, "{n} credit", "{n} credits", card.value) if card.currency == "credits"
                     else ntr(lang, "{n} gold", "{n} gold", card.value))
    if card.slot:
        parts.append(tr(lang, card.slot))
    if card.big:
        parts.append(tr(lang, "big"))
    if card.complex:
        parts.append(tr(lang, "complex"))
    if card.undead:
        parts.append(tr(lang, "undead"))
    return ", ".join(parts)


def cards_table(cards: Sequence[Any], lang: str, title: str = "", width: int | None = None) -> Table:
    """The cards of a ``ListCardsResponse`` as a table: ids never broken, text wrapped at words; in a
    console ``width`` too narrow the name, kind, set, numbers and text fold under the id."""
    columns = [Column(tr(lang, "id")), Column(tr(lang, "name"), bare=True), Column(tr(lang, "kind")),
               Column(tr(lang, "set")), Column(tr(lang, "numbers"), wraps=True), Column(tr(lang, "text"), wraps=True)]
    rows = [[c.id, escape(c.name), escape(kind_word(lang, c.kind)), escape(c.set), escape(_numbers(c, lang)),
             escape(c.text)] for c in cards]
    return fitted_table(columns, rows, width=width, title=title)
