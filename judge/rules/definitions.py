"""Cards defined when they turn up: what every family shares.

A group's boxes hold far more cards than the rule texts print. A command may carry the definitions of
cards the game does not know yet (``define``: JSON objects in the family's own card schema, the shape of
``custom_cards`` and of a library entry); the judge checks each one as a game checks its custom cards
(the ruleset hook ``library_entry``) and records them as the first effect of the command's event,
``CardsDefined``, so the cards are known before the action is judged and a replay, an export, an audit
and ``judge verify`` see exactly the definitions the ruling used. The organizer corrects a definition
(a misread number) with ``CardCorrected``, which keeps the old and the new definition: rulings made
before stand in the record as they were made, later ones use the corrected card.

Both effects change only the ``custom_cards`` of the state's ``setup`` (every family keeps its set-up
in the state and reads its catalogue from it); each family's ``evolve`` hands them to ``defined_setup``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, said
from judge.rules.engine import Effect, canonical_json
from judge.rules.ruling import Malformed

CARDS_DEFINED = "CardsDefined"
"""``{"type": "CardsDefined", "cards": [definition, ...]}``: cards added to the game's catalogue."""
CARD_CORRECTED = "CardCorrected"
"""``{"type": "CardCorrected", "card": id, "before": definition, "after": definition, "changed": [field,
...]}``: the organizer's correction of a card defined in the game."""
CARD_EFFECTS = (CARDS_DEFINED, CARD_CORRECTED)
CORRECT_CARD = "correct_card"
"""The action of the organizer's correction as the record names it (``{"kind": "correct_card", "card":
id}``), in every family: a correction is judged here, not by the family's ``decide``."""

MAX_DEFINITIONS = 20
"""Most cards one command defines."""
MAX_DEFINITION_JSON = 4096
"""Longest definition, as canonical JSON."""


def defines_cards(ruleset: Any) -> bool:
    """True if the ruleset checks card definitions (the hook ``library_entry``)."""
    return callable(getattr(ruleset, "library_entry", None))


def card_key(ruleset: Any, card: object, where: str) -> str:
    """The id a definition is kept under, checked as a game checks a custom card; ``Malformed`` naming
    ``<where>.<field>``."""
    if not isinstance(card, Mapping):
        raise Malformed(where, said(N_("a card is a JSON object")))
    if len(canonical_json(card)) > MAX_DEFINITION_JSON:
        raise Malformed(where, said(N_("at most {n} characters"), n=MAX_DEFINITION_JSON))
    try:
        return str(ruleset.library_entry(card))
    except InvalidArgument as e:
        field = e.field[len("card"):] if e.field.startswith("card") else f".{e.field}"
        raise Malformed(where + field, e.message) from e


