"""The record of an event: the Tournament aggregate and its credentials (judge/domain/tournament.py,
judge/domain/tournament_credentials.py)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from judge.common.errors import CorruptRecord, InvalidArgument
from judge.domain.chain import ServerKey
from judge.domain.sealing import CredentialSeal
from judge.domain.tournament import EVENT_KINDS, Tournament, tournament_event_data
from judge.domain.tournament_credentials import TournamentCredentials, tournament_credentials_id

SEED = bytes(range(32))


def make(rounds: int = 2, final: int = 0) -> Tournament:
    return Tournament.create(
        name="Kölner Cup", ruleset="munchkin", variants=[], options={}, mode="reported",
        table_sizes=[4, 5], scoring={"place_points": [5, 3, 2, 1], "bye_points": 0,
                                     "tie_breaks": ["score", "opponents", "head_to_head"]},
        rounds=rounds, final_table_size=final, seed_sha256=hashlib.sha256(SEED).hexdigest(),
        created_at_ms=1000)


def replayed(events: list[Any]) -> Tournament:
    aggregate: Any = None
    for e in events:
        aggregate = e.mutate(aggregate)
    return aggregate


def test_an_event_records_players_rounds_results_and_the_revealed_seed() -> None:
    t = make(rounds=1)
    for name in ("anna", "ben", "cem", "dora"):
        t.register(name, {}, 1001)
    t.start_round(1, False, [{"table": 1, "game_id": "g1", "players": ["anna", "ben", "cem", "dora"]}], [], 1002)
    with pytest.raises(InvalidArgument):
        t.register("emil", {}, 1003)  # not while a round is played
    t.call_time(1, 1004)
    t.record_result(1, 1, [["cem"], ["anna", "ben"], ["dora"]], {"cem": 7, "anna": 5, "ben": 5, "dora": 2},
                    True, 1005)
    t.finish(SEED.hex(), 1006)
    events = t.collect_events()
    assert [type(e).__name__ for e in events] == [
        "TournamentCreated", "PlayerRegistered", "PlayerRegistered", "PlayerRegistered", "PlayerRegistered",
        "RoundStarted", "TimeCalled", "TableFinished", "TournamentFinished"]
    assert {type(e).__name__ for e in events} <= set(EVENT_KINDS)
    again = replayed(events)
    assert again.players == ["anna", "ben", "cem", "dora"]
    assert again.result(1, 1)["places"] == [["cem"], ["anna", "ben"], ["dora"]]
    assert again.finished and again.seed == SEED.hex()
    assert again.chain_head == t.chain_head
    assert tournament_event_data(events[0])["seed_sha256"] == hashlib.sha256(SEED).hexdigest()


def test_an_altered_event_breaks_the_chain() -> None:
    t = make()
    t.register("anna", {}, 1001)
    t.register("ben", {}, 1002)
    events = t.collect_events()
    object.__setattr__(events[1], "player", "mallory")  # as if altered in the database
    with pytest.raises(CorruptRecord):
        replayed(events)


def test_rounds_finals_and_drops_follow_the_order_of_an_event() -> None:
    t = make(rounds=1, final=4)
    for name in ("a", "b", "c", "d", "e"):
        t.register(name, {}, 1)
    with pytest.raises(InvalidArgument):
        t.check_round_may_start(final=True)  # the final follows the last round
    t.start_round(1, False, [{"table": 1, "game_id": "g", "players": ["a", "b", "c", "d", "e"]}], [], 2)
    with pytest.raises(InvalidArgument):
        t.record_result(1, 1, [["a"], ["b"]], {}, False, 3)  # every player placed
    t.record_result(1, 1, [["a"], ["b"], ["c"], ["d"], ["e"]], {}, False, 3)
    with pytest.raises(InvalidArgument):
        t.check_round_may_start(final=False)  # all rounds played
    t.drop("e", 4)
    assert t.active_players == ["a", "b", "c", "d"]
    assert t.check_round_may_start(final=True) == 2


def test_credentials_hold_hashes_and_sealed_secrets_only() -> None:
    seal = CredentialSeal(ServerKey.generate())
    t = make()
    held = TournamentCredentials.issue(t.event_id, "org-token", "spec-token", SEED, seal)
    assert held.id == tournament_credentials_id(t.event_id)
    held.add_player("anna", "anna-token", seal)
    held.keep_round(1, {"anna": ("game-1", 2, "seat-token")}, {"game-1": "game-org"}, seal)
    assert held.is_organizer("org-token", seal) and not held.is_organizer("spec-token", seal)
    assert held.is_spectator("spec-token", seal) and held.is_spectator("org-token", seal)
    assert held.player_of("anna-token", seal) == "anna" and held.player_of("nope", seal) is None
    assert held.seat_of(1, "anna", seal) == ("game-1", 2, "seat-token")
    assert held.game_organizer_token("game-1", seal) == "game-org"
    assert held.seed(seal) == SEED
    stored = repr([e.__dict__ for e in held.collect_events()])
    for secret in ("org-token", "spec-token", "anna-token", "seat-token", "game-org", SEED.hex()):
        assert secret not in stored
    other = CredentialSeal(ServerKey.generate())
    assert held.player_of("anna-token", other) is None  # a hash whose MAC does not hold matches nothing


def test_an_event_is_stored_beside_the_games_and_the_store_checks_clean(storage: Any, tmp_path: Any) -> None:
    from judge.app import JudgeApp
    from tests.domain.domain_support import SETUP

    key = {"JUDGE_SERVER_KEY_FILE": str(tmp_path / "server.key")} if storage.is_postgres else {}
    app = JudgeApp({**storage.env(), **key})
    try:
        app.create_game(SETUP)
        t = make()
        t.register("anna", {}, 1001)
        app.save(t, TournamentCredentials.issue(t.event_id, "o", "s", SEED, app.seal))
        stats = app.check_integrity(replay=True)
        assert stats["games"] == 1
        loaded: Any = app.repository.get(t.id)
        assert isinstance(loaded, Tournament) and loaded.players == ["anna"]
        assert loaded.chain_head == t.chain_head
        assert [g.game_id for g in app.list_games()[0]] and len(app.list_games()[0]) == 1
    finally:
        app.close()
