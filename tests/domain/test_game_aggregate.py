"""The Game and Credentials aggregates in memory: events, replay, disputes,
snapshots through the transcoder, re-judging of recorded commands."""

from __future__ import annotations

import json
from typing import Any

import pytest
from eventsourcing.application import project_aggregate
from eventsourcing.persistence import DatetimeAsISO, JSONTranscoder, Mapper, UUIDAsHex

from tests.domain.domain_support import START_MS, SETUP, act, new_game
from judge.domain.credentials import Credentials, Tokens, credentials_id, token_hash
from judge.domain.chain import ServerKey
from judge.domain.sealing import CredentialSeal
from judge.domain.game import Game, event_data, event_kind
from judge.domain.persistence import register_state_transcodings
from judge.domain.rules import judge_recorded, jsonable, ruling_from_dict, ruling_to_dict
from judge.common.errors import DisputeNotFound, InvalidArgument
from judge.rules.engine import ORGANIZER, SPECTATOR, Command, Context, Viewer, canonical_json
from judge.rules.ruling import RULES, Rejected, Ruling
from judge.rulesets.munchkin.actions import (
    EndTurn,
    KickDoor,
    LootRoom,
    PlayCard,
    SellItems,
)


def replayed(game: Game) -> Game:
    """The game rebuilt from its (pending) events, the way the repository does."""
    events = [json_roundtrip(e) for e in game.pending_events]
    rebuilt = project_aggregate(None, events)
    assert isinstance(rebuilt, Game)
    return rebuilt


def transcoder() -> JSONTranscoder:
    t = JSONTranscoder()
    t.register(UUIDAsHex())
    t.register(DatetimeAsISO())
    register_state_transcodings(t)
    return t


def json_roundtrip(domain_event: Any) -> Any:
    mapper: Mapper[Any] = Mapper(transcoder=transcoder())
    return mapper.to_domain_event(mapper.to_stored_event(domain_event))


def state_of(game: Game) -> str:
    return canonical_json(game.ruleset.to_dict(game.state))


def test_creation_is_version_one_with_the_setup() -> None:
    game = new_game()
    [created] = game.pending_events
    assert event_kind(created) == "GameCreated"
    assert created.originator_version == 1 == game.version
    assert event_data(created) == {
        "setup": SETUP.to_dict(), "rules_version": "munchkin@1", "created_at_ms": START_MS,
    }
    assert game.disputes == [] and game.voided == []
    assert "commands" not in vars(game)  # the command ids are indexed by the record, not the state


def test_accepted_command_event_holds_json_data() -> None:
    game = new_game()
    act(game, "sell", 0, SellItems(cards=("gehoernter-helm", "kettensaege")), START_MS + 5)
    event = game.pending_events[-1]
    assert event_kind(event) == "CommandAccepted" and event.originator_version == 2
    data = event_data(event)
    assert data["action"] == {"kind": "sell_items", "cards": ["gehoernter-helm", "kettensaege"]}
    assert data["context"] == {"now_ms": START_MS + 5, "dice": []}
    assert json.loads(json.dumps(data)) == data  # no tuples, nothing JSON cannot hold
    assert data["command_id"] == "sell"
    # The event equals itself after a trip through the store's transcoder.
    assert event_data(json_roundtrip(event)) == data


def test_rejected_command_triggers_no_event() -> None:
    game = new_game()
    with pytest.raises(Rejected) as e:
        act(game, "c", 1, KickDoor(card="elf"))
    assert e.value.ruling.rule_id == "munchkin.turn.not-your-turn"
    assert game.version == 1 and len(game.pending_events) == 1


def test_replaying_the_events_rebuilds_the_state() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    act(game, "race", 0, PlayCard(card="elf"))
    act(game, "loot", 0, LootRoom())
    [end] = [a for a in game.ruleset.legal_actions(game.state, 0, Context(now_ms=START_MS))
             if isinstance(a, EndTurn)]
    act(game, "end", 0, end)  # charity: gives the excess cards to the lowest
    rebuilt = replayed(game)
    assert rebuilt.version == game.version == 5
    assert state_of(rebuilt) == state_of(game)
    assert [event_data(e)["command_id"] for e in game.pending_events[1:]] == ["kick", "race", "loot", "end"]


def test_dispute_upheld_restores_the_given_state_and_voids_the_range() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    before = jsonable(game.ruleset.to_dict(game.state))
    act(game, "race", 0, PlayCard(card="elf"))
    act(game, "loot", 0, LootRoom())
    recheck = judge_recorded(game.ruleset, game.ruleset.from_dict(before), 0,
                             {"kind": "play_card", "card": "elf"},
                             {"now_ms": START_MS, "dice": []},
                             event_data(game.pending_events[2])["effects"])
    assert recheck.legal
    dispute_id = game.open_dispute(1, 3, "too late for races", recheck, START_MS + 1, "CommandAccepted")
    assert game.open_dispute_count == 1
    game.resolve_dispute(dispute_id, True, "upheld", before, START_MS + 2)
    assert game.version == 6
    assert game.voided == [[3, 5]] and game.voided_ranges == ["3-5"]
    assert [v for v in range(1, 7) if game.is_voided(v)] == [3, 4, 5]
    assert canonical_json(game.ruleset.to_dict(game.state)) == canonical_json(before)
    d = game.dispute(dispute_id)
    assert (d["status"], d["opened_at_version"], d["resolved_at_version"]) == ("upheld", 5, 6)
    rebuilt = replayed(game)
    assert state_of(rebuilt) == state_of(game)
    assert rebuilt.voided == game.voided and rebuilt.disputes == game.disputes


