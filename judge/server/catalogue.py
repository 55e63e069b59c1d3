"""``ListRulesets`` and ``ListCards``: what the judge judges, and a ruleset's card catalogue as a player
looks a card up.

Any ruleset with a catalogue answers: the Munchkin family's rulesets list their
shipped sets, monkic its own cards: whatever ``Ruleset.catalogue()`` maps by
id, with the fields each card has. Filters: search text (id, printed name or
text; case- and umlaut-insensitive), kind and set.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping, Sequence
from typing import Any

from judge.cards.names import listing, suggestions
from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, dtr, said
from judge.rules import narration, registry
from judge.rules.declarations import describe
from judge.v1 import cards_pb2 as cpb
from judge.v1 import rulesets_pb2 as rpb

MAX_SEARCH_LENGTH = 200
INFO_NUMBERS = {f.name for f in cpb.CardInfo.DESCRIPTOR.fields if f.type == f.TYPE_INT32}
"""The numbers of ``CardInfo`` a library entry for a printed card may fill in."""


def catalogue_cards(ruleset: Any, library: Mapping[str, Mapping[str, Any]] | None = None) -> list[Any]:
    """Every card a new game of ``ruleset`` knows: what its ``catalogue()`` maps by id (a ruleset
    without one lists none), with a collection's ``library`` where its catalogue takes custom cards."""
    catalogue = getattr(ruleset, "catalogue", None)
    if not callable(catalogue):
        return []
    if library and "custom" in inspect.signature(catalogue).parameters:
        return list(catalogue(list(library.values())).values())
    return list(catalogue().values())


def sets_of(cards: Sequence[Any], ruleset: Any) -> list[str]:
    """The sets the cards come from."""
    return sorted({getattr(c, "set", ruleset.name) for c in cards})


def list_cards(request: cpb.ListCardsRequest,
               library: Mapping[str, Mapping[str, Any]] | None = None) -> cpb.ListCardsResponse:
    """The cards matching the request, each as ``CardInfo``; with a collection's ``library`` (by card id)
    its cards too, marked ``from_library``, and a library entry for a catalogue card (a value the
    library gives a printed card) fills the ``CardInfo`` fields it names."""
    if len(request.search) > MAX_SEARCH_LENGTH:
        raise InvalidArgument("search", said(N_("at most {max_search_length} characters"),
                                             max_search_length=MAX_SEARCH_LENGTH))
    if not request.ruleset:
        raise InvalidArgument("ruleset", said(N_("name the ruleset whose cards to list; known: {values}"),
                                              values=', '.join(registry.names())))
    ruleset = registry.get(request.ruleset)
    shipped = {c.id for c in catalogue_cards(ruleset)}
    cards = catalogue_cards(ruleset, library)
    kinds = list(getattr(ruleset, "card_kinds", ()))
    if request.kind and request.kind not in kinds:
        raise InvalidArgument("kind", said(N_("{name} has no card kind {kind}; kinds: {values}"),
                                           name=ruleset.name, kind=repr(request.kind), values=', '.join(kinds)))
    sets = sets_of(cards, ruleset)
    if request.set and request.set not in sets:
        raise InvalidArgument("set", said(N_("{name} has no card set {set}; sets: {values}"),
                                          name=ruleset.name, set=repr(request.set), values=', '.join(sets)))
    chosen = listing(cards, request.search, request.kind, request.set)
    near = suggestions({c.id: c for c in cards}, request.search) if request.search and not chosen else []
    infos = []
    for card in chosen:
        info = card_info(card, ruleset.name)
        info.from_library = card.id not in shipped
        for name, value in (library or {}).get(card.id, {}).items():
            if name in INFO_NUMBERS and isinstance(value, int) and not isinstance(value, bool):
                setattr(info, name, value)
        infos.append(info)
    return cpb.ListCardsResponse(ruleset=ruleset.name, cards=infos, suggestions=near)


