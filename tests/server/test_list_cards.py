"""The card catalogue over a real server (issue 15, section 2 "The catalogue and the CLI"):
ListCards needs no token and lists id, printed name, kind, numbers, text and set, filtered by
search, kind and set for every ruleset; a card named by its printed name is the card of that id
wherever a request names a card (case- and umlaut-insensitive); a typo is refused naming the
field, with the closest ids (docs/cards.md)."""

from __future__ import annotations

import json

import grpc
import pytest

from judge.v1 import cards_pb2 as cpb
from judge.v1 import judge_pb2_grpc
from judge_client import JudgeRpcError
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table


def _list(judge: Judge, **fields: str) -> cpb.ListCardsResponse:
    with grpc.insecure_channel(judge.target) as channel:
        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        request = cpb.ListCardsRequest(**{"ruleset": "munchkin", **fields})
        answer: cpb.ListCardsResponse = stub.ListCards(request, timeout=SAFETY_TIMEOUT_S)
    return answer


def test_list_cards_needs_no_token_and_prints_the_card(judge: Judge) -> None:
    answer = _list(judge, search="topfpflanze")
    assert answer.ruleset == "munchkin"
    [card] = answer.cards
    assert (card.id, card.name, card.kind, card.set, card.deck) == (
        "topfpflanze", "Topfpflanze", "monster", "munchkin", "door")
    assert (card.level, card.treasures, card.levels) == (1, 1, 1)
    assert card.text


def test_search_ignores_case_and_umlauts_and_filters_by_kind_and_set(judge: Judge) -> None:
    spelt = {c.id for c in _list(judge, search="GOETTLICHE").cards}
    umlaut = {c.id for c in _list(judge, search="göttliche").cards}
    assert "goettliche-intervention" in spelt and spelt == umlaut
    monsters = _list(judge, kind="monster").cards
    assert monsters and {c.kind for c in monsters} == {"monster"}
    names = [c.name.casefold() for c in monsters]
    assert names == sorted(names)
    star = _list(judge, ruleset="star", set="star").cards
    assert star and {c.set for c in star} == {"star"}
    [cyberdeck] = [c for c in star if c.id == "cyberdeck"]
    assert (cyberdeck.kind, cyberdeck.bonus, cyberdeck.value, cyberdeck.complex) == ("item", 4, 700, True)


def test_every_ruleset_lists_its_catalogue(judge: Judge) -> None:
    monkic = _list(judge, ruleset="monkic").cards
    assert monkic and all(c.set == "monkic" and c.name for c in monkic)
    babys = {c.set for c in _list(judge, ruleset="babys").cards}
    assert "babys" in babys


@pytest.mark.parametrize("fields, field", [({"kind": "dragon"}, "kind"), ({"set": "nope"}, "set"),
                                           ({"ruleset": "chess"}, "ruleset"), ({"ruleset": ""}, "ruleset")])
def test_an_unknown_filter_names_its_field(judge: Judge, fields: dict[str, str], field: str) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        _list(judge, **fields)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert field in (caught.value.details() or "")


@pytest.mark.parametrize("written", ["Topfpflanze", "TOPFPFLANZE", "topf pflanze"])
def test_a_printed_name_is_accepted_where_an_id_is(table: Table, written: str) -> None:
    answer = table.seats[0].submit(table.game_id, 0, "kick_door", card=written)
    [event] = answer.events
    effects = json.loads(event.payload_json)["effects"]
    assert {e["card"] for e in effects if "card" in e} == {"topfpflanze"}  # the judge decided with the id
    assert [m.card for m in answer.view.combat.monsters] == ["topfpflanze"]


def test_an_umlaut_name_is_accepted_spelt_any_way(table: Table) -> None:
    for written in ("Göttliche Intervention", "goettliche intervention"):
        yes = table.seats[0].ask(table.game_id, 0, "kick_door", card=written)
        assert yes.allowed, yes.ruling.rule_id


def test_a_typo_is_refused_with_the_closest_ids(table: Table) -> None:
    with pytest.raises(JudgeRpcError) as caught:
        table.seats[0].submit(table.game_id, 0, "kick_door", card="topfplanze")
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT
    [(field, message)] = caught.value.field_violations
    assert field == "command.kick_door.card"
    assert "did you mean topfpflanze" in message
    assert table.organizer.get_view(table.game_id).view.version == 1
