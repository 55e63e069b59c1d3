"""monkic rulings: every rejection is a monkic.* rule citing 002 with a
verbatim German quote from the cited section; the remaining rule ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.rules.ruling import RULES, SEED_002
from judge.rulesets.monkic import rules as _rules  # noqa: F401  (registers the rule ids)
from tests.rules.monkic.harness import A, Table
from tests.support.seeds import seed_text

HEADINGS = ("Vorbereitung", "Spielfeld", "Start", "Erste Runde", "Karten(Extra)", "XXL Drache", "Pings",
            "Zweite Runde", "Angriff und Verteidigung", "Ende einer Runde", "Karten", "Spezial Karten",
            "SuperPower", "Elemente")
MONKIC = sorted(r for r in RULES if r.startswith("monkic."))


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


def _sections(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    current = ""
    for line in text.splitlines():
        if line.strip() in HEADINGS:
            current = line.strip()
            out.setdefault(current, "")
        elif current:
            out[current] += line + "\n"
    return {k: _norm(v) for k, v in out.items()}


@pytest.mark.usefixtures("seeds")
def test_every_monkic_quote_is_verbatim_from_its_section_of_002():
    sections = _sections(seed_text(SEED_002))
    for rule_id in MONKIC:
        c = RULES[rule_id].citation
        assert c.source == SEED_002 and c.section in sections, rule_id
        for fragment in c.quote.split(" ... "):
            assert _norm(fragment) in sections[c.section], rule_id


def test_every_monkic_rule_id_is_held_by_a_test():
    source = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    assert [r for r in MONKIC if f'"{r}"' not in source] == []


def test_a_ruling_carries_citation_explanations_and_when_it_would_be_legal():
    t = Table()
    t.at_round(1)
    golem = t.put(0, "hand", "golem")
    ruling = t.rejects("monkic.attack.first-round", 0, A.Attack(card=golem, dice=(1,))).ruling.to_dict()
    assert ruling["source"] == SEED_002 and ruling["section"] == "Start"
    assert ruling["quote"] == "Die erste Runde darf kein Spieler angreifen."
    assert ruling["explanation_de"] and ruling["explanation_en"] and ruling["legal_when_en"]


def test_vorbereitung_nothing_before_both_opening_reports_and_no_second_report():
    t = Table()
    t.rejects("monkic.opening.pending", 0, A.Draw(card="golem"))
    seven = ("golem",) * 3 + ("drache",) * 3 + ("hexe",)
    t.do(0, A.ReportOpening(cards=seven))
    t.rejects("monkic.opening.done", 0, A.ReportOpening(cards=seven))
    t.rejects("monkic.opening.pending", 1, A.EndTurn())


def test_resolve_when_nothing_waits_is_refused():
    t = Table()
    t.at_round(2)
    t.rejects("monkic.pending.nothing", 0, A.Resolve(dice=(1,)))


def test_vorbereitung_a_reported_draw_needs_a_copy_left_in_the_sets():
    t = Table(options={"sets": 2})
    t.at_round(1)
    t.state.stack.remove("hexe")
    t.state.stack.remove("hexe")
    t.rejects("monkic.draw.none-left", 0, A.Draw(card="hexe"))
    t.malformed("draw.card", 0, A.Draw(card="einhorn"))


def test_attack_curse_takes_at_most_two_jokers():
    t = Table()
    t.at_round(2)
    c = t.put(0, "table", "attack")
    jokers = tuple(t.put(0, "table", j) for j in ("joker", "joker-kind", "joker-dame"))
    t.rejects("monkic.curse.attack-jokers", 0, A.PlayCurse(card=c, sacrifice=jokers))


def test_psycho_takes_one_card_from_the_opponents_hand_only():
    t = Table()
    t.at_round(2)
    ps = t.put(0, "table", "psycho")
    on_table = t.put(1, "table", "drache")
    t.rejects("monkic.curse.psycho-hand-card", 0, A.PlayCurse(card=ps, targets=(on_table,)))


def test_curses_without_choices_take_no_targets_or_sacrifice():
    t = Table()
    t.at_round(2)
    heil, golem = t.put(0, "table", "heilung"), t.put(1, "hand", "golem")
    t.rejects("monkic.curse.no-targets", 0, A.PlayCurse(card=heil, targets=(golem,)))


def test_exchange_needs_an_xxl_card_left():
    t = Table(variants=("extra",), options={"sets": 2})
    t.at_round(2)
    sp = t.put(0, "table", "superpower")
    t.state.xxl = [c for c in t.state.xxl if c != "pings"]
    t.rejects("monkic.exchange.none-left", 0, A.Exchange(card=sp, xxl="pings"))


def test_legal_actions_at_a_reported_table_are_each_accepted_by_decide():
    t = Table()
    t.at_round(2)
    golem, drache = t.put(0, "hand", "golem"), t.put(0, "table", "drache")
    t.put(0, "table", "heilung")
    t.put(1, "hand", "roboter")
    legal = t.legal(0)
    kinds = {a.kind for a in legal}
    assert {"attack", "take_to_hand", "play_curse", "draw", "end_turn"} <= kinds
    assert A.TakeToHand(card=drache) in legal and t.legal(1) == []
    attack = next(a for a in legal if a.kind == "attack")
    assert attack.card == golem and len(attack.dice) == 1 and len(attack.defence_dice) == 1


def test_monkic_actions_decode_from_their_own_family_table():
    from judge.rules.engine import Action, Command, action_table

    table = action_table("monkic")
    assert table["attack"] is A.Attack and table["end_turn"] is A.EndTurn
    data = A.Attack(card="c1", targets=("c2",), dice=(3,), defence_dice=(4,)).to_dict()
    assert Action.from_dict(data, "monkic") == A.Attack(card="c1", targets=("c2",), dice=(3,), defence_dice=(4,))
    cmd = Command(0, A.PlayCurse(card="c3", sacrifice=("c4",)))
    assert Command.from_dict(cmd.to_dict(), "monkic") == cmd


def test_the_judge_deals_only_a_dealt_table_and_only_once():
    t = Table()
    t.malformed("action", None, A.Deal())
    t.malformed("seat", None, A.EndTurn())


def test_every_monkic_decision_names_a_test_that_exists():
    from judge.rulesets.monkic.decisions import DECISIONS

    rules_dir = Path(__file__).resolve().parents[1]
    for title, _, test in DECISIONS:
        path, _, name = test.partition("::")
        assert f"def {name}(" in (rules_dir / path).read_text(encoding="utf-8"), title


def test_malformed_fields_are_named_and_change_nothing():
    t = Table()
    t.at_round(2)
    golem, drache = t.put(0, "hand", "golem"), t.put(1, "hand", "drache")
    t.malformed("attack.card", 0, A.Attack(card="c999", targets=(drache,), dice=(1,), defence_dice=(1,)))
    t.malformed("attack.targets[0]", 0, A.Attack(card=golem, targets=("x",), dice=(1,), defence_dice=(1,)))
    t.malformed("attack.place", 0, A.Attack(card=golem, targets=(drache,), dice=(1,), defence_dice=(1,),
                                            place="pocket"))
    t.malformed("attack.extra", 0, A.Attack(card=golem, targets=(drache,), dice=(1,), defence_dice=(1,),
                                            extra=drache))
    t.malformed("seat", 2, A.EndTurn())
    trap = t.put(0, "table", "dornenfalle")
    t.malformed("destroy_trap.card", 0, A.DestroyTrap(card=trap, sacrifice=()))
    assert t.log == []
