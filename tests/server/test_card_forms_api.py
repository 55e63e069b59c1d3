"""How a client's form defines a card that turns up unknown (ListRulesets ``card_forms``, docs/web.md):
the kinds, the common ones first, each with the printed numbers it asks for in the caller's language,
over a real server; and every definition such a form can build is one the judge takes (a property over
the fields' values)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judge.rules import registry
from judge.rulesets.munchkin.card_forms import FORMS, KindForm
from judge_client import JudgeClient
from tests.server.support import open_table


def _forms(client: JudgeClient, ruleset: str) -> list[Any]:
    [info] = [r for r in client.list_rulesets().rulesets if r.name == ruleset]
    return list(info.card_forms)


def test_the_forms_of_the_base_game_in_german_and_english(client: JudgeClient) -> None:
    german = JudgeClient(client.target, language="de")
    for ruleset in ("munchkin", "babys", "star"):
        forms = _forms(client, ruleset)
        assert [f.kind for f in forms][:4] == ["monster", "curse", "item", "one_shot"]
        [info] = [r for r in client.list_rulesets().rulesets if r.name == ruleset]
        assert {f.kind for f in forms} <= set(info.card_kinds)
    en, de = _forms(client, "munchkin"), _forms(german, "munchkin")
    monster_en, monster_de = en[0], de[0]
    assert (monster_en.label, monster_de.label) == ("Monster", "Monster")
    assert [(f.path, f.label, f.type, f.initial_json, f.required) for f in monster_de.fields] == [
        ("level", "Stufe", "int", "1", True), ("treasures", "Schätze", "int", "1", True),
        ("levels", "Stufen für den Sieg", "int", "1", False),
        ("bad_stuff.lose_levels", "Schlimme Dinge: Stufen verlieren", "int", "0", False),
        ("undead", "Untot", "bool", "false", False)]
    assert monster_de.fields[0].minimum == 1 and not monster_de.fields[4].HasField("minimum")
    assert json.loads(monster_de.base_json) == {"deck": "door", "bad_stuff": {}}
    item = next(f for f in de if f.kind == "item")
    assert item.label == "Gegenstand" and json.loads(item.base_json) == {"deck": "treasure"}
    slot = next(f for f in item.fields if f.path == "slot")
    assert [(c.value, c.label) for c in slot.choices][:2] == [("", "kein Platz"), ("headgear", "Kopfbedeckung")]
    assert [f.label for f in de if not f.common][:2] == ["Verstärker für Verstärker", "Kumpel"]
    assert all(f.common for f in de[:10]) and not any(f.common for f in de[10:])
    # monkic takes no definitions from this form.
    assert _forms(client, "monkic") == []


def _definition(form: KindForm, values: dict[str, Any]) -> dict[str, Any]:
    card: dict[str, Any] = {"id": "erfundene-karte", "name": "Erfundene Karte", "kind": form.kind,
                            **json.loads(json.dumps(form.base_definition))}
    for path, value in values.items():
        *parents, last = path.split(".")
        at = card
        for key in parents:
            at = at.setdefault(key, {})
        at[last] = value
    return card


def _value(field: Any) -> st.SearchStrategy[Any]:
    if field.type == "int":
        return st.integers(min_value=-20 if field.minimum is None else field.minimum, max_value=50)
    if field.type == "bool":
        return st.booleans()
    return st.sampled_from([value for value, _ in field.choices])


@st.composite
def _filled(draw: st.DrawFn) -> tuple[KindForm, dict[str, Any]]:
    form = draw(st.sampled_from(FORMS))
    return form, {f.path: draw(_value(f)) for f in form.fields}


@settings(max_examples=200, deadline=None)
@given(_filled())
def test_every_definition_a_form_builds_is_one_the_judge_takes(filled: tuple[KindForm, dict[str, Any]]) -> None:
    form, values = filled
    ruleset: Any = registry.get("munchkin")
    assert ruleset.library_entry(_definition(form, values)) == "erfundene-karte"


def test_a_monster_as_the_form_builds_it_is_defined_when_it_turns_up(client: JudgeClient) -> None:
    """Two taps and a number: the monster's form at its initial values with the level typed."""
    monster = FORMS[0]
    card = _definition(monster, {f.path: (7 if f.path == "level" else 1) for f in monster.fields if f.required})
    table = open_table(client)
    kicked = table.seats[0].submit(table.game_id, 0, "kick_door", card="Erfundene Karte", define=[card])
    assert kicked.view.combat.monsters_strength == 7
