"""Positions: a table written down, loaded and analysed (like chess's FEN/EPD).

A position is a JSON object (docs/position.md, schema files in
docs/position/) with an envelope every game shares and a body its ruleset
defines::

    {"format": "judge-position", "family": "munchkin", "version": 1,
     "ruleset": "munchkin", "variants": [], "options": {...}, "seats": [...], ...}

A ruleset that supports positions offers (optional, like ``opening_command``):

* ``position(state, viewer) -> dict``: the table now, as ``viewer`` may see it
  (hidden cards become counts);
* ``setup_of_position(data) -> GameSetup``: the set-up a position implies
  (seats, options), with the position in ``GameSetup.position``;
* ``validate_setup`` refuses a position no legal game could reach, with the
  ruling it breaks (``Rejected``, the field in the ruling's ``field`` detail)
  or ``Malformed`` naming the field; ``initial_state`` builds the state from
  ``setup.position``.

Pure: no I/O. The application records the position in the game's creation
event, so a replay, an audit and an export start from it as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.common import jsonbounds
from judge.common.i18n import N_, said
from judge.rules.ruling import Malformed

FORMAT = "judge-position"
MAX_POSITION_CHARS = 200_000


def envelope(family: str, version: int, ruleset: str) -> dict[str, Any]:
    """The fields every position starts with."""
    return {"format": FORMAT, "family": family, "version": version, "ruleset": ruleset}


def parse(text: str, field: str = "position_json") -> dict[str, Any]:
    """The position in ``text``: a JSON object with the envelope, or ``Malformed``."""
    if not text.strip():
        raise Malformed(field, said(N_("a position is required (docs/position.md)")))
    if len(text) > MAX_POSITION_CHARS:
        raise Malformed(field, said(N_("at most {n} characters"), n=MAX_POSITION_CHARS))
    try:
        data = jsonbounds.loads(text)
    except jsonbounds.JsonBoundsError as e:
        raise Malformed(field, e.args[0]) from None
    except ValueError as e:
        raise Malformed(field, said(N_("not JSON: {problem}"), problem=str(e))) from None
    if not isinstance(data, dict):
        raise Malformed(field, said(N_("a position is a JSON object")))
    bad = jsonbounds.out_of_range(data, "position")
    if bad is not None:  # a count or level a view could not show, e.g. a turn of 2**32
        raise Malformed(*bad)
    if data.get("format") != FORMAT:
        raise Malformed("position.format", said(N_("must be '{format}'"), format=FORMAT))
    if not isinstance(data.get("ruleset"), str) or not data["ruleset"]:
        raise Malformed("position.ruleset", said(N_("names the ruleset (one ListRulesets lists)")))
    return data


def check_envelope(data: Mapping[str, Any], family: str, versions: tuple[int, ...]) -> None:
    """``Malformed`` unless ``data`` is a position of ``family`` in a version this judge reads."""
    if data.get("family") != family:
        raise Malformed("position.family", said(N_("the ruleset '{ruleset}' reads '{family}' positions"),
                                                ruleset=str(data.get("ruleset")), family=family))
    if data.get("version") not in versions:
        raise Malformed("position.version", said(N_("this judge reads versions {versions}"),
                                                 versions=", ".join(map(str, versions))))


def expect(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str, default: Any = None) -> Any:
    """``data[key]`` checked to be of ``kind`` (``default`` when absent and a default is given)."""
    if key not in data:
        if default is not None:
            return default
        raise Malformed(f"{path}.{key}", said(N_("missing")))
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise Malformed(f"{path}.{key}", said(N_("has the wrong type")))
    if not isinstance(value, kind):
        raise Malformed(f"{path}.{key}", said(N_("has the wrong type")))
    return value


def expect_objects(data: Mapping[str, Any], key: str, path: str) -> list[dict[str, Any]]:
    """``data[key]``: a list of JSON objects (an empty list when absent), or ``Malformed`` naming
    the first entry that is not one (``position.custom_cards[2]``)."""
    items = expect(data, key, list, path, [])
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise Malformed(f"{path}.{key}[{i}]", said(N_("must be a JSON object")))
    return list(items)
