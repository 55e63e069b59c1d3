"""Fuzzing a live judge: structured requests (hypothesis strategies over the
request messages, with real and forged game ids and tokens), raw malformed
bytes on the wire, hand-mangled records for ImportGame, and client JSON
(custom cards, positions, record lines) nested far deeper than MAX_JSON_DEPTH
or carrying numbers no view can show. The server never answers INTERNAL or
UNKNOWN, never stops serving, never stores a game nobody can read, and
afterwards every game still replays to its served state and exports an intact
record.

Each fuzzer stands on its own: it gets a fresh judge with its own games, counts
the answers to its own cases, and checks the games and the server itself when
its cases are done, whichever tests ran before it or were left out.

The counts are constants so the README can quote them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.record import verify_record
from judge.v1 import judge_pb2 as pb
from judge.v1 import judge_pb2_grpc
from judge_client import JudgeClient, JudgeRpcError
from tests.server.monkic_support import open_monkic, opened
from tests.server.support import SAFETY_TIMEOUT_S, Judge, Table, open_table
from tests.trust.conftest import trust_judge

pytestmark = pytest.mark.slow

STRUCTURED_CASES = 8000
RAW_CASES = 4000
IMPORT_CASES = 1000
HOSTILE_JSON_CASES = 7000
TOTAL_CASES = STRUCTURED_CASES + RAW_CASES + IMPORT_CASES + HOSTILE_JSON_CASES
FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN}
CALL_TIMEOUT_S = SAFETY_TIMEOUT_S
WATCH_DEADLINE_S = 0.1
"""A Watch stream that is valid waits for new events for ever: each fuzzed one is given this
deadline, and its end (DEADLINE_EXCEEDED) is an answer like any other. Not a measurement."""
SERVICE = pb.DESCRIPTOR.services_by_name["JudgeService"]
CARDS = ["elf", "zwerg", "kettensaege", "lahmer-goblin", "1000-goldstuecke", "plutoniumdrache",
         "schatzbort", "goettliche-intervention", "fluch-verliere-eine-stufe", "wuetend",
         "drache", "joker", "superpower", "elemente", "c1", "c3", "c9"]  # monkic catalogue and instance ids


def fuzz(cases: int) -> settings:
    """Seeded (derandomized), no deadline, no example database: the same cases every run."""
    return settings(max_examples=cases, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])


class Arena:
    """A live judge, a few games in progress, and every token of them."""

    def __init__(self, judge: Judge, client: JudgeClient, tables: list[Table]):
        self.judge = judge
        self.client = client
        self.tables = tables
        self.game_ids = [t.game_id for t in tables]
        self.tokens = [judge.admin_token, ""] + [
            tok for t in tables for tok in (
                *(s.token for s in t.game.seat_tokens), t.game.organizer_token, t.game.spectator_token)]
        self.record = tables[0].organizer.export_game(tables[0].game_id).record
        self.channel = grpc.insecure_channel(judge.target)
        self.codes: dict[str, int] = {}  # the answers to this arena's cases, by status code
        self.methods: set[str] = set()  # the methods this arena's cases called

    def note(self, code: grpc.StatusCode) -> None:
        assert code not in FORBIDDEN, code
        self.codes[code.name] = self.codes.get(code.name, 0) + 1


@pytest.fixture
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    """A judge and games of the test's own: no fuzzer sees another's games or answers."""
    with trust_judge(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3", max_workers=8) as judge, \
            JudgeClient(judge.target, timeout=CALL_TIMEOUT_S) as client:
        tables = [open_table(client, interference_window_ms=0) for _ in range(3)]
        t = tables[0]
        t.seats[0].submit(t.game_id, 0, "reveal_card", card="kettensaege")
        t.seats[0].submit(t.game_id, 0, "kick_door", card="elf")
        t.seats[1].open_dispute(t.game_id, 1, 3, "fuzz")
        # monkic games too (issue 8): a reported one after the openings, a dealt one.
        tables += [opened(client)[0], open_monkic(client, mode="dealt")]
        arena = Arena(judge, client, tables)
        try:
            yield arena
        finally:
            arena.channel.close()


# --------------------------------------------------------------------------- strategies

_BOUNDS = {
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1), FieldDescriptor.TYPE_INT32: (-2**31, 2**31 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1), FieldDescriptor.TYPE_INT64: (-2**63, 2**63 - 1),
}


def _scalar(field: FieldDescriptor, arena_ids: list[str]) -> st.SearchStrategy[Any]:
    if field.type == FieldDescriptor.TYPE_STRING:
        if field.name == "game_id":
            return st.one_of(st.sampled_from(arena_ids), st.text(max_size=140))
        if field.name in ("card", "with_card", "item", "ability", "cards", "guard", "targets", "sacrifice", "extra"):
            return st.one_of(st.sampled_from(CARDS), st.text(max_size=140))
        if field.name == "json":
            return st.one_of(st.text(max_size=50), st.just('{"id": "x", "kind": "race"}'), nested_json())
        if field.name == "position_json":
            return st.one_of(st.text(max_size=50), nested_json(), positions())
        return st.text(max_size=1100)
    if field.type == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if field.type == FieldDescriptor.TYPE_ENUM:
        return st.integers(-1, 6)
    if field.type == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=64)
    low, high = _BOUNDS[field.type]
    return st.one_of(st.integers(0, 12), st.integers(low, high))


@st.composite
def messages(draw: st.DrawFn, descriptor: Descriptor, ids: list[str], depth: int = 0) -> Message:
    message = _class(descriptor)()
    oneofs = {o.name: o for o in descriptor.oneofs if not o.name.startswith("_")}
    chosen = {name: draw(st.sampled_from(list(o.fields))).name for name, o in oneofs.items()}
    for field in descriptor.fields:
        group = field.containing_oneof
        if group is not None and group.name in chosen and chosen[group.name] != field.name:
            continue
        if not draw(st.booleans()) and not (group is not None and group.name in chosen):
            continue
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            entry = field.message_type.fields_by_name  # maps of scalars (SeatSpec.traits, GameOptions.values)
            target = getattr(message, field.name)
            for _ in range(draw(st.sampled_from([0, 1, 2, 70]))):
                target[draw(_scalar(entry["key"], ids))] = draw(_scalar(entry["value"], ids))
            continue
        if field.message_type is not None:
            if depth > 3:
                continue
            strategy: st.SearchStrategy[Any] = messages(field.message_type, ids, depth + 1)
        else:
            strategy = _scalar(field, ids)
        if field.is_repeated:
            size = draw(st.sampled_from([0, 1, 2, 3, 70]))
            values = [draw(strategy) for _ in range(size)]
            target = getattr(message, field.name)
            if field.message_type is not None:
                for v in values:
                    target.add().CopyFrom(v)
            else:
                target.extend(values)
        elif field.message_type is not None:
            getattr(message, field.name).CopyFrom(draw(strategy))
        else:
            setattr(message, field.name, draw(strategy))
    return message


def _class(descriptor: Descriptor) -> type[Message]:
    from google.protobuf import message_factory

    return message_factory.GetMessageClass(descriptor)  # type: ignore[no-any-return]


def _metadata(draw: st.DrawFn, arena: Arena) -> list[tuple[str, str]]:
    metadata = []
    token = draw(st.one_of(st.sampled_from(arena.tokens),
                           st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=60)))
    scheme = draw(st.sampled_from(["Bearer ", "bearer ", "Basic ", "", "Bearer  "]))
    if token or scheme:
        metadata.append(("authorization", f"{scheme}{token}"))
    lang = draw(st.sampled_from(["de", "en", "fr;q=1, de;q=0.8", "de-AT", ";;;", "q=x"]))
    metadata.append(("accept-language", lang))
    return metadata


# --------------------------------------------------------------------------- the fuzzers

def _call(arena: Arena, method: str, request: Message, metadata: list[tuple[str, str]]) -> None:
    spec = SERVICE.methods_by_name[method]
    path = f"/judge.v1.JudgeService/{method}"
    response_class = _class(spec.output_type)
    arena.methods.add(method)
    try:
        if spec.server_streaming:
            call = arena.channel.unary_stream(path, request_serializer=lambda m: m.SerializeToString(),
                                              response_deserializer=response_class.FromString)
            stream = call(request, metadata=metadata,
                          timeout=WATCH_DEADLINE_S if method == "Watch" else CALL_TIMEOUT_S)
            try:
                for i, _ in enumerate(stream):
                    if i >= 2:
                        break
            finally:
                stream.cancel()
        else:
            call = arena.channel.unary_unary(path, request_serializer=lambda m: m.SerializeToString(),
                                             response_deserializer=response_class.FromString)
            call(request, metadata=metadata, timeout=CALL_TIMEOUT_S)
        arena.note(grpc.StatusCode.OK)
    except grpc.RpcError as e:
        code = e.code()  # type: ignore[attr-defined]
        assert code != grpc.StatusCode.DEADLINE_EXCEEDED or method == "Watch", (method, e)
        arena.note(code)


@st.composite
def structured(draw: st.DrawFn, arena: Arena) -> tuple[str, Message, list[tuple[str, str]]]:
    names = list(SERVICE.methods_by_name)
    method = draw(st.sampled_from(names + ["Submit"] * 6 + ["Ask"] * 2))
    request = draw(messages(SERVICE.methods_by_name[method].input_type, arena.game_ids))
    return method, request, _metadata(draw, arena)


def test_fuzz_structured_requests(arena: Arena, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR, logger="judge.server.errors")
    count = [0]

    @fuzz(STRUCTURED_CASES)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        method, request, metadata = data.draw(structured(arena))
        _call(arena, method, request, metadata)
        count[0] += 1

    run()
    assert count[0] >= STRUCTURED_CASES
    assert arena.methods == set(SERVICE.methods_by_name)  # every RPC, Watch included
    assert not [r for r in caplog.records if "internal error" in r.getMessage()]
    assert arena.codes.get("OK", 0) > 10 and arena.codes.get("INVALID_ARGUMENT", 0) > 100
    every_game_replays_and_the_server_serves(arena, STRUCTURED_CASES)


def test_fuzz_raw_bytes_on_the_wire(arena: Arena) -> None:
    valid = [pb.SubmitRequest(game_id=arena.game_ids[0], command=pb.Command(
        command_id="x", seat=0, kick_door=pb.KickDoor(card="elf"))).SerializeToString(),
        pb.CreateGameRequest(ruleset="munchkin", seats=[pb.SeatSpec(name="A", sex=1)] * 3).SerializeToString(),
        pb.ImportGameRequest(record=arena.record).SerializeToString()]
    paths = [f"/judge.v1.JudgeService/{m}" for m in SERVICE.methods_by_name] + [
        "/grpc.health.v1.Health/Check", "/judge.v1.JudgeService/Nope"]
    count = [0]

    @fuzz(RAW_CASES)
    @given(path=st.sampled_from(paths), base=st.sampled_from(valid), data=st.data())
    def run(path: str, base: bytes, data: st.DataObject) -> None:
        if data.draw(st.booleans()):
            payload = data.draw(st.binary(max_size=300))
        else:
            payload = bytearray(base)
            for _ in range(data.draw(st.integers(1, 8))):
                i = data.draw(st.integers(0, len(payload) - 1))
                payload[i] = data.draw(st.integers(0, 255))
            payload = bytes(payload)
        token = data.draw(st.sampled_from(arena.tokens))
        metadata = [("authorization", f"Bearer {token}")] if token else []
        watch = path.endswith("/Watch")
        method = SERVICE.methods_by_name.get(path.rsplit("/", 1)[1])
        # Raw bytes, but each method called in its own shape: a streaming method read as a stream (a
        # client reading Replay's stream as one answer waits for its own deadline, and only it waits).
        try:
            if method is not None and method.server_streaming:  # the first answers, if any, then cancel
                stream = arena.channel.unary_stream(path)(
                    payload, metadata=metadata, timeout=WATCH_DEADLINE_S if watch else CALL_TIMEOUT_S)
                try:
                    for i, _ in enumerate(stream):
                        if watch or i >= 2:
                            break
                finally:
                    stream.cancel()
            else:
                arena.channel.unary_unary(path)(payload, metadata=metadata, timeout=CALL_TIMEOUT_S)
            assert not path.endswith("/Nope"), "an unknown method answered"
            arena.note(grpc.StatusCode.OK)
        except grpc.RpcError as e:
            code = e.code()  # type: ignore[attr-defined]
            if path.endswith("/Nope"):
                assert code == grpc.StatusCode.UNIMPLEMENTED
            assert code != grpc.StatusCode.DEADLINE_EXCEEDED or watch, (path, e)
            arena.note(code)
        count[0] += 1

    run()
    assert count[0] >= RAW_CASES
    assert sum(arena.codes.values()) == count[0]
    every_game_replays_and_the_server_serves(arena, RAW_CASES)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


def test_fuzz_imported_records(arena: Arena) -> None:
    admin = arena.client.with_token(arena.judge.admin_token)
    lines = arena.record.splitlines()
    count = [0]
    imported: list[str] = []

    @fuzz(IMPORT_CASES)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        how = data.draw(st.sampled_from(["field", "field", "bytes", "lines", "nest"]))
        mangled = list(lines)
        if how == "field":
            i = data.draw(st.integers(0, len(mangled) - 1))
            obj = json.loads(mangled[i])
            path = [obj]
            while isinstance(path[-1], dict) and path[-1] and data.draw(st.booleans()):
                key = data.draw(st.sampled_from(sorted(path[-1])))
                if not isinstance(path[-1][key], (dict,)):
                    path[-1][key] = data.draw(json_values)
                    break
                path.append(path[-1][key])
            else:
                if isinstance(path[-1], dict):
                    path[-1][data.draw(st.text(max_size=8))] = data.draw(json_values)
            mangled[i] = json.dumps(obj, ensure_ascii=False)
        elif how == "bytes":
            raw = bytearray("\n".join(mangled).encode())
            for _ in range(data.draw(st.integers(1, 5))):
                raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
            mangled = raw.decode("utf-8", "replace").split("\n")
        elif how == "lines":
            i, j = data.draw(st.integers(0, len(mangled) - 1)), data.draw(st.integers(0, len(mangled) - 1))
            mangled[i], mangled[j] = mangled[j], mangled[i]
            if data.draw(st.booleans()):
                del mangled[data.draw(st.integers(0, len(mangled) - 1))]
        else:
            depth = data.draw(st.sampled_from([50, 5000]))
            mangled.insert(2, "[" * depth + "]" * depth)
        try:
            result = admin.import_game("\n".join(mangled) + "\n")
            arena.note(grpc.StatusCode.OK)
            imported.append(result.game.game_id)
        except JudgeRpcError as e:  # anything else (a client-side error) fails the test
            arena.note(e.code)
        count[0] += 1

    run()
    assert count[0] >= IMPORT_CASES
    assert sum(arena.codes.values()) == count[0]
    for gid in imported[:20]:
        assert admin.audit(gid).clean
    every_game_replays_and_the_server_serves(arena, IMPORT_CASES)


# --------------------------------------------------------------------------- nested and extreme JSON

POSITIONS = [json.loads((Path(__file__).resolve().parents[2] / "docs" / "position" / name).read_text(encoding="utf-8"))
             for name in ("anna-vs-plutoniumdrache.json", "mia-vs-tom.json")]
EXTREME_NUMBERS = [2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**53, 2**63, 2**64, -1, -2**31 - 1, -2**63, 10**400,
                   1e308, -1e308, 0.5, 1_000_000, 1_000_001]
EXTREME_TEXT = ["1e999", "-1e999", "NaN", "Infinity", "1" + "0" * 5000, "-0", "1E+2"]


@st.composite
def nested_json(draw: st.DrawFn) -> str:
    """Arrays or objects nested around (and far beyond) MAX_JSON_DEPTH, alone, inside a valid
    object, unclosed, or as brackets inside a string (which do not nest)."""
    depth = draw(st.sampled_from([63, 64, 65, 200, 1000, 1200, 5000, 50_000]))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ("[{\"k\":", "}]")]))
    core = opener * depth + draw(st.sampled_from(["1", "null", '"x"', "[]"])) + closer * depth
    shape = draw(st.sampled_from(["alone", "inside", "unclosed", "in-a-string"]))
    if shape == "inside":
        return '{"format": "judge-position", "ruleset": "munchkin", "id": "x", "kind": "race", "deep": ' + core + "}"
    if shape == "unclosed":
        return opener * depth
    if shape == "in-a-string":
        return json.dumps({"id": "x", "kind": "race", "text": "[" * depth})
    return core


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A real position with one value somewhere replaced by an extreme number, a nested value
    or an extreme number written as JSON text Python reads differently (1e999, NaN, 5,000 digits)."""
    data = json.loads(json.dumps(draw(st.sampled_from(POSITIONS))))
    node: Any = data
    while True:
        keys = list(range(len(node))) if isinstance(node, list) else sorted(node)
        if not keys:
            break
        key = draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and node[key] and draw(st.booleans()):
            node = node[key]
            continue
        break
    marker = "__EXTREME__"
    how = draw(st.sampled_from(["number", "number", "nested", "text"]))
    value: Any = draw(st.sampled_from(EXTREME_NUMBERS)) if how == "number" else marker
    if isinstance(node, list) and node:
        node[draw(st.integers(0, len(node) - 1))] = value
    elif isinstance(node, list):
        node.append(value)
    else:
        node[draw(st.sampled_from(sorted(node) + ["turn", "hand_unknown", "level", "bonus"]))] = value
    text = json.dumps(data, ensure_ascii=False)
    if how == "nested":
        return text.replace(json.dumps(marker), draw(nested_json()), 1)
    if how == "text":
        return text.replace(json.dumps(marker), draw(st.sampled_from(EXTREME_TEXT)), 1)
    return text


