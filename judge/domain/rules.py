"""What the domain layer needs from the rules core, in one place.

* :data:`JudgeRuleset`: the ruleset protocol of ``judge.rules.engine`` (its
  name in the domain layer).
* :func:`jsonable`: the JSON form of event data, so that an event in memory
  equals the same event read back from the store (tuples become lists).
* :func:`same_state`: whether two ruleset states are equal (audits, snapshot
  checks).
* :func:`ruling_to_dict` / :func:`ruling_from_dict`: rulings inside events.
* :func:`judge_recorded`: re-runs ``decide`` for a recorded command and
  compares the result with the recorded effects. Disputes (their automatic
  re-check) and the audit (judge/record/audit.py) share it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, cast

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, Said, nsaid, said
from judge.rules.definitions import CARDS_DEFINED, CORRECT_CARD, correction_effect, definitions_effect
from judge.rules.engine import Command, Context, Effect, Ruleset, apply_all, canonical_json
from judge.rules.ruling import RULES, Citation, Malformed, Rejected, Rule, Ruling
from judge.rules.registry import pinned


# The ruleset protocol of the rules core already carries everything the record
# needs (state_type, redact, redact_action, describe over a command's effects).
JudgeRuleset = Ruleset


def ruleset_for(rules_version: str) -> JudgeRuleset:
    """The ruleset a game is pinned to (``"name@version"``)."""
    return cast(JudgeRuleset, pinned(rules_version))


def rules_version_of(ruleset: Ruleset | JudgeRuleset) -> str:
    """The pin string of a ruleset: ``"name@version"``."""
    return f"{ruleset.name}@{ruleset.rules_version}"


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, str, int, float, bool, None).

    Tuples become lists and dict keys strings, exactly as after a round trip
    through the event store; a value JSON cannot hold raises ``TypeError``.

    >>> jsonable({"cards": ("a", "b"), 1: None})
    {'cards': ['a', 'b'], '1': None}

    Plain data (dicts, lists, tuples, str, int, float, bool, None, exactly
    those types) is copied directly; anything else takes the round trip
    through ``json``, which is what the direct copy equals
    (``tests/domain/test_jsonable.py``).
    """
    try:
        return _plain(value)
    except (_NotPlain, RecursionError):
        return json.loads(json.dumps(value, allow_nan=False))


class _NotPlain(Exception):
    """A value :func:`_plain` leaves to the round trip through ``json``."""


_KEYS: dict[Any, str] = {True: "true", False: "false", None: "null"}


_LEAVES = frozenset((str, int, bool, type(None)))
"""Types :func:`_plain` copies as they are (exactly these: a subclass such as an ``IntEnum`` takes the round trip)."""


def _plain(value: Any) -> Any:
    # Leaves are most of a view's nodes: they are tested in place, not in a call of their own.
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        out: dict[str, Any] = {}
        for key, item in value.items():
            key_kind = type(key)
            if key_kind is not str:
                if key_kind is int:
                    key = str(key)
                elif key_kind is bool or key is None:
                    key = _KEYS[key]
                else:
                    raise _NotPlain
            out[key] = item if type(item) in _LEAVES else _plain(item)
        return out
    if kind is list or kind is tuple:
        return [item if type(item) in _LEAVES else _plain(item) for item in value]
    if kind is float and value - value == 0.0:  # finite (NaN and infinities are no JSON)
        return value
    raise _NotPlain


def same_state(ruleset: JudgeRuleset, a: Any, b: Any) -> bool:
    """True if two states of ``ruleset`` are equal (equal canonical
    ``to_dict`` forms); False if either is None."""
    return a is not None and b is not None and \
        canonical_json(ruleset.to_dict(a)) == canonical_json(ruleset.to_dict(b))


# --------------------------------------------------------------------------- rulings


def ruling_to_dict(ruling: Ruling) -> dict[str, Any]:
    """A ruling as JSON data: the rule's citation and texts plus the details
    it was applied with, so it can be rebuilt even if the rule is renamed."""
    data = ruling.to_dict()
    try:
        data["details"] = jsonable(ruling.details)
    except (TypeError, ValueError):
        data["details"] = {k: str(v) for k, v in ruling.details.items()}
    return data


def ruling_from_dict(data: dict[str, Any]) -> Ruling:
    """Rebuild a ruling stored with :func:`ruling_to_dict`. A rule id that is
    no longer registered is rebuilt from the stored citation and texts."""
    rule_id = str(data.get("rule_id", ""))
    details = data.get("details") or {}
    rule = RULES.get(rule_id)
    if rule is None:
        rule = Rule(
            rule_id,
            Citation(str(data.get("source", "")), str(data.get("section", "")),
                     str(data.get("quote", ""))),
            de=str(data.get("explanation_de", "")),
            en=str(data.get("explanation_en", "")),
            legal_when_de=str(data.get("legal_when_de", "")),
            legal_when_en=str(data.get("legal_when_en", "")),
        )
        details = {}
    return Ruling(rule, dict(details))


# --------------------------------------------------------------------------- re-judging

LEGAL = "legal"
REJECTED = "rejected"
DIFFERENT = "different"
MALFORMED = "malformed"


