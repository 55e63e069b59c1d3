"""The record's chance check asks each game (judge/record/chance_check.py): every ruleset that deals
brings its walk (``chance_walk``, judge/rules/chance_walk.py), and a dealt record no installed ruleset
can walk is a problem, never silently "intact"."""

from __future__ import annotations

from judge.record.chance_check import check_chance
from judge.rules.chance_walk import ChanceWalk
from judge.rulesets import current


def test_every_ruleset_that_deals_brings_its_chance_walk() -> None:
    dealing = [r for r in current() if "dealt" in r.modes]
    assert {r.family for r in dealing} >= {"munchkin", "monkic"}
    for ruleset in dealing:
        walk = ruleset.chance_walk({})  # type: ignore[attr-defined]
        assert isinstance(walk, ChanceWalk), ruleset.name


def test_a_dealt_record_of_a_ruleset_not_installed_is_a_problem_at_its_header() -> None:
    header = {"rules_version": "no-such-game@1", "setup": {"mode": "dealt", "options": {"seed_sha256": "0" * 64}}}
    report = check_chance(header, [])
    assert report.dealt and [(p.line, p.version) for p in report.problems] == [(1, 0)]
    assert "no-such-game@1" in report.problems[0].message


def test_a_reported_record_has_no_chance_to_check() -> None:
    report = check_chance({"rules_version": "no-such-game@1", "setup": {"mode": "reported"}}, [])
    assert not report.dealt and report.problems == []
