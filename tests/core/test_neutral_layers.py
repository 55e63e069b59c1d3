"""The layers above the rules core name no game (issue: a game-neutral
judge). The engine, the registry, the application, the record, the
server, the page's bridge, the card layer, the shared package and the
client learn everything game-specific from the ruleset's interface
(declarations, ``opening_command``, ``deadline_command``, ``api_section``,
its action table, its narration and chance hooks), never from a name.
Checked on the code itself: no string in those modules, outside
docstrings, names an installed ruleset or family or is an action kind or
an effect type of one, so a branch like ``if ruleset == "munchkin"``, a
submitted ``"resolve_combat"`` or a sentence for ``"DoorKicked"`` fails
here. New rulesets are picked up from the registry without edits."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from judge.rules import chance, registry
from judge.rules.definitions import CARD_EFFECTS
from judge.rules.engine import action_table
from judge.rulesets.monkic.evolve import _APPLY as MONKIC_EFFECTS
from judge.server.families import api_section

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = [
    *sorted((ROOT / "judge" / "rules").glob("*.py")),
    *sorted((ROOT / "judge" / "server").glob("*.py")),
    *sorted((ROOT / "judge" / "domain").glob("*.py")),
    *sorted((ROOT / "judge" / "app").glob("*.py")),
    *sorted((ROOT / "judge" / "record").glob("*.py")),
    *sorted((ROOT / "judge" / "store").glob("*.py")),
    *sorted((ROOT / "judge" / "common").glob("*.py")),
    *sorted((ROOT / "judge" / "tournament").glob("*.py")),
    *sorted((ROOT / "judge" / "web").glob("*.py")),
    *sorted((ROOT / "judge" / "cards").rglob("*.py")),
    *sorted(p for p in (ROOT / "clients" / "python" / "judge_client").rglob("*.py")
            if "families" not in p.relative_to(ROOT / "clients" / "python" / "judge_client").parts),
]
"""The generic layers. The client's ``families/`` is not among them: it is the client's counterpart of the
API's per-family messages (how a family's view is printed), the one place of the client that names one."""

KNOWN = {
    ("clients/python/judge_client/cli/records.py", "resolve"):
        "the command `judge dispute resolve`, which a family's action happens to share a word with",
    ("clients/python/judge_client/cli/events.py", "resolve"):
        "the command `judge event resolve` (a table's dispute), which a family's action happens to share a word with",
    ("clients/python/judge_client/card_files.py",
     "the file is empty: write one [[card]] table per card (examples/monkic/karten.toml shows how)"):
        "the path of the example card file, which a group copies",
    ("judge/cards/schema.py", "munchkin"):
        "the card schema is the Munchkin family's and moves to it with the layer contract (issue 24, part 1)",
}
"""Words found where they name no game: (file, text) -> why."""


def game_words() -> tuple[set[str], set[str]]:
    """The names and families of every installed ruleset, and every action kind of their families and
    effect type of their rulesets."""
    names: set[str] = set()
    kinds: set[str] = set()
    for ruleset in registry.current():
        names |= {ruleset.name.lower(), ruleset.family.lower()}
        kinds |= set(action_table(ruleset.family))
        kinds |= set(getattr(ruleset, "effect_handlers", None) or ())
    # The seed's reveal is every game's and the record's (judge/rules/chance.py), not one game's; so are
    # the cards a game defines when they turn up (judge/rules/definitions.py).
    return names, (kinds | set(MONKIC_EFFECTS)) - {chance.SEED_REVEALED, *CARD_EFFECTS}


def code_strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of a module except its docstrings and lone string statements."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def words(name: str) -> set[str]:
    """The words of an identifier, by underscores and capitals (``StartupError``: start, up,
    error), and their runs joined by underscores, so a game's name matches whole words only."""
    parts = [w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]
    return {"_".join(parts[i:j]) for i in range(len(parts)) for j in range(i + 1, len(parts) + 1)}


def code_names(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.append((node.lineno, node.name))
    return out


def test_the_generic_layers_name_no_game_and_no_games_action() -> None:
    names, kinds = game_words()
    assert {"munchkin", "monkic"} <= names and {"deal", "resolve_combat", "attack", "DoorKicked", "Attacked"} <= kinds
    found = []
    for path in NEUTRAL:
        where = path.relative_to(ROOT)
        for line, text in code_strings(path):
            if (str(where), text) in KNOWN:
                continue
            if text in kinds or any(re.search(rf"\b{re.escape(n)}\b", text, re.IGNORECASE) for n in names):
                found.append(f"{where}:{line}: {text!r}")
        for line, name in code_names(path):
            if any(n.replace("-", "_") in words(name) for n in names):
                found.append(f"{where}:{line}: {name}")
    assert found == []


def test_where_a_familys_actions_are_in_the_api_is_the_rulesets_declaration() -> None:
    """Munchkin declares its actions at the root of Command.action (the API
    began with them); monkic, which declares nothing, is in its section; a
    family the API has no section for (a game installed beside the judge) sends
    FamilyAction."""
    assert api_section("munchkin") == ""
    assert api_section("monkic") == "monkic"
    assert api_section("no-such-family") == "family_action"
