"""The rules reference in docs/ is generated from the code and current; every
rule has a citation to a seed file and explanations in both languages."""

from pathlib import Path

from judge.rules.reference import render
from judge.rules.ruling import RULES

ROOT = Path(__file__).resolve().parents[2]
SEEDS = {"000_c61f154748b3a975.txt", "001_e171a9b30afd4b08.txt", "002_6f051032b31e80ba.txt",
         "003_5944831c1b2c812a.txt", "004_d45839f1d9a5a3b7.txt"}


def test_docs_rules_md_is_current():
    assert (ROOT / "docs/rules.md").read_text(encoding="utf-8") == render(), (
        "regenerate with: python -m judge.rules.reference > docs/rules.md")


def test_every_rule_is_cited_and_explained_in_german_and_english():
    render()
    assert len(RULES) > 50
    for rule_id, r in RULES.items():
        assert r.citation.source in SEEDS, rule_id
        assert r.citation.section and r.citation.quote and r.de and r.en, rule_id
        assert rule_id.count(".") >= 2, rule_id


def test_every_rule_says_when_the_action_would_be_legal():
    # Ask forecasts (issue: "also says when it would be legal, if ever in this game").
    render()
    missing = [rule_id for rule_id, r in RULES.items() if not (r.legal_when_de and r.legal_when_en)]
    assert not missing, missing


def test_every_documented_decision_names_a_test_that_exists():
    from judge.rulesets.munchkin.rules import DECISIONS

    for title, _, test in DECISIONS:
        path, _, name = test.partition("::")
        source = (ROOT / "tests/rules" / path).read_text(encoding="utf-8")
        assert f"def {name}(" in source, title
