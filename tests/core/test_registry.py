"""The ruleset registry lives in the core and finds rulesets through the
entry-point group ``judge.rulesets`` (issue 8, part 1): a ruleset shipped
as a package of its own, installed as a distribution, is found and judged
on the same engine, record and API as the built-in ones."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from judge.app import JudgeApp
from judge.common.errors import InvalidArgument
from judge.rules import registry
from judge.rules.declarations import check_setup, describe
from judge.rules.engine import ORGANIZER, Command, GameSetup, SeatSetup, action_table
from judge.rules.ruling import Malformed
from judge.server.convert import view_to_proto

ROOT = Path(__file__).resolve().parents[2]
TINY = "tiny-count"


@pytest.fixture
def installed_tiny(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A distribution "tiny-judge-ruleset" on sys.path whose entry point of
    the group judge.rulesets names tests/core/tiny_ruleset.py's ruleset."""
    with tiny_installed(tmp_path, monkeypatch):
        yield


@contextmanager
def tiny_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """See ``installed_tiny``."""
    info = tmp_path / "tiny_judge_ruleset-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tiny-judge-ruleset\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{registry.ENTRY_POINT_GROUP}]\ntiny = tests.core.tiny_ruleset:Tiny\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.discover()  # installed after the first lookup of this process
    yield
    registry.unregister(TINY)


def test_the_built_in_ruleset_registers_through_the_entry_point_group() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '[project.entry-points."judge.rulesets"]' in pyproject
    assert 'munchkin = "judge.rulesets.munchkin:Munchkin"' in pyproject
    assert "munchkin" in registry.names()


def test_a_ruleset_of_another_distribution_is_found(installed_tiny: None) -> None:
    tiny = registry.get(TINY)
    assert (tiny.name, tiny.family) == (TINY, TINY)
    assert TINY in registry.names()
    # Its actions are its own family's: its end_turn is not Munchkin's.
    assert set(action_table(TINY)) == {"add", "end_turn"}
    assert action_table(TINY)["end_turn"] is not action_table("munchkin")["end_turn"]
    info = describe(tiny)
    assert (info["min_seats"], info["max_seats"], info["seat_traits"]) == (2, 3, [])
    assert info["options"] == [{"name": "target", "type": "int", "default": 5, "doc": "The total that wins.",
                                "minimum": 1, "maximum": 20}]
    assert info["variants"] == [{"name": "double", "doc": "Every amount counts twice."}]


def test_a_third_party_game_is_played_on_the_same_engine(installed_tiny: None, tmp_path: Path) -> None:
    """Created without seat traits, judged, viewed through the proto, exported and audited."""
    registry.get(TINY)  # discovered before the application registers state transcodings
    app = JudgeApp(JudgeApp.sqlite(tmp_path / "judge.db"))
    try:
        setup = GameSetup(TINY, (), (SeatSetup("Mia"), SeatSetup("Tom")), {"target": 3}, "reported")
        created = app.create_game(setup)
        mia = app.authenticate(created.game_id, created.seat_tokens[0])
        app.submit(created.game_id, "c1", Command(0, action_table(TINY)["add"](amount=3)), None, mia)
        view = view_to_proto(app.view(created.game_id, ORGANIZER))
        assert [s.name for s in view.seats] == ["Mia", "Tom"]
        assert list(view.winners) == [0]
        with pytest.raises(Malformed):
            app.submit(created.game_id, "c2", Command(0, action_table(TINY)["add"](amount=1)), None, mia)
        assert app.audit(created.game_id, ORGANIZER).clean
    finally:
        app.close()


def test_the_declarations_are_checked_generically(installed_tiny: None) -> None:
    tiny = registry.get(TINY)
    two = (SeatSetup("Mia"), SeatSetup("Tom"))
    for setup, field in (
        (GameSetup(TINY, (), two, {"target": 21}, "reported"), "options.target"),
        (GameSetup(TINY, (), two, {"target": "5"}, "reported"), "options.target"),
        (GameSetup(TINY, (), two, {"speed": 1}, "reported"), "options.speed"),
        (GameSetup(TINY, ("triple",), two, {}, "reported"), "variants"),
        (GameSetup(TINY, (), two, {}, "dealt"), "mode"),
        (GameSetup(TINY, (), (SeatSetup("Mia", {"sex": "female"}), SeatSetup("Tom")), {}, "reported"),
         "seats[0].traits.sex"),
        (GameSetup(TINY, (), two[:1], {}, "reported"), "seats"),
    ):
        with pytest.raises(InvalidArgument) as caught:
            check_setup(tiny, setup)
        assert caught.value.field == field


