"""Cards by printed name (issue 15, section 2; docs/cards.md "Finding a card"): every way of
writing a printed name or id finds the card; names go to ids in every card field of an action,
nested ones included; anything else is left for the rules to refuse."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.cards import load_catalogue
from judge.cards.names import key, resolve, suggestions, unknown_card_message, with_card_ids
from judge.rulesets.munchkin import actions as A

CARDS = load_catalogue("munchkin")


def test_umlauts_case_and_punctuation_do_not_matter() -> None:
    for written in ("Göttliche Intervention", "GOETTLICHE-INTERVENTION", "gottliche intervention",
                    "goettliche-intervention"):
        assert resolve(CARDS, written) == "goettliche-intervention", written
    assert key("Straße") == key("strasse")


@given(st.sampled_from(sorted(CARDS)), st.sampled_from([str.upper, str.lower, str.title, str.casefold]))
def test_every_printed_name_finds_its_card_in_any_case(card_id: str, case: object) -> None:
    name = CARDS[card_id].name
    same = [c for c in CARDS if key(CARDS[c].name) == key(name)]
    if len(same) == 1:
        assert resolve(CARDS, case(name)) == card_id  # type: ignore[operator]


def test_names_go_to_ids_in_every_card_field() -> None:
    end = A.EndTurn(gifts=(A.CharityGift(to_seat=1, cards=("Topfpflanze",)),), discard=("göttliche intervention",))
    fixed = with_card_ids(end, CARDS)
    assert fixed.gifts[0].cards == ("topfpflanze",)
    assert fixed.discard == ("goettliche-intervention",)
    help_ = with_card_ids(A.AskForHelp(helper=1, bribe=A.Bribe(items=("TOPFPFLANZE",))), CARDS)
    assert help_.bribe.items == ("topfpflanze",)
    play = with_card_ids(A.PlayCard(card="Topfpflanze", side="players"), CARDS)
    assert (play.card, play.side) == ("topfpflanze", "players")  # only card fields change


def test_a_typo_is_kept_and_gets_the_closest_ids() -> None:
    assert with_card_ids(A.KickDoor(card="topfplanze"), CARDS).card == "topfplanze"
    assert suggestions(CARDS, "topfplanze")[0] == "topfpflanze"
    assert "did you mean topfpflanze" in unknown_card_message(CARDS, "topfplanze")
    assert "judge cards" in unknown_card_message(CARDS, "zzzzzzzzzzzzzzzzz")
