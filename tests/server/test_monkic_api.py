"""monkic (002) over the real API (issue 8, part 2): its actions in
``Command.monkic`` (judge/v1/monkic.proto), its view in ``GameView.monkic``,
and every RPC working for it as for Munchkin: CreateGame with its options
and variants, Submit, Ask, LegalActions, GetView, Replay, Watch, disputes
with rollback, export, import, audit and the re-judging under the current
rules."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import grpc
import pytest

from judge.app import JudgeApp
from judge.domain.rules import jsonable
from judge.rules import Context, GameSetup, SeatSetup, chance, registry
from judge.rules.engine import ORGANIZER, SPECTATOR, Command, Viewer, action_table, canonical_json
from judge.server.convert import action_to_proto, command_from_proto, view_to_proto
from judge.server.main import create_server
from judge.v1 import judge_pb2 as pb
from judge.v1 import monkic_pb2 as mpb
from judge_client import JudgeClient, JudgeRpcError
from tests.monkic_bot import play
from tests.rules.monkic.harness import A, values
from tests.server.monkic_support import bot_game, open_monkic, opened
from tests.server.support import SAFETY_TIMEOUT_S
from tests.server.test_convert import filled
from tests.server.test_view_strict import unplaced

VARIANTS = ((), ("simple",), ("extra",), ("graveyard-fights",), ("extra", "graveyard-fights"))


# --------------------------------------------------------------------------- the proto


def test_every_monkic_action_has_its_message_with_the_same_fields() -> None:
    """MonkicAction lists every action of the family, its fields named as the
    action's (docs/architecture.md, "The API and its families")."""
    section = pb.Command.DESCRIPTOR.fields_by_name["monkic"]
    assert section.number >= 100 and section.message_type is mpb.MonkicAction.DESCRIPTOR
    assert pb.GameView.DESCRIPTOR.fields_by_name["monkic"].number >= 100
    table = action_table("monkic")
    oneof = mpb.MonkicAction.DESCRIPTOR.oneofs_by_name["action"]
    assert {f.name for f in oneof.fields} == set(table)
    for kind, cls in table.items():
        message = mpb.MonkicAction.DESCRIPTOR.fields_by_name[kind].message_type
        assert {f.name for f in message.fields} == {f.name for f in dataclasses.fields(cls)}, kind


def test_an_action_goes_through_the_proto_and_back_unchanged() -> None:
    for action in (A.Attack(card="c1", targets=("c9",), dice=(4,), defence_dice=(1,), place="table"),
                   A.Protect(guard="c2", card="c1", sacrifice_guard=False), A.SearchJoker(card="c5"),
                   A.Resolve(dice=(6, 6, 4, 3, 2, 1), place="table"), A.EndTurn(), A.Deal(),
                   A.ReportOpening(cards=("drache",) * 7, xxl="pings")):
        command = action_to_proto(action, 1)
        command.command_id = "x"
        assert command_from_proto(command, "monkic")[1].action == action


@pytest.mark.parametrize("kind", sorted(action_table("monkic")))
@pytest.mark.parametrize("fill", [False, True], ids=["defaults", "every-field-set"])
def test_monkic_actions_survive_the_round_trip(kind: str, fill: bool) -> None:
    command = pb.Command(command_id="c", seat=1)
    getattr(command.monkic, kind).SetInParent()
    if fill:
        filled(getattr(command.monkic, kind))
    judged = command_from_proto(command, "monkic")[1]
    assert judged.action.kind == kind and judged.action.family == "monkic"
    back = action_to_proto(judged.action, 1)
    back.command_id = "c"
    assert command_from_proto(back, "monkic")[1] == judged
    if fill:
        assert getattr(back.monkic, kind) == getattr(command.monkic, kind)


def test_unset_optional_fields_take_the_actions_defaults() -> None:
    """An API client that leaves ``place``, ``joker`` or ``sacrifice_guard``
    unset means the hand, the plain joker and the guard dying for its card."""
    command = pb.Command(command_id="x", seat=0)
    command.monkic.protect.guard = "c2"
    command.monkic.protect.card = "c1"
    assert command_from_proto(command, "monkic")[1].action == A.Protect(guard="c2", card="c1", sacrifice_guard=True)
    command = pb.Command(command_id="x", seat=0)
    command.monkic.search_joker.card = "c5"
    assert command_from_proto(command, "monkic")[1].action == A.SearchJoker(card="c5", joker="joker", place="hand")