def card_info(card: Any, default_set: str) -> cpb.CardInfo:
    """One card's printed facts."""
    value = int(getattr(card, "value", 0))
    return cpb.CardInfo(
        id=card.id, name=card.name, kind=card.kind, set=getattr(card, "set", default_set),
        deck=getattr(card, "deck", ""), text=card.text,
        level=int(getattr(card, "level", 0)), bonus=int(getattr(card, "bonus", 0)),
        treasures=int(getattr(card, "treasures", 0)),
        levels=int(getattr(card, "levels", 0)) if getattr(card, "kind", "") == "monster" else 0,
        value=value, currency=getattr(card, "currency", "") if value else "",
        slot=getattr(card, "slot", ""), big=bool(getattr(card, "big", False)),
        complex=bool(getattr(card, "complex", False)), undead=bool(getattr(card, "undead", False)),
        level_gain=int(getattr(card, "level_gain", 0)),
    )


_DESCRIBED: dict[tuple[int, str], rpb.ListRulesetsResponse] = {}
"""``ListRulesets``' answer per registry generation and language: the same until a ruleset is registered or
forgotten, and asked by every client that starts (each ``judge`` command that names a game)."""


def rulesets_to_proto(lang: str = "en") -> rpb.ListRulesetsResponse:
    """Every installed ruleset as ``ListRulesets`` describes it (its definition forms in ``lang``); made once
    per registry generation and language (callers must not change it)."""
    key = (registry.generation(), lang)
    kept = _DESCRIBED.get(key)
    if kept is None:
        if any(generation != key[0] for generation, _ in _DESCRIBED):
            _DESCRIBED.clear()
        kept = _DESCRIBED[key] = _described(lang)
    return kept


def _described(lang: str) -> rpb.ListRulesetsResponse:
    infos = []
    for ruleset in registry.current():
        d = describe(ruleset)
        info = rpb.RulesetInfo(
            name=d["name"], rules_version=d["rules_version"], family=d["family"], title=d["title"],
            min_seats=d["min_seats"], max_seats=d["max_seats"], modes=d["modes"],
            action_kinds=d["action_kinds"], card_kinds=d["card_kinds"],
            seat_traits=[rpb.SeatTraitInfo(**t) for t in d["seat_traits"]],
            variants=[rpb.VariantInfo(**x) for x in d["variants"]],
        )
        for o in d["options"]:
            option = info.options.add(name=o["name"], type=o["type"], doc=o["doc"],
                                      default_value=_option_text(o["default"]))
            if o["minimum"] is not None:
                option.minimum = o["minimum"]
            if o["maximum"] is not None:
                option.maximum = o["maximum"]
        info.card_forms.extend(card_forms(ruleset, lang))
        info.action_words.update({kind: narration.render(narration.tell_action(ruleset, kind), lang)
                                  for kind in d["action_kinds"]})
        infos.append(info)
    return rpb.ListRulesetsResponse(rulesets=infos)


def card_forms(ruleset: Any, lang: str) -> list[rpb.CardKindForm]:
    """The ruleset's definition forms (its ``card_forms``, e.g. judge/rulesets/munchkin/card_forms.py), their
    words in ``lang`` from the family's message catalogue; none for a ruleset without them."""
    domain = getattr(ruleset, "family", "")
    out = []
    for form in getattr(ruleset, "card_forms", ()):
        kind = rpb.CardKindForm(kind=form.kind, label=dtr(domain, lang, form.label), common=form.common,
                                base_json=json.dumps(form.base_definition, ensure_ascii=False, sort_keys=True))
        for f in form.fields:
            field = kind.fields.add(path=f.path, type=f.type, label=dtr(domain, lang, f.label),
                                    initial_json=json.dumps(f.initial), required=f.required)
            field.choices.extend(rpb.CardFieldChoice(value=v, label=dtr(domain, lang, w)) for v, w in f.choices)
            if f.minimum is not None:
                field.minimum = f.minimum
        out.append(kind)
    return out


def _option_text(value: Any) -> str:
    """An option value as ``GameOptions.values`` takes it."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