@dataclass(frozen=True)
class Judgement:
    """The outcome of re-judging one recorded command.

    ``outcome`` is ``"legal"`` (the rules give the recorded effects),
    ``"rejected"`` (a rule forbids the command; ``ruling`` says which),
    ``"different"`` (the rules accept it but with other effects) or
    ``"malformed"`` (the recorded command does not parse or the rules call it
    malformed; ``detail`` names the field).
    """

    outcome: str
    detail: str
    ruling: Ruling | None = None

    @property
    def legal(self) -> bool:
        return self.outcome == LEGAL

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in a ``DisputeOpened`` event (``recheck``)."""
        return {
            "legal": self.legal,
            "outcome": self.outcome,
            "summary": self.detail,
            "ruling": ruling_to_dict(self.ruling) if self.ruling is not None else None,
        }


def judge_recorded(
    ruleset: JudgeRuleset,
    state_before: Any,
    seat: int | None,
    action: Any,
    context: Any,
    recorded_effects: Any,
    *,
    secret_seed: bytes | None = None,
) -> Judgement:
    """Re-run ``decide`` for a recorded command against the state before it,
    with the recorded context (clock and dice) and, for a dealt game, its
    secret seed, and compare the effects."""
    try:
        if not isinstance(action, dict):
            raise Malformed("action", said(N_("expected an object")))
        if not isinstance(context, dict):
            raise Malformed("context", said(N_("expected an object")))
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise Malformed("seat", said(N_("expected a seat number or null")))
        effects = _judged_cards(ruleset, state_before, action, recorded_effects)
        if action.get("kind") != CORRECT_CARD:  # the organizer's correction: its one effect is the judgement
            state = ruleset.evolve(state_before, effects[0]) if effects else state_before
            try:
                command = Command.from_dict({"seat": seat, "action": action}, ruleset.family)
            except (KeyError, TypeError, ValueError) as e:
                raise Malformed("action", said(N_("not a valid action: {problem}"), problem=str(e))) from e
            try:
                ctx = replace(Context.from_dict(context), secret_seed=secret_seed)
            except (KeyError, TypeError, ValueError) as e:
                raise Malformed("context", said(N_("not a valid context: {problem}"), problem=str(e))) from e
            effects += jsonable(ruleset.decide(state, command, ctx))
    except Rejected as e:
        return Judgement(REJECTED, RulingWords(e.ruling), ruling=e.ruling)
    except (Malformed, InvalidArgument) as e:
        return Judgement(MALFORMED, said(N_("{field}: {problem}"), field=e.field, problem=e.message))
    except Exception as e:  # noqa: BLE001 - a hand-edited record must not stop an audit
        return Judgement(MALFORMED, said(N_("the rules cannot judge this command: {problem}"),
                                         problem=f"{type(e).__name__}: {e}"))
    if effects == recorded_effects:
        return Judgement(LEGAL, said(N_("the rules give the recorded effects")))
    return Judgement(DIFFERENT, _difference(ruleset, recorded_effects, effects))


def _judged_cards(ruleset: JudgeRuleset, state_before: Any, action: dict[str, Any], recorded: Any) -> list[Effect]:
    """What the rules give for the card definitions a recorded command carried (its leading
    ``CardsDefined`` effect) or for the organizer's correction (judge/rules/definitions.py)."""
    first = recorded[0] if isinstance(recorded, list) and recorded and isinstance(recorded[0], dict) else {}
    if action.get("kind") == CORRECT_CARD:
        return [jsonable(correction_effect(ruleset, state_before, first.get("after")))]
    if first.get("type") == CARDS_DEFINED:
        defined = definitions_effect(ruleset, state_before, list(first.get("cards") or [{}]))
        return [jsonable(defined)] if defined is not None else []
    return []


def _difference(ruleset: JudgeRuleset, recorded: Any, judged: list[Effect]) -> Said:
    """Say in words how recorded and re-judged effects differ."""
    if not isinstance(recorded, list):
        return said(N_("the recorded effects are not a list"))
    for i, (a, b) in enumerate(zip(recorded, judged)):
        if a != b:
            kind_a = a.get("type") if isinstance(a, dict) else None
            kind_b = b.get("type")
            if kind_a != kind_b:
                return said(N_("effect {i}: recorded {recorded}, the rules give {judged}"), i=i, recorded=repr(kind_a),
                            judged=repr(kind_b))
            return said(N_("effect {i} ({kind}): recorded {recorded}, the rules give {judged}"), i=i, kind=kind_b,
                        recorded=_short(a), judged=_short(b))
    return nsaid(N_("the rules give {n} effect, the record has {count} ({summary})"),
                 N_("the rules give {n} effects, the record has {count} ({summary})"), len(judged),
                 count=len(recorded), summary=ruleset.describe(judged) or said(N_("no summary")))


class RulingWords(Said):
    """A ruling's explanation as a message: English as a string, the ruling's own German and English
    texts (judge/rules/ruling.py) through ``in_lang``."""

    ruling: Ruling

    def __new__(cls, ruling: Ruling) -> RulingWords:
        words = cast(RulingWords, super().__new__(cls, ruling.explanation("en")))
        words.ruling = ruling
        return words

    def in_lang(self, lang: str) -> str:
        return self.ruling.explanation(lang)


def _short(effect: Any, limit: int = 200) -> str:
    text = json.dumps(effect, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


COPY_FOLD = object()
"""``Game._folded`` for a ruleset without ``decide_folded``: fold the effects onto a copy."""


def fold_in_place(ruleset: Any, state: Any, effects: list[Effect]) -> Any:
    """Fold effects onto ``state`` itself where the ruleset can (``evolve_in_place``), else
    onto a copy; returns the state folded."""
    in_place = getattr(ruleset, "evolve_in_place", None)
    if in_place is None:
        return apply_all(ruleset, state, effects)
    in_place(state, effects)
    return state
