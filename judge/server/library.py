"""The card library's RPCs (AddCard, EditCard, RemoveCard, ImportCards, ExportCards, and ListCards of a
collection) between the API's messages and ``judge.app.library.CardLibraries``.

Who may write: the admin token, or the organizer token of a game of the collection (``target.game_id``;
the interceptor authenticated it). A game's organizer writes only its own game's collection.
"""

from __future__ import annotations

import json
from typing import Any

from judge.app import JudgeApp
from judge.app.library import collection_name, read_cards
from judge.common import jsonbounds
from judge.common.i18n import N_, said
from judge.common.errors import InvalidArgument, PermissionDenied
from judge.domain.library import DEFAULT_COLLECTION
from judge.rules.engine import Viewer
from judge.server.catalogue import card_info, list_cards
from judge.v1 import cards_pb2 as cpb

MAX_CARD_JSON = 16 * 1024


def _target(app: JudgeApp, target: cpb.LibraryTarget, viewer: Viewer) -> tuple[str, str, str]:
    """``(collection, ruleset, origin)`` of a write, checked against who writes."""
    if not target.ruleset:
        raise InvalidArgument("target.ruleset", said(N_("name a ruleset of the family whose cards these are")))
    collection = collection_name(target.collection) if target.collection else ""
    if target.game_id:
        of_game = app.store.game(target.game_id).setup.get("collection", "") or DEFAULT_COLLECTION
        if viewer.role != "organizer":
            raise PermissionDenied(
                said(N_("only the game's organizer (or the admin) writes its collection's card library")))
        if collection and collection != of_game:
            raise PermissionDenied(said(N_("the organizer of game {game} writes the collection \"{of_game}\", "
                                      "not \"{collection}\""), game=target.game_id, of_game=of_game,
                                        collection=collection))
        return of_game, target.ruleset, f"organizer of game {target.game_id}"
    return collection or DEFAULT_COLLECTION, target.ruleset, "admin"


def card_of(text: str, field: str) -> dict[str, Any]:
    try:
        card = jsonbounds.loads(text, max_chars=MAX_CARD_JSON)
    except jsonbounds.JsonBoundsError as e:
        raise InvalidArgument(field, e.args[0]) from None
    except ValueError as e:
        raise InvalidArgument(field, said(N_("is not valid JSON: {problem}"), problem=str(e))) from None
    if not isinstance(card, dict):
        raise InvalidArgument(field, said(N_("must be one JSON object")))
    return card


def add_card(app: JudgeApp, request: cpb.AddCardRequest, viewer: Viewer) -> cpb.AddCardResponse:
    collection, ruleset, origin = _target(app, request.target, viewer)
    card_id, added = app.library.add(collection, ruleset, card_of(request.card_json, "card_json"), origin)
    family, _ = app.library.family_of(ruleset)
    return cpb.AddCardResponse(card_id=card_id, added=added, collection=collection, family=family)


def edit_card(app: JudgeApp, request: cpb.EditCardRequest, viewer: Viewer) -> cpb.EditCardResponse:
    collection, ruleset, origin = _target(app, request.target, viewer)
    card_id, before = app.library.edit(collection, ruleset, card_of(request.card_json, "card_json"), origin)
    return cpb.EditCardResponse(card_id=card_id, before_json=json.dumps(before, ensure_ascii=False, sort_keys=True))


def remove_card(app: JudgeApp, request: cpb.RemoveCardRequest, viewer: Viewer) -> cpb.RemoveCardResponse:
    collection, ruleset, origin = _target(app, request.target, viewer)
    if not request.card_id:
        raise InvalidArgument("card_id", said(N_("name the card to remove")))
    return cpb.RemoveCardResponse(card_id=app.library.remove(collection, ruleset, request.card_id, origin))


def import_cards(app: JudgeApp, request: cpb.ImportCardsRequest, viewer: Viewer) -> cpb.ImportCardsResponse:
    collection, ruleset, origin = _target(app, request.target, viewer)
    imported = app.library.import_cards(collection, ruleset, read_cards(request.text, request.format), origin)
    return cpb.ImportCardsResponse(added=imported.added, unchanged=imported.unchanged)


def export_cards(app: JudgeApp, request: cpb.ExportCardsRequest) -> cpb.ExportCardsResponse:
    if not request.ruleset:
        raise InvalidArgument("ruleset", said(N_("name a ruleset of the family whose library to export")))
    text, count = app.library.export_toml(collection_name(request.collection), request.ruleset)
    return cpb.ExportCardsResponse(toml=text, count=count)


def list_with_library(app: JudgeApp, request: cpb.ListCardsRequest) -> cpb.ListCardsResponse:
    """``ListCards``: the shipped catalogue, and with a collection its library's cards too (monkic: the
    values the library gives the catalogue's cards)."""
    if not request.collection:
        return list_cards(request)
    extra = app.library.cards(collection_name(request.collection), request.ruleset) if request.ruleset else {}
    return list_cards(request, library=extra)


__all__ = ["add_card", "edit_card", "remove_card", "import_cards", "export_cards", "list_with_library",
           "card_info"]