def test_munchkin_seats_must_carry_the_trait_sex() -> None:
    """Munchkin declares the seat trait sex, male or female (000, SPIELZIEL:
    "Du beginnst das Spiel ... mit demselben Geschlecht wie du")."""
    munchkin = registry.get("munchkin")
    seats = (SeatSetup("A", {"sex": "female"}), SeatSetup("B", {"sex": "male"}))
    for third, field in ((SeatSetup("C"), "seats[2].traits.sex"),
                         (SeatSetup("C", {"sex": "other"}), "seats[2].traits.sex"),
                         (SeatSetup("C", {"sex": "male", "hat": "red"}), "seats[2].traits.hat")):
        with pytest.raises(InvalidArgument) as caught:
            munchkin.validate_setup(GameSetup("munchkin", (), (*seats, third), {}, "reported"))
        assert caught.value.field == field


def test_old_records_with_sex_still_read_as_traits() -> None:
    """A seat was recorded as {"name", "sex"}; it is read as the trait sex,
    and a seat is still written that way (docs/record-format.md)."""
    old = {"ruleset": "munchkin", "variants": [], "options": {}, "mode": "reported",
           "seats": [{"name": "Anna", "sex": "female"}, {"name": "Ben", "sex": "male"}]}
    setup = GameSetup.from_dict(old)
    assert setup.seats[0] == SeatSetup("Anna", {"sex": "female"})
    assert GameSetup.from_dict(old).to_dict()["seats"] == old["seats"]
    assert GameSetup(TINY, (), (SeatSetup("Mia"),), {}, "reported").to_dict()["seats"] == [{"name": "Mia"}]


def test_the_rules_core_does_not_import_the_rulesets() -> None:
    """No arrow from judge/rules up into judge/rulesets."""
    for path in sorted((ROOT / "judge" / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            assert not any(n.startswith("judge.rulesets") for n in names), f"{path.name} imports {names}"


def test_every_installed_ruleset_documents_what_it_declares() -> None:
    """ListRulesets gives a one-line doc for every option, seat trait and
    variant, and a title for the ruleset."""
    for ruleset in registry.current():
        info = describe(ruleset)
        assert info["title"] and info["family"] and info["action_kinds"], ruleset.name
        undocumented = [x["name"] for x in info["options"] + info["seat_traits"] + info["variants"] if not x["doc"]]
        assert not undocumented, f"{ruleset.name}: no doc for {undocumented}"
        assert set(info["modes"]) <= {"reported", "dealt"}


def test_a_seat_count_refusal_says_how_many_play() -> None:
    """A range reads "3 to 6 players"; a ruleset for a fixed number of players says "exactly"."""
    three = tuple(SeatSetup(n, {"sex": "male"}) for n in "ABC")
    with pytest.raises(InvalidArgument) as caught:
        check_setup(registry.get("monkic"), GameSetup("monkic", (), (SeatSetup("Mia"),) * 3, {}, "reported"))
    assert caught.value.message == "monkic is played by exactly 2 players, got 3"
    with pytest.raises(InvalidArgument) as caught:
        check_setup(registry.get("munchkin"), GameSetup("munchkin", (), three[:2], {}, "reported"))
    assert caught.value.message == "munchkin is played by 3 to 6 players, got 2"


def test_list_rulesets_is_described_once_and_again_when_a_ruleset_comes_or_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every client that starts asks ListRulesets: its answer is made once per language and kept until a
    ruleset is registered or forgotten, and it then names what the registry holds."""
    from judge.server.catalogue import rulesets_to_proto

    before = rulesets_to_proto("de")
    assert rulesets_to_proto("de") is before and rulesets_to_proto("en") is not before
    assert TINY not in [info.name for info in before.rulesets]
    with tiny_installed(tmp_path, monkeypatch):
        assert TINY in [info.name for info in rulesets_to_proto("de").rulesets]
    assert TINY not in [info.name for info in rulesets_to_proto("de").rulesets]
    assert rulesets_to_proto("de") == before