def test_what_can_be_disputed() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    with pytest.raises(InvalidArgument) as e:
        game.check_disputable(1, 1, "the creation", "GameCreated")
    assert e.value.field == "event_version"
    with pytest.raises(InvalidArgument) as e:
        game.check_disputable(5, 2, "no such seat", "CommandAccepted")
    assert e.value.field == "seat"
    with pytest.raises(InvalidArgument) as e:
        game.check_disputable(1, 2, "x" * 1001, "CommandAccepted")
    assert e.value.field == "reason"
    with pytest.raises(DisputeNotFound):
        game.dispute(1)
    game.check_disputable(1, 2, "fine", "CommandAccepted")


def test_snapshot_roundtrip_through_the_transcoder() -> None:
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    act(game, "race", 0, PlayCard(card="elf"))
    snapshot = Game.Snapshot.take(game)
    restored = json_roundtrip(snapshot).mutate(None)
    assert isinstance(restored, Game)
    assert type(restored.state) is game.ruleset.state_type
    assert state_of(restored) == state_of(game)
    assert restored.version == game.version
    assert (restored.setup, restored.rules_version) == (game.setup, game.rules_version)


def test_a_snapshot_of_class_version_one_with_its_command_ids_still_loads() -> None:
    """Snapshots written while the game kept its command ids in its state
    (``commands``, class version 1) load without them."""
    game = new_game()
    act(game, "kick", 0, KickDoor(card="elf"))
    snapshot = json_roundtrip(Game.Snapshot.take(game))
    assert snapshot.state.pop("class_version") == 2 and "commands" not in snapshot.state
    snapshot.state["commands"] = {"kick": 2}  # as version 1 wrote it
    restored = snapshot.mutate(None)
    assert "commands" not in vars(restored)
    assert state_of(restored) == state_of(game) and restored.version == 2


def test_rulings_survive_storage() -> None:
    ruling = Ruling(RULES["munchkin.turn.not-your-turn"], {"active": 2})
    back = ruling_from_dict(jsonable(ruling_to_dict(ruling)))
    assert back == ruling
    # A rule id this judge no longer knows is rebuilt from the stored texts.
    data = ruling_to_dict(ruling) | {"rule_id": "gone.rule"}
    old = ruling_from_dict(data)
    assert old.rule_id == "gone.rule"
    assert old.explanation("en") == ruling.explanation("en")


def test_judge_recorded_outcomes() -> None:
    game = new_game()
    state = game.state
    ctx = {"now_ms": START_MS, "dice": []}
    effects = game.ruleset.decide(state, Command(0, KickDoor(card="elf")),
                                  Context(now_ms=START_MS))
    kick = {"kind": "kick_door", "card": "elf"}
    assert judge_recorded(game.ruleset, state, 0, kick, ctx, jsonable(effects)).outcome == "legal"
    other = judge_recorded(game.ruleset, state, 0, kick, ctx, [])
    assert other.outcome == "different" and not other.legal
    rejected = judge_recorded(game.ruleset, state, 1, kick, ctx, [])
    assert rejected.outcome == "rejected"
    assert rejected.ruling is not None
    assert rejected.ruling.rule_id == "munchkin.turn.not-your-turn"
    assert rejected.to_dict()["ruling"]["rule_id"] == "munchkin.turn.not-your-turn"
    for action, context in (({"kind": "fly"}, ctx), (kick, {"dice": []}), ("x", ctx)):
        assert judge_recorded(game.ruleset, state, 0, action, context, []).outcome == "malformed"


def test_credentials_store_only_hashes_and_identify_roles() -> None:
    tokens = Tokens.issue(3)
    seal = CredentialSeal(ServerKey.generate())
    creds = Credentials.issue("game-1", tokens, None, seal)
    assert creds.id == credentials_id("game-1")
    stored = json.dumps(event_data_of(creds))
    for token in [*tokens.seats, tokens.organizer, tokens.spectator]:
        assert token not in stored
        assert token_hash(token) in stored
    assert creds.identify(tokens.seats[1], seal) == Viewer("seat", 1)
    assert creds.identify(tokens.organizer, seal) == ORGANIZER
    assert creds.identify(tokens.spectator, seal) == SPECTATOR
    assert creds.identify("guess", seal) is None
    assert creds.problems(seal) == []
    # Another server key vouches for none of these hashes.
    assert creds.identify(tokens.organizer, CredentialSeal(ServerKey.generate())) is None


def event_data_of(aggregate: Any) -> dict[str, Any]:
    [event] = aggregate.pending_events
    return {k: v for k, v in vars(event).items() if k not in ("timestamp", "originator_id")}
