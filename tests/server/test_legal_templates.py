"""LegalActions at a reported table offers templates for the cards the judge has not seen: one action
per kind of card with the card left open (``LegalAction.open``), not one per card of the catalogue, so
the answer is the same size with a library of 100 cards as with one of 500 (the most a game takes). Over a real server on
loopback; every template filled in with its example, or with another card of its domain, is accepted."""

from __future__ import annotations

from typing import Any

from judge_bench.support import library_cards
from judge_client import JudgeClient
from judge_client.messages import action_fields, filled
from judge.rules import ORGANIZER
from judge.server.legal_actions import legal_actions_to_proto
from tests.server.support import Judge, open_table


def library(size: int) -> list[dict[str, Any]]:
    """A group's own cards: monsters, curses, items and level-ups in turn (the benchmark's)."""
    return library_cards(size)


def shape(answer: Any) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """The actions without their example cards: kind, command with the open fields empty, domains."""
    return [(a.kind, str(action_fields(a.command)), tuple((c.field, c.domain) for c in a.open))
            for a in answer.actions]


def test_a_reported_table_offers_templates_the_same_size_for_any_library(client: JudgeClient) -> None:
    small = open_table(client, custom_cards=library(100))
    large = open_table(client, custom_cards=library(500))
    few = small.seats[0].legal_actions(small.game_id, 0)
    many = large.seats[0].legal_actions(large.game_id, 0)
    assert len(few.actions) == len(many.actions)
    assert shape(few) == shape(many)
    kicks = [a for a in many.actions if a.kind == "kick_door"]
    assert kicks and all(a.open for a in kicks)
    assert {c.domain for a in kicks for c in a.open} >= {"kind:monster", "kind:curse"}
    for action in kicks:
        assert [c.field for c in action.open] == ["card"]
        assert action_fields(action.command)[1].get("card", "") == ""
        assert large.seats[0].ask_command(large.game_id, filled(action)).allowed


def test_a_template_takes_any_card_of_its_domain(client: JudgeClient) -> None:
    table = open_table(client, custom_cards=library(500))
    offered = table.seats[0].legal_actions(table.game_id, 0)
    monster = next(a for a in offered.actions if a.kind == "kick_door" and a.open[0].domain == "kind:monster")
    # Not the example: a card of the group's library the judge never named.
    mine = filled(monster, card="bench-monster-496")
    assert mine.kick_door.card == "bench-monster-496" != monster.open[0].example
    answer = table.seats[0].submit_command(table.game_id, mine)
    assert answer.version == offered.version + 1
    after = table.seats[0].get_view(table.game_id).view
    assert after.version == answer.version


def test_ready_actions_carry_no_open_choices(client: JudgeClient) -> None:
    table = open_table(client)
    table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
    offered = table.seats[0].legal_actions(table.game_id, 0)
    loot = next(a for a in offered.actions if a.kind == "loot_room")
    assert not loot.open and filled(loot) == loot.command


def test_a_kept_answer_is_the_message_built_afresh_in_each_language(judge: Judge, client: JudgeClient) -> None:
    """The phones at a table poll LegalActions at one version: the message kept beside the seat's offers,
    per language (``Games.legal_offers_made``), is the one built from the actions decided afresh."""
    table = open_table(client, custom_cards=library(100))
    actions, version = judge.app.legal_actions(table.game_id, 0, ORGANIZER)  # decided afresh
    game = judge.app.store.current(table.game_id)
    offered = game.ruleset.open_choices(game.state, 0)  # type: ignore[attr-defined]
    names = judge.app.card_names_of(table.game_id)
    answers: dict[str, list[Any]] = {}
    for language in ("en", "de", "en", "de"):
        with JudgeClient(judge.target, table.game.seat_tokens[0].token, language) as seat:
            answers.setdefault(language, []).append(seat.legal_actions(table.game_id, 0))
    for language, asked in answers.items():
        expected = legal_actions_to_proto(actions, 0, version, language, names, offered)
        assert asked == [expected, expected]
    assert answers["en"][0] != answers["de"][0]
