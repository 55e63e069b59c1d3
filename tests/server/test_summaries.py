"""What a player reads from the API follows their language (issue "At the table"): every event's summary
is prose with the players' and cards' names, and every legal action is described, in German or English as
``accept-language`` asks (judge/app/narration.py); never an internal event name."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from judge.rules import Action
from judge_client import JudgeClient, JudgeRpcError
from tests.server.monkic_support import bot_game, open_monkic
from tests.server.support import SAFETY_TIMEOUT_S, running_judge

SEATS = ["Anna:female", "Ben:male", "Cem:male"]
INTERNAL = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")  # CamelCase: an event type such as DoorKicked


def _game(client: JudgeClient) -> tuple[str, JudgeClient, JudgeClient]:
    game = client.create_game("munchkin", SEATS, interference_window_ms=0)
    return game.game_id, client.with_token(game.seat_tokens[0].token), client.with_token(game.spectator_token)


def _german(client: JudgeClient, token: str) -> JudgeClient:
    return JudgeClient(client.target, token, "de", client.timeout)


def test_a_kill_is_told_with_the_monsters_name_in_german_and_english(client: JudgeClient) -> None:
    """000 "Kampf": Anna kicks the Topfpflanze (level 1) open, drinks a potion (+2) and kills it; the kill,
    a command of its own after the fight began, names the monster the combat had."""
    gid, anna, spectator = _game(client)
    kick = anna.submit(gid, 0, "kick_door", card="topfpflanze")
    assert [e.summary for e in kick.events] == ["Anna kicks open the door: Topfpflanze; Anna fights Topfpflanze"]
    anna.submit(gid, 0, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")
    kill = anna.submit(gid, 0, "claim_victory")
    told = "; ".join(e.summary for e in kill.events)
    assert "Anna kills Topfpflanze and reaches level 2" in told, told
    with _german(client, spectator.token or "") as german:  # the same record, read in German
        replayed = [r.event.summary for r in german.replay(gid)]
    assert replayed[0] == "das Spiel beginnt: Anna, Ben, Cem"
    assert replayed[1] == "Anna tritt die Tür ein: Topfpflanze; Anna kämpft gegen Topfpflanze"
    assert "Anna tötet Topfpflanze und steigt auf Stufe 2" in "; ".join(replayed[3:]), replayed


def test_watch_tells_events_in_the_callers_language(client: JudgeClient) -> None:
    gid, anna, spectator = _game(client)
    anna.submit(gid, 0, "kick_door", card="topfpflanze")
    with _german(client, spectator.token or "") as german, german.watch(gid, after_version=1) as watch:
        assert next(watch).event.summary == "Anna tritt die Tür ein: Topfpflanze; Anna kämpft gegen Topfpflanze"


def test_legal_actions_are_described_in_german_with_the_cards_printed_names(client: JudgeClient) -> None:
    gid, anna, _ = _game(client)
    anna.submit(gid, 0, "kick_door", card="topfpflanze")
    anna.submit(gid, 0, "reveal_card", card="baby")  # a card of the hand the judge knows is offered by name
    english = {a.description for a in anna.legal_actions(gid, 0).actions}
    with _german(client, anna.token or "") as german:
        offered = german.legal_actions(gid, 0).actions
    descriptions = {a.kind: a.description for a in offered}
    assert descriptions["give_up"] == "Den Kampf aufgeben: vor jedem Monster weglaufen."
    assert "Concede the combat: run away from every monster." in english
    plays = [a.description for a in offered if a.kind == "play_card" and a.command.play_card.card == "baby"]
    assert plays and plays[0] == "Eine Karte von der Hand spielen (oder einen getragenen Einmal-Gegenstand vom " \
        "Tisch): Baby"


def test_every_action_of_every_ruleset_is_described_in_german() -> None:
    """Each action's description (the first paragraph of its docstring) has a German translation."""
    from judge.app.narration import describe_action

    def subclasses(cls: type) -> list[type]:
        return [c for s in cls.__subclasses__() for c in (s, *subclasses(s))]

    kinds = [c for c in subclasses(Action) if c.__module__.startswith("judge.")  # not the tests' own actions
             and getattr(c, "kind", "") and isinstance(c.kind, str)]
    assert len(kinds) > 30
    untranslated = [c.kind for c in kinds if describe_action(c(), "de", {}) == describe_action(c(), "en", {})]
    assert untranslated == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_monkic_game_is_told_without_internal_names(client: JudgeClient, lang: str) -> None:
    """A monkic game played to its end by the bot: every summary is prose (seat names, printed card names
    with their instance ids), none shows an event type."""
    table = open_monkic(client, mode="dealt")
    bot_game(table)
    with JudgeClient(client.target, table.game.spectator_token, lang, client.timeout) as reader:
        summaries = [r.event.summary for r in reader.replay(table.game_id)]
    assert all(s and not INTERNAL.search(s.replace("SuperPower", "")) for s in summaries), \
        [s for s in summaries if INTERNAL.search(s.replace("SuperPower", ""))][:5]
    wins = {"en": "wins the game", "de": "gewinnt das Spiel"}[lang]
    assert any(wins in s for s in summaries)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_munchkin_game_is_told_without_internal_names(tmp_path: Path, seed: int) -> None:
    """A dealt Munchkin game of many commands chosen from LegalActions: no summary in either language
    shows an event type. (A judge of its own without the per-token rate limit: the test asks for
    every seat's legal actions at every step.)"""
    with running_judge(tmp_path / "told.sqlite3", rate_limit=None) as judge, \
            JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        _play_and_read(client, random.Random(seed))


def _play_and_read(client: JudgeClient, rng: random.Random) -> None:
    game = client.create_game("munchkin", SEATS, mode="dealt", interference_window_ms=0)
    seats = [client.with_token(t.token) for t in game.seat_tokens]
    for step in range(120):
        view = seats[0].get_view(game.game_id).view
        if view.status == 2:
            break
        offered = []
        for seat in range(3):
            offered += [(seat, a) for a in seats[seat].legal_actions(game.game_id, seat).actions]
        if not offered:
            break
        seat, action = rng.choice(offered)
        try:
            seats[seat].submit_command(game.game_id, action.command)
        except JudgeRpcError:  # offered to a seat the moment before another acted: the next step asks again
            continue
    for lang in ("en", "de"):
        with JudgeClient(client.target, game.spectator_token, lang, client.timeout) as reader:
            summaries = [r.event.summary for r in reader.replay(game.game_id)]
        leaks = [s for s in summaries if INTERNAL.search(s)]
        assert summaries and not leaks, leaks[:5]


def test_what_the_game_waits_for_is_told_in_each_language_with_names(client: JudgeClient) -> None:
    game = client.create_game("munchkin", SEATS, interference_window_ms=0)
    view = game.view
    assert view.waiting_for == "seat 0 to kick open the door"
    assert dict(view.waiting_for_told) == {"en": "Anna to kick open the door", "de": "Anna tritt die Tür ein"}
