"""JSON from outside the judge, read within bounds: its length and its nesting depth are
checked before it is parsed.

``json.loads`` parses nested arrays and objects recursively: a text of a few thousand brackets
(well inside every size limit) raises ``RecursionError`` inside the parser, and a value nested a
little less deep than that makes every later recursive walk of it (canonical JSON, copies,
hashing) fail the same way. ``loads`` therefore measures the depth first with a scan that does
not recurse (strings skipped, brackets counted) and refuses anything deeper than
``MAX_JSON_DEPTH`` with a ``ValueError`` that says so; the caller turns it into its own error
naming the field (INVALID_ARGUMENT for a request, a finding for an imported record).
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

from judge.common.i18n import N_, Said, said

MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects accepted from outside. Every value the judge reads
(a card, a position, an event of a record) is a few levels deep; 64 leaves room for any of
them and is far from the depth at which a recursive walk of the value could fail."""

# A string (escapes included) or one bracket: strings are skipped whole, so a bracket inside
# one is not counted. An unterminated string leaves its quote unmatched, and the brackets after
# it are counted: such a text is not JSON anyway.
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


class JsonBoundsError(ValueError):
    """The text is longer or nested deeper than allowed (a ``ValueError``, like a parse error)."""


def depth(text: str, stop_above: int | None = None) -> int:
    """The deepest nesting of arrays and objects in ``text`` (0 for a scalar), found without
    recursion; the scan stops as soon as the depth exceeds ``stop_above``."""
    level = deepest = 0
    for match in _TOKENS.finditer(text):
        char = match.group()
        if char in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if stop_above is not None and deepest > stop_above:
                    return deepest
        elif char in "]}":
            level = max(level - 1, 0)
    return deepest


def check(text: str, *, max_chars: int | None = None, max_depth: int = MAX_JSON_DEPTH) -> None:
    """``JsonBoundsError`` when ``text`` is longer than ``max_chars`` or nested deeper than
    ``max_depth``."""
    if max_chars is not None and len(text) > max_chars:
        raise JsonBoundsError(said(N_("at most {n} characters of JSON"), n=max_chars))
    if depth(text, stop_above=max_depth) > max_depth:
        raise JsonBoundsError(said(N_("nested more than {n} levels deep (limit MAX_JSON_DEPTH)"), n=max_depth))


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str, *, max_chars: int | None = None, max_depth: int = MAX_JSON_DEPTH,
          allow_constants: bool = False) -> Any:
    """``json.loads(text)`` after ``check``. ``NaN`` and ``Infinity`` (which ``json.loads``
    accepts though JSON has no such numbers) are refused unless ``allow_constants``. Every
    failure is a ``ValueError``: ``JsonBoundsError`` for the bounds, ``json.JSONDecodeError``
    for a text that is not JSON, a plain one for a number Python will not read."""
    check(text, max_chars=max_chars, max_depth=max_depth)
    try:
        if allow_constants:
            return json.loads(text)
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError as e:  # not reached within MAX_JSON_DEPTH; kept as a guard
        raise JsonBoundsError(said(N_("nested too deeply"))) from e


MAX_TABLE_NUMBER = 1_000_000
"""The largest magnitude of a number a card or a position carries (a level, a bonus, a count, a
turn): far above any printed card or real table, and small enough that sums of thousands of them
stay inside the 32-bit fields of a view (``GameView``'s ``uint32``/``int32``)."""

MAX_TIME_MS = 2**53 - 1
"""The largest time in milliseconds (a key ending in ``_ms``): the range JSON numbers hold exactly."""


def out_of_range(value: Any, path: str) -> tuple[str, Said] | None:
    """The path of the first number in ``value`` (parsed JSON) outside the range its use needs,
    and what that range is; None when every number is in range. A number is an integer or a
    float of at most ``MAX_TABLE_NUMBER`` in magnitude; under a key ending in ``_ms`` a time, 0
    to ``MAX_TIME_MS``. Walks without recursion."""
    todo: list[tuple[Any, str, bool]] = [(value, path, path.endswith("_ms"))]
    while todo:
        item, where, is_time = todo.pop()
        if isinstance(item, dict):
            todo.extend((v, f"{where}.{k}", str(k).endswith("_ms")) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            todo.extend((v, f"{where}[{i}]", is_time) for i, v in reversed(list(enumerate(item))))
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            if is_time and not 0 <= item <= MAX_TIME_MS:
                return where, said(N_("a time in milliseconds, 0 to {top}"), top=MAX_TIME_MS)
            if not is_time and not -MAX_TABLE_NUMBER <= item <= MAX_TABLE_NUMBER:
                return where, said(N_("a number from {low} to {top} (limit MAX_TABLE_NUMBER)"), low=-MAX_TABLE_NUMBER,
                                   top=MAX_TABLE_NUMBER)
    return None
