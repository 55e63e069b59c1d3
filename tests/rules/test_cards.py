"""The card catalogue: shipped files load, malformed cards fail precisely."""

import json

import pytest

from judge.cards import CardError, load_catalogue, load_file, parse_card


def test_shipped_catalogue_has_the_cards_the_rules_name():
    cat = load_catalogue("munchkin")
    slime = cat["sabbernder-schleim"]
    assert [(b.against, b.amount) for b in slime.bonuses] == [(("race:elf",), 4)]
    assert cat["plutoniumdrache"].will_not_pursue_max_level == 5
    shield = cat["ganzkoerper-schild"]  # printed: +4, warriors only, 1 hand, big, 600 gold
    assert (shield.bonus, shield.usable_by, shield.slot, shield.big, shield.value) == (
        4, ("class:krieger",), "1hand", True, 600)
    # The numbers the card texts print: "(mindestens Stufe 1)", "+1; +3 für Elfen", "alle Gegenstände".
    assert (cat["baby"].bonus, cat["baby"].min_monster_level, cat["baby"].extra_treasures) == (-5, 1, -1)
    assert [(b.trait, b.bonus) for b in cat["gehoernter-helm"].bonus_for] == [("race:elf", 3)]
    assert cat["koenig-tut"].bad_stuff.lose_item == "all"
    assert cat["kumpel"].kind == "mate"
    assert all(c.set == "munchkin" for c in cat.values())
    assert all(c.set == "babys" for c in load_catalogue("babys").values())
    for cid in ("elf", "zwerg", "halbling", "krieger", "zauberer", "dieb", "priester", "super-munchkin",
                "halb-blut", "schatzbort", "goettliche-intervention", "wanderndes-monster",
                "geschlechtsumwandlung", "huhn-auf-deinem-kopf", "flammende-ruestung"):
        assert cid in cat


@pytest.mark.parametrize(
    "card, field",
    [
        ({"id": "x", "name": "X", "deck": "door", "kind": "monster", "bad_stuff": {}}, "level"),
        ({"id": "x", "name": "X", "deck": "cellar", "kind": "item"}, "deck"),
        ({"id": "x", "name": "X", "deck": "door", "kind": "dragon"}, "kind"),
        ({"id": "x", "name": "X", "deck": "treasure", "kind": "item", "bonus": "3"}, "bonus"),
        ({"id": "x", "name": "X", "deck": "treasure", "kind": "item", "colour": 1}, "colour"),
        ({"id": "x y", "name": "X", "deck": "treasure", "kind": "item"}, "id"),
        ({"id": "x", "name": "X", "deck": "door", "kind": "curse", "curse": {"explode": True}}, "curse.explode"),
        ({"id": "x", "name": "X", "deck": "door", "kind": "monster", "level": 3, "bad_stuff": {},
          "bonuses": [{"against": "elf", "amount": 2}]}, "bonuses[0].against"),
        ({"id": "x", "name": "X", "deck": "treasure", "kind": "item", "slot": "tail"}, "slot"),
        ({"id": "x", "name": "X", "deck": "treasure", "kind": "item",
          "bonus_for": [{"trait": "elf", "bonus": 3}]}, "bonus_for[0].trait"),
        ({"id": "x", "name": "X", "deck": "door", "kind": "monster_enhancer", "min_monster_level": -1},
         "min_monster_level"),
        ({"id": "x", "name": "X", "deck": "door", "kind": "curse", "curse": {"lose_item": "soul"}}, "curse.lose_item"),
    ],
)
def test_malformed_card_names_card_and_field(card, field):
    with pytest.raises(CardError) as info:
        parse_card(card, "custom.toml")
    assert (info.value.origin, info.value.card, info.value.field) == ("custom.toml", card["id"], field)


def test_malformed_file_names_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[card]]\nid = "ok"\nname = "Ok"\ndeck = "door"\nkind = "race"\n'
                   '[[card]]\nid = "ok"\nname = "Twice"\ndeck = "door"\nkind = "race"\n')
    with pytest.raises(CardError, match=r"bad\.toml: card 'ok': field 'id': duplicate id"):
        load_file(bad)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(CardError, match="broken.json"):
        load_file(broken)


def test_custom_cards_extend_but_never_replace():
    cat = load_catalogue("munchkin")
    mine = {"id": "hausregel-drache", "name": "Hausdrache", "deck": "door", "kind": "monster", "level": 7,
            "treasures": 2, "bad_stuff": {"lose_levels": 3}}
    assert cat.with_custom([mine])["hausregel-drache"].bad_stuff.lose_levels == 3
    with pytest.raises(CardError):
        cat.with_custom([{**mine, "id": "elf"}])
    json.dumps(cat["plutoniumdrache"].to_dict())