def defined_cards(ruleset: Any, setup: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The game's own definitions (its ``custom_cards``) by card id; entries the hook cannot key are left
    out (the game's set-up check named them at its creation)."""
    out: dict[str, dict[str, Any]] = {}
    for card in setup.get("custom_cards", ()):
        try:
            out[str(ruleset.library_entry(card))] = dict(card)
        except (InvalidArgument, TypeError, ValueError):
            continue
    return out


def known_names(ruleset: Any, state: Any) -> Mapping[str, str]:
    """Every card id the game knows, with its printed name ({} without the hook ``card_names``)."""
    hook = getattr(ruleset, "card_names", None)
    return dict(hook(state)) if callable(hook) else {}


def definitions_effect(ruleset: Any, state: Any, defines: Sequence[object]) -> Effect | None:
    """The ``CardsDefined`` effect of a command's ``defines`` (None when each is already known just so).

    Raises ``Malformed`` naming ``define[i].<field>`` for a definition the game would refuse as a custom
    card, for two definitions of one card, and for a card the game knows otherwise (naming both)."""
    if not defines:
        return None
    if not defines_cards(ruleset):
        raise Malformed("define", said(N_("{ruleset} takes no card definitions"), ruleset=ruleset.name))
    if len(defines) > MAX_DEFINITIONS:
        raise Malformed("define", said(N_("at most {n} cards at once"), n=MAX_DEFINITIONS))
    own = defined_cards(ruleset, state.setup)
    names = known_names(ruleset, state)
    new: dict[str, dict[str, Any]] = {}
    for i, card in enumerate(defines):
        where = f"define[{i}]"
        key = card_key(ruleset, card, where)
        given = dict(card)  # type: ignore[call-overload]
        if key in new:
            raise Malformed(where, said(N_("'{card}' is given twice"), card=key))
        held = own.get(key)
        if held is not None:
            if canonical_json(held) == canonical_json(given):
                continue  # known just so: nothing to record
            raise Malformed(where, said(
                N_("the game already defines '{card}' otherwise: {held} (this one: {given}); the organizer "
                   "corrects a definition"), card=key, held=canonical_json(held), given=canonical_json(given)))
        if key in names:
            raise Malformed(where, said(N_("'{card}' is a card of the game's catalogue already ({name})"),
                                        card=key, name=names[key]))
        new[key] = given
    return {"type": CARDS_DEFINED, "cards": list(new.values())} if new else None


def correction_effect(ruleset: Any, state: Any, card: object) -> Effect:
    """The ``CardCorrected`` effect of the organizer's corrected definition of a card the game defined
    (``Malformed`` naming ``card.<field>``, or ``card`` for a card the game did not define)."""
    if not defines_cards(ruleset):
        raise Malformed("card", said(N_("{ruleset} takes no card definitions"), ruleset=ruleset.name))
    key = card_key(ruleset, card, "card")
    before = defined_cards(ruleset, state.setup).get(key)
    if before is None:
        raise Malformed("card", said(N_("the game defines no card '{card}' to correct"), card=key))
    after = dict(card)  # type: ignore[call-overload]
    changed = sorted(f for f in set(before) | set(after) if before.get(f) != after.get(f))
    if not changed:
        raise Malformed("card", said(N_("'{card}' is defined just so already"), card=key))
    return {"type": CARD_CORRECTED, "card": key, "before": before, "after": after, "changed": changed}


def defined_setup(setup: Mapping[str, Any], effect: Mapping[str, Any]) -> dict[str, Any]:
    """The set-up after a ``CardsDefined`` or ``CardCorrected`` effect (a new dict: the old one may be
    shared with an earlier state). A correction replaces the definition it names as ``before``."""
    cards = [dict(c) for c in setup.get("custom_cards", ())]
    if effect["type"] == CARDS_DEFINED:
        cards += [dict(c) for c in effect["cards"]]
    else:
        before = canonical_json(effect["before"])
        cards = [dict(effect["after"]) if canonical_json(c) == before else c for c in cards]
    return {**setup, "custom_cards": cards}


def fold_definition(state: Any, effect: Mapping[str, Any]) -> None:
    """Apply a ``CardsDefined`` or ``CardCorrected`` effect in place to a state with a ``setup`` (the
    handler every family's ``evolve`` has for both)."""
    state.setup = defined_setup(state.setup, effect)


def redact_definitions(ruleset: Any, effect: Effect, seen: str) -> Effect:
    """A ``CardsDefined`` effect as a viewer may see it: only the definitions of cards whose id the rest
    of the event, as redacted for the viewer (``seen``, its canonical JSON), names; a face-down card's
    definition stays hidden like the card (``hidden``: how many were left out)."""
    kept, hidden = [], 0
    for card in effect.get("cards", ()):
        try:
            key = str(ruleset.library_entry(card))
        except (InvalidArgument, TypeError, ValueError):
            key = ""
        if key and canonical_json(key) in seen:
            kept.append(card)
        else:
            hidden += 1
    return {**effect, "cards": kept, "hidden": hidden} if hidden else effect


def redact_correction(effect: Effect, action: Mapping[str, Any], viewer_seats: tuple[int, ...] | None) -> Effect:
    """A ``CardCorrected`` effect as a viewer may see it: the organizer's correction of a card that some
    seats never saw (the action's ``hidden_from``, set where the card was defined face down for them) is
    only "a card defined face down was corrected" for those seats and for spectators (``viewer_seats``
    None), like the definition itself."""
    hidden_from = action.get("hidden_from") or ()
    if not hidden_from:
        return effect
    if viewer_seats is not None and not any(seat in hidden_from for seat in viewer_seats):
        return effect
    return {"type": CARD_CORRECTED, "card": "", "hidden": 1}