def _played_views(seed: bytes, variants: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every view of every viewer after every command of a dealt game the bot
    plays on the pure core, with the keys the application adds."""
    rules = registry.get("monkic")
    setup = GameSetup("monkic", variants, (SeatSetup("Mia"), SeatSetup("Tom")),
                      {"life_points": 12, "seed_sha256": chance.commitment(seed)}, "dealt", tuple(values()))
    rules.validate_setup(setup)
    state = rules.initial_state(setup)
    views: list[dict[str, Any]] = []

    def look() -> None:
        for viewer in (ORGANIZER, SPECTATOR, Viewer("seat", 0), Viewer("seat", 1)):
            view = dict(jsonable(rules.view(state, viewer)))
            view.update(game_id="g", family="monkic", version=len(views) + 1, voided=["2-3"], open_disputes=1)
            view["state_json"] = canonical_json(view)
            views.append(view)

    def submit(seat: int | None, action: Any) -> None:
        nonlocal state
        state = rules.evolve_all(state, rules.decide(state, Command(seat, action), Context(0, secret_seed=seed)))
        look()

    def view() -> tuple[bool, int]:
        return state.phase == "over", state.pending[0]["seat"] if state.pending else state.active

    look()
    submit(None, A.Deal())
    play(lambda seat: rules.legal_actions(state, seat, Context(0, secret_seed=seed)), submit, view)
    assert state.phase == "over"
    return views


def test_every_monkic_view_key_of_played_games_has_a_place_in_the_proto() -> None:
    """The strict conversion (issue 8, part 1) for monkic: no key of any view
    of whole games in every variant is without a field; the walk reaches the
    nested parts (guards, pending answers, bars, attacks, the revealed seed)."""
    views = [v for i, variants in enumerate(VARIANTS) for seed in (i, i + 10)
             for v in _played_views(bytes([seed]) * 32, variants)]
    sections = [v["monkic"] for v in views]
    assert any(c.get("guard") for s in sections for seat in s["seats"] for c in seat["hand"])
    assert all(any(s[key] for s in sections) for key in ("pending", "barred", "attacks", "activated_traps"))
    assert any(v["seed"] for v in views) and any(v["winners"] for v in views)
    missing = set().union(*(unplaced(view, pb.GameView.DESCRIPTOR) for view in views))
    assert not missing, f"view keys with no field in GameView: {sorted(missing)}"
    for view in views[:: max(1, len(views) // 60)]:
        assert json.loads(view_to_proto(view).state_json) == json.loads(view["state_json"])


# --------------------------------------------------------------------------- the RPCs


def test_list_rulesets_shows_both_games(client: JudgeClient) -> None:
    infos = {r.name: r for r in client.list_rulesets().rulesets}
    assert {"munchkin", "monkic"} <= set(infos)
    monkic = infos["monkic"]
    assert (monkic.family, monkic.min_seats, monkic.max_seats, list(monkic.seat_traits)) == ("monkic", 2, 2, [])
    assert {"extra", "simple", "graveyard-fights"} <= {v.name for v in monkic.variants}
    life = next(o for o in monkic.options if o.name == "life_points")
    assert (life.default_value, life.minimum, life.maximum) == ("20", 1, 999)
    assert {"attack", "protect", "play_curse", "resolve"} <= set(monkic.action_kinds)


def test_create_a_monkic_game_with_options_and_variants(client: JudgeClient) -> None:
    table = open_monkic(client, variants=("extra", "graveyard-fights"), options={"life_points": 40})
    view = table.game.view
    assert (view.family, view.ruleset, view.phase) == ("monkic", "monkic", "opening")
    assert [s.name for s in view.seats] == ["Mia", "Tom"] and list(view.variants) == ["extra", "graveyard-fights"]
    assert [s.life for s in view.monkic.seats] == [40, 40] and view.monkic.xxl_left > 0
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("monkic", ["Mia", "Tom"], custom_cards=values(), options={"life_points": 0})
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("monkic", ["Mia", "Tom"], custom_cards=values()[1:])  # a card without values
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT and "custom_cards" in info.value.field_violations[0][0]
    with pytest.raises(JudgeRpcError) as info:
        client.create_game("monkic", ["Mia", "Tom", "Ada"], custom_cards=values())
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT


def test_submit_ask_and_legal_actions_on_a_reported_table(client: JudgeClient) -> None:
    """002 Start: "Die erste Runde darf kein Spieler angreifen." Ask gives the
    ruling without recording; LegalActions lists no attack in round 1."""
    table, (mine, theirs) = opened(client)
    gid, mia = table.game_id, table.seats[0]
    moved = mia.submit(gid, 0, "take_to_hand", card=mine[0])
    assert [c.card for c in moved.view.monkic.seats[0].hand] == ["drache"] and moved.view.monkic.took
    asked = mia.ask(gid, 0, "attack", card=mine[0], dice=[6])
    assert not asked.allowed and asked.ruling.rule_id == "monkic.attack.first-round"
    assert asked.ruling.source == "002_6f051032b31e80ba.txt" and asked.ruling.section == "Start"
    kinds = {a.kind for a in mia.legal_actions(gid, 0).actions}
    assert "attack" not in kinds and {"draw", "protect", "end_turn"} <= kinds
    assert table.seats[1].legal_actions(gid, 1).actions == []  # not Tom's turn
    with pytest.raises(JudgeRpcError) as info:
        table.seats[1].submit(gid, 1, "draw", card="ninja")
    assert info.value.rule_id == "monkic.turn.not-your-turn"
    with pytest.raises(JudgeRpcError) as info:
        mia.submit(gid, 1, "draw", card="ninja")  # Mia acting for Tom
    assert info.value.code == grpc.StatusCode.PERMISSION_DENIED
    assert table.spectator.get_view(gid).view.version == moved.version


def test_malformed_monkic_commands_name_the_field(client: JudgeClient) -> None:
    table, (mine, _) = opened(client)
    gid, mia = table.game_id, table.seats[0]
    cases = [
        (dict(kind="draw", card="no-such-card"), "command.monkic.draw.card"),
        (dict(kind="take_to_hand", card="c999"), "command.monkic.take_to_hand.card"),
        (dict(kind="attack", card=mine[0], dice=[5000]), "command.monkic.attack.dice[0]"),
        (dict(kind="report_opening", cards=["x" * 200]), "command.monkic.report_opening.cards[0]"),
    ]
    for fields, field in cases:
        kind = fields.pop("kind")
        with pytest.raises(JudgeRpcError) as info:
            mia.submit(gid, 0, kind, **fields)
        assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT, fields
        assert info.value.field_violations[0][0].startswith(field), info.value.field_violations
    assert table.organizer.get_view(gid).view.version == 3  # nothing recorded


def test_a_dealt_game_played_by_the_bot_through_legal_actions(client: JudgeClient) -> None:
    """The judge deals and rolls from the committed seed; every action comes
    from LegalActions; the game ends at 0 life points (or the curse Attack)
    and the revealed seed matches the commitment."""
    table = open_monkic(client, mode="dealt", options={"life_points": 10})
    assert table.game.view.version == 2 and table.game.view.turn == 1  # the judge dealt at creation
    steps = bot_game(table)
    view = table.organizer.get_view(table.game_id).view
    assert steps > 5 and view.status == pb.GAME_STATUS_FINISHED and len(view.winners) == 1
    assert chance.commitment(bytes.fromhex(view.seed)) == table.game.view.seed_sha256
    assert table.organizer.audit(table.game_id).clean


def test_replay_and_watch_give_every_step(client: JudgeClient) -> None:
    table, (mine, _) = opened(client)
    gid, mia = table.game_id, table.seats[0]
    mia.submit(gid, 0, "take_to_hand", card=mine[0])
    last = mia.submit(gid, 0, "draw", card="ninja").version
    steps = list(table.spectator.replay(gid))
    assert [s.event.version for s in steps] == list(range(1, last + 1))
    assert steps[-1].view.monkic.seats[0].table[-1].card == "ninja"
    assert json.loads(steps[-1].view.state_json) == json.loads(table.spectator.get_view(gid).view.state_json)
    with table.seats[1].watch(gid, after_version=last - 2, timeout=SAFETY_TIMEOUT_S) as stream:
        seen = []
        for step in stream:
            seen.append(step.event.action)
            if step.event.version == last:
                break
    assert seen == ["take_to_hand", "draw"]


def test_an_upheld_dispute_rolls_a_monkic_game_back(client: JudgeClient) -> None:
    """Tom disputes Mia's draw; the judge re-checks it; the organizer upholds
    it: the game is back before the draw, the draw marked void, and Mia
    draws again."""
    table, (mine, _) = opened(client)
    gid, mia, tom = table.game_id, table.seats[0], table.seats[1]
    drawn = mia.submit(gid, 0, "draw", card="ninja")
    mia.submit(gid, 0, "take_to_hand", card=mine[0])
    opened_dispute = tom.open_dispute(gid, 1, drawn.version, "she drew the Zyklop, not the Ninja").dispute
    assert opened_dispute.recheck_legal and opened_dispute.recheck_summary
    resolved = table.organizer.resolve_dispute(gid, opened_dispute.dispute_id, uphold=True, note="it was the Zyklop")
    view = resolved.view
    assert list(view.voided) == [f"{drawn.version}-{drawn.version + 2}"]  # the draw, the take, the dispute
    assert [c.card for c in view.monkic.seats[0].table] == list(
        ("drache", "joker", "superpower", "elemente", "heilung", "golem", "kobold"))
    assert not view.monkic.drew and not view.monkic.took
    again = mia.submit(gid, 0, "draw", card="zyklop")
    assert again.view.monkic.seats[0].table[-1].card == "zyklop"
    assert table.organizer.audit(gid).clean
    assert table.organizer.audit(gid, current_rules=True).clean


def test_export_and_import_a_monkic_game(client: JudgeClient, admin: JudgeClient) -> None:
    table, (mine, _) = opened(client)
    gid = table.game_id
    table.seats[0].submit(gid, 0, "take_to_hand", card=mine[0])
    record = table.organizer.export_game(gid).record
    assert json.loads(record.splitlines()[0])["ruleset"] == "monkic"
    imported = admin.import_game(record)
    assert imported.audit.clean
    copy = imported.game.view
    original = table.organizer.get_view(gid).view
    assert copy.monkic == original.monkic and copy.family == "monkic"


def test_a_retried_monkic_command_is_recorded_once(client: JudgeClient) -> None:
    """Exactly once for monkic commands too: a retry with the same command id
    answers the first result; another command under that id, or a stale
    expected version, is refused and records nothing."""
    table, (mine, _) = opened(client)
    gid, mia = table.game_id, table.seats[0]
    command = action_to_proto(A.TakeToHand(card=mine[0]), 0)
    command.command_id = "take-the-drache"
    first = mia.submit_command(gid, command)
    again = mia.submit_command(gid, command)
    assert again.duplicate and again.version == first.version and again.receipt == first.receipt
    other = action_to_proto(A.Draw(card="ninja"), 0)
    other.command_id = "take-the-drache"
    with pytest.raises(JudgeRpcError) as info:
        mia.submit_command(gid, other)
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT
    stale = action_to_proto(A.Draw(card="ninja"), 0)
    stale.command_id, stale.expected_version = "draw", first.version - 1
    with pytest.raises(JudgeRpcError) as info:
        mia.submit_command(gid, stale)
    assert info.value.code == grpc.StatusCode.ABORTED
    assert table.organizer.get_view(gid).view.version == first.version


def test_a_monkic_game_reloads_from_its_snapshots(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Snapshots every 3 events: a whole dealt game (the bot through the API)
    loads from its snapshots to the state served live, after a restart too."""
    config = {**JudgeApp.sqlite(tmp_path / "snap.sqlite3"), "SNAPSHOTTING_INTERVAL": "3"}
    app = JudgeApp(config)
    server, port = create_server("127.0.0.1:0", app)
    server.start()
    try:
        with JudgeClient(f"127.0.0.1:{port}", timeout=SAFETY_TIMEOUT_S) as c:
            table = open_monkic(c, mode="dealt", variants=("extra", "graveyard-fights"))
            bot_game(table)
            served = table.organizer.get_view(table.game_id).view.state_json
    finally:
        server.stop(grace=None).wait(SAFETY_TIMEOUT_S)
        app.close()
    assert not [r for r in caplog.records if "snapshot" in r.getMessage()]
    reopened = JudgeApp(config)
    try:
        assert reopened.view(table.game_id, ORGANIZER)["state_json"] == served
        assert reopened.audit(table.game_id, ORGANIZER).clean
    finally:
        reopened.close()
