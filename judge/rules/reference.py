"""The rules reference: every rule id with its citation and explanation,
generated from the code (``python -m judge.rules.reference > docs/rules.md``)."""

from __future__ import annotations

import sys

from judge.rules import registry
from judge.rules.ruling import RULES


def render() -> str:
    installed = registry.current()  # loading a ruleset registers its rules
    lines = [
        "# Rules reference",
        "",
        "Generated from the code by `python -m judge.rules.reference`; do not edit by hand.",
        "Every rejection the judge gives names one of these rule ids. Explanations may contain",
        "placeholders (`{card}` ...) that a concrete ruling fills in.",
        "",
    ]
    area = None
    for rule_id in sorted(RULES):
        r = RULES[rule_id]
        head = ".".join(rule_id.split(".")[:2])
        if head != area:
            area = head
            lines += [f"## {area}", ""]
        c = r.citation
        lines += [
            f"### `{rule_id}`",
            "",
            f"- Source: `{c.source}`, section \u201e{c.section}\u201c",
            f"- Quote: \u201e{c.quote}\u201c",
            f"- DE: {r.de}",
            f"- EN: {r.en}",
        ]
        if r.legal_when_en:
            lines += [f"- Legal when: {r.legal_when_en} / {r.legal_when_de}"]
        lines.append("")
    lines += ["## Decisions where the rule texts are open", ""]
    decisions: list[tuple[str, str, str]] = []
    for ruleset in installed:  # each ruleset's ``decisions``: (title, text, test)
        decisions += [d for d in getattr(ruleset, "decisions", ()) if d not in decisions]
    for title, text, test in decisions:
        lines += [f"### {title}", "", text, "", f"Test: `tests/rules/{test}`", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.stdout.write(render())
