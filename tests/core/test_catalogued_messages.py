"""Every sentence a malformed action, a malformed position or set-up, a record's reading and an audit
put before a person comes from the message catalogues (issue 28, "Readable everywhere"): no such error
is raised with a plain English string, and what the audit finds is said in German under German.

The catalogues' completeness itself (every marked message translated, every ``.mo`` compiled) is
checked by tests/client/test_reading_text.py through scripts/compile_messages.py."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from judge.record import audit_record, read_record
from judge.record.audit import Discrepancy
from judge.rules.ruling import Malformed
from judge.rulesets.munchkin.actions import KickDoor, SellItems
from judge.server.convert import discrepancy_to_proto
from tests.domain.domain_support import act, new_game, record_text

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("judge",)
"""Where the rules, the rulesets, the record, the audit, the application and the server say what is wrong
(the generated code aside)."""

MESSAGE_ARGUMENT = {"Malformed": 1, "InvalidArgument": 1, "RecordError": 2, "RecordProblem": 2,
                    "JsonBoundsError": 0, "report": 2, "Judgement": 1, "IntegrityProblem": 2, "ChanceProblem": 2,
                    "CardError": 3, "ResourceExhausted": 0, "Unauthenticated": 0, "PermissionDenied": 0,
                    "Unavailable": 0, "HeldReceipt": 2, "add": 1}
"""The calls whose argument (by position) is a sentence a person reads, and which one it is (``add``: a
request's field violation, judge/server/convert.py's ``Violations``). (A corrupt
record's words, ``CorruptRecord``, are the operator's: they stay as the log and ``judge check`` write them.)"""

RETURNED = ("judge/rules/chance_walk.py", "judge/rulesets/munchkin/chance_check.py",
            "judge/rulesets/monkic/chance_check.py")
"""Where a problem is returned, not raised: a chance walk says why a dealt record does not follow from its
seed ("" when nothing is wrong)."""


def _plain(node: ast.expr) -> bool:
    """A string written out in the code: a literal, an f-string, or a sum of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _plain(node.left) or _plain(node.right)
    return False


def plain_messages(source: str, name: str = "<source>") -> list[str]:
    """``file:line`` of each call in ``source`` that passes a person's sentence as a plain string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        index = MESSAGE_ARGUMENT.get(called)
        if index is not None and index < len(node.args) and _plain(node.args[index]):
            found.append(f"{name}:{node.lineno}")
        found += [f"{name}:{node.lineno}" for k in node.keywords
                  if called == "Discrepancy" and k.arg == "detail" and _plain(k.value)]
    return found


def _files() -> list[Path]:
    out: list[Path] = []
    for part in CHECKED:
        path = ROOT / part
        out += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [p for p in out if "v1" not in p.relative_to(ROOT).parts]


def test_a_chance_walk_returns_its_problems_as_catalogue_messages() -> None:
    found = [f"{path}:{node.lineno}" for path in RETURNED
             for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8")))
             if isinstance(node, ast.Return) and node.value is not None and _plain(node.value)
             and not (isinstance(node.value, ast.Constant) and node.value.value == "")]
    assert found == []


def test_the_scan_finds_a_plain_english_message() -> None:
    source = ('raise Malformed("position.turn", "turns count from 1")\n'
              'raise InvalidArgument(field, f"unknown set {n!r}")\n'
              'self.report(v, MALFORMED, "line " + str(n))\n'
              'found.append(Discrepancy(version=v, kind=STATE, detail="differs"))\n'
              'raise Malformed("position.turn", _said(N_("turns count from 1")))\n')
    assert plain_messages(source) == ["<source>:1", "<source>:2", "<source>:3", "<source>:4"]


def test_no_message_of_the_judge_is_plain_english() -> None:
    """A malformed action's, position's or request's words, a record's reading problem and an audit's
    discrepancy are catalogue messages (``N_`` with ``said``/``_said``), so a German reader reads them in German."""
    found = [hit for path in _files()
             for hit in plain_messages(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == []


def _tampered() -> str:
    """A record whose sale was moved into the combat that follows it (000 "Verkaufen": not in a combat)."""
    game = new_game()
    act(game, "sell", 0, SellItems(cards=("gehoernter-helm", "kettensaege")))
    act(game, "kick", 0, KickDoor(card="lahmer-goblin"))
    header, created, sale, kick = [json.loads(line) for line in record_text(game).splitlines()]
    kick["version"], sale["version"] = 2, 3
    header["events"] = 4
    return "".join(json.dumps(o) + "\n" for o in (header, created, kick, sale)) + "not json\n"


def test_an_audits_discrepancies_are_said_in_german_and_english() -> None:
    report = audit_record(read_record(_tampered()))
    by_kind = {d.kind: d for d in report.discrepancies}
    rejected, malformed = by_kind["rejected"], by_kind["malformed"]
    assert rejected.ruling is not None
    german = discrepancy_to_proto(rejected, "de").detail
    assert german == ("Zeile 4: die Regeln lehnen diesen Befehl ab (munchkin.sell.not-during-combat): "
                      + rejected.ruling.explanation("de"))
    assert discrepancy_to_proto(rejected, "en").detail == str(rejected.detail)
    assert str(rejected.detail).startswith("line 4: the rules reject this command (munchkin.sell.not-during-combat)")
    assert discrepancy_to_proto(malformed, "de").detail.startswith("Zeile 5: line: kein gültiges JSON: ")
    assert str(malformed.detail).startswith("line 5: line: not valid JSON: ")


def test_the_event_count_takes_its_plural_in_both_languages() -> None:
    game = new_game()
    act(game, "sell", 0, SellItems(cards=("gehoernter-helm", "kettensaege")))
    header, *rest = [json.loads(line) for line in record_text(game).splitlines()]  # two events
    for announced, de, en in ((1, "kündigt 1 Ereignis an", "announces 1 event,"),
                              (3, "kündigt 3 Ereignisse an", "announces 3 events,")):
        text = "".join(json.dumps(o) + "\n" for o in ({**header, "events": announced}, *rest))
        [d] = [d for d in audit_record(read_record(text)).discrepancies if "events" in d.detail]
        assert de in discrepancy_to_proto(d, "de").detail and en in d.detail


def test_a_detail_written_by_hand_is_shown_as_it_is() -> None:
    """A discrepancy made outside the audit (plain text) still reaches the reader unchanged."""
    assert discrepancy_to_proto(Discrepancy(1, "state", "as written"), "de").detail == "as written"


def test_a_malformed_munchkin_action_keeps_its_field_and_says_its_words_in_german() -> None:
    from judge.common.i18n import in_lang

    game = new_game()
    try:
        act(game, "kick", 0, KickDoor(card="kettensaege"))
    except Malformed as e:
        assert e.field == "kick_door.card"
        assert in_lang(e.message, "de") == "kettensaege ist keine Türkarte"
        assert in_lang(e.message, "en") == "kettensaege is not a door card"
    else:
        raise AssertionError("a treasure card kicked as the door was accepted")