@st.composite
def custom_cards(draw: st.DrawFn) -> list[str]:
    """Custom cards whose numbers are extreme or whose JSON is nested deep."""
    card: dict[str, Any] = {"id": "riese", "name": "Riese", "deck": "door", "kind": "monster", "level": 1,
                            "treasures": 1}
    field = draw(st.sampled_from(["level", "treasures", "bonus", "levels", "run_away_modifier", "value"]))
    card[field] = draw(st.sampled_from(EXTREME_NUMBERS))
    text = json.dumps(card)
    if draw(st.booleans()):
        text = text.replace(str(card[field]), draw(st.sampled_from(EXTREME_TEXT)), 1)
    return [text] if draw(st.booleans()) else [draw(nested_json()), text]


def test_fuzz_nested_and_extreme_json(arena: Arena) -> None:
    """Every parser of client JSON (custom cards, positions, imported records) with nesting up to
    50,000 levels and numbers a view cannot show: never INTERNAL or UNKNOWN, and every game such a
    request created can be read by everyone (its view, replay and export)."""
    stub = judge_pb2_grpc.JudgeServiceStub(arena.channel)
    admin = [("authorization", f"Bearer {arena.judge.admin_token}")]
    created: list[str] = []
    count = [0]

    @fuzz(HOSTILE_JSON_CASES)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        how = data.draw(st.sampled_from(["create", "from-position", "ask", "import"]))
        answer: Any = None
        try:
            if how == "create":
                cards = [pb.CardDefinition(json=j) for j in data.draw(custom_cards())]
                answer = stub.CreateGame(pb.CreateGameRequest(
                    ruleset="munchkin", seats=[pb.SeatSpec(name=n, sex=pb.SEX_MALE) for n in "ABC"],
                    custom_cards=cards), timeout=CALL_TIMEOUT_S)
            elif how == "from-position":
                answer = stub.CreateGameFromPosition(pb.CreateGameFromPositionRequest(
                    position_json=data.draw(positions())), timeout=CALL_TIMEOUT_S).game
            elif how == "ask":
                stub.AskPosition(pb.AskPositionRequest(position_json=data.draw(
                    st.one_of(positions(), nested_json()))), timeout=CALL_TIMEOUT_S)
            else:
                lines = arena.record.splitlines()
                lines.insert(data.draw(st.integers(1, len(lines))), data.draw(nested_json()))
                stub.ImportGame(pb.ImportGameRequest(record="\n".join(lines) + "\n"), metadata=admin,
                                timeout=CALL_TIMEOUT_S)
            arena.note(grpc.StatusCode.OK)
            if answer is not None:
                created.append(answer.game_id)
        except grpc.RpcError as e:
            arena.note(e.code())  # type: ignore[attr-defined]
        count[0] += 1

    run()
    assert count[0] >= HOSTILE_JSON_CASES
    assert arena.codes.get("INVALID_ARGUMENT", 0) > HOSTILE_JSON_CASES // 2, arena.codes
    reader = arena.client.with_token(arena.judge.admin_token)
    for gid in created:  # nothing is stored that nobody can read
        view = reader.get_view(gid).view
        assert sum(1 for _ in reader.replay(gid)) == view.version
        assert reader.export_game(gid).record
    every_game_replays_and_the_server_serves(arena, HOSTILE_JSON_CASES)


def every_game_replays_and_the_server_serves(arena: Arena, cases: int) -> None:
    """The check each fuzzer makes when its own cases are done: nothing they sent broke a game
    or the server, and the arena's answers are exactly those to these cases."""
    admin = arena.client.with_token(arena.judge.admin_token)
    assert arena.client.health() == "SERVING"
    for gid in arena.game_ids:
        assert admin.audit(gid).clean
        assert verify_record(admin.export_game(gid).record, arena.judge.app.key.public_key).ok
    stats = arena.judge.app.check_integrity()
    assert stats["games"] >= len(arena.game_ids)
    assert sum(arena.codes.values()) >= cases
    print(f"fuzzed {cases} of {TOTAL_CASES} cases: {dict(sorted(arena.codes.items()))}")
