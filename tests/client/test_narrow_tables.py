"""Tables stay readable in an 80-column terminal (issue 28, "Narrow terminals"): rendered with rich's
Console(width=80), no line is wider than the terminal and no text column is wrapped one word a line;
where the columns do not fit side by side the text folds under the row (judge_client/fitted.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from judge.v1 import cards_pb2 as cpb
from judge.v1 import judge_pb2 as pb
from judge.v1 import position_pb2 as ppb
from judge_client.analysis_view import analysis_renderables
from judge_client.fitted import Column, fits, fitted_table
from judge_client.legal_groups import WayWords, group_actions, legal_table
from judge_client.table_text import cards_table

SEATS = ["Anna", "Ben", "Cem"]
NAMES = {"fluch-verliere-eine-stufe": "Fluch! Verliere eine Stufe",
         "trank-der-idiotischen-tapferkeit": "Trank der idiotischen Tapferkeit", "dieb": "Dieb"}
TEXTS = {"fluch-verliere-eine-stufe": "Verliere 1 Stufe.",
         "trank-der-idiotischen-tapferkeit": "Im Kampf einsetzen. +2 für eine Seite. Nur einmal einsetzbar.",
         "dieb": "In den Rücken fallen: Lege eine Karte ab, ein Spieler im Kampf bekommt -2 (einmal pro Opfer "
                 "und Kampf). Stehlen: Lege eine Karte ab und würfle; ab 4 stiehlst du einen kleinen Gegenstand, "
                 "sonst verlierst du eine Stufe. Nicht im Kampf."}


def rendered(*renderables: object, width: int = 80) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return console.export_text().splitlines()


def towers(lines: list[str]) -> list[str]:
    """Runs of three or more table lines whose last cell holds a single word: a text column wrapped one
    word a line."""
    found, run = [], 0
    for line in lines:
        cells = [c.strip() for c in line.strip("│").split("│")] if line.startswith("│") else []
        last = cells[-1] if cells else ""
        run = run + 1 if last and len(last.split()) == 1 and len(last) < 20 else 0
        if run == 3:
            found.append(line)
    return found


def _legal(kind: str, **fields: object) -> pb.LegalAction:
    command = pb.Command(seat=0)
    getattr(command, kind).SetInParent()
    for name, value in fields.items():
        setattr(getattr(command, kind), name, value)
    return pb.LegalAction(kind=kind, command=command, description="Concede the combat: run away from every monster.")


def test_judge_legal_folds_what_a_card_does_under_it_at_80_columns() -> None:
    actions = [_legal("give_up"), _legal("ask_for_help", helper=1), _legal("ask_for_help", helper=2)]
    actions += [_legal("play_card", card="fluch-verliere-eine-stufe", target_seat=i) for i in range(3)]
    actions += [_legal("play_card", card="trank-der-idiotischen-tapferkeit", side=s)
                for s in (pb.SIDE_PLAYERS, pb.SIDE_MONSTERS)]
    actions += [_legal("play_card", card="dieb")]
    for lang in ("en", "de"):
        groups = group_actions(actions, WayWords(lang, SEATS, NAMES))
        lines = rendered(legal_table(groups, lang, NAMES, TEXTS, width=80))
        assert max(map(len, lines)) <= 80
        assert not towers(lines), "\n".join(lines)
        text = "\n".join(lines)
        assert "Trank der idiotischen Tapferkeit" in text and "trank-der-idiotischen-tapferkeit" in text
        # The card's text reads a line at a time, not a word: under the card, after what it is.
        assert "Im Kampf einsetzen. +2 für eine Seite." in text
    # Wide enough, the four columns stand side by side as before.
    wide = rendered(legal_table(group_actions(actions, WayWords("en", SEATS, NAMES)), "en", NAMES, TEXTS,
                                width=200), width=200)
    assert any("what it does" in w for w in wide)
    assert any("│ Trank der idiotischen Tapferkeit" in w and "for the players" in w for w in wide)


def test_judge_cards_at_80_columns() -> None:
    cards = [cpb.CardInfo(id=cid, name=name, kind="one_shot", set="munchkin", text=TEXTS[cid], bonus=2, value=100)
             for cid, name in NAMES.items()]
    for lang in ("en", "de"):
        lines = rendered(cards_table(cards, lang, width=80))
        assert max(map(len, lines)) <= 80 and not towers(lines), "\n".join(lines)
        assert "trank-der-idiotischen-tapferkeit" in "\n".join(lines)  # ids whole


def test_strength_and_forecast_at_80_columns() -> None:
    term = ppb.BreakdownTerm
    players = ppb.Breakdown(subject="players", context="combat", total=10, terms=[
        term(label="level", amount=5, rule="munchkin.strength.level"),
        term(label="item", amount=2, card="flammende-ruestung", card_name="Flammende Rüstung",
             rule="munchkin.strength.item"),
        term(label="help", amount=3, owner="seat:1", rule="munchkin.strength.help")])
    treasures = ppb.Breakdown(total=7, terms=[
        term(label="printed", amount=5, card="plutoniumdrache", card_name="Plutoniumdrache"),
        term(label="extra", amount=2, card="uralt", card_name="Uralt")])
    run = ppb.RunForecast(seat=0, monster=0, card="plutoniumdrache", pursues=True, needs=5, escape_sixths=2,
                          rule="munchkin.forecast.run-die")
    forecast = ppb.CombatForecast(winner="monsters", players=10, monsters=30, margin=-20,
                                  rule="munchkin.forecast.winner", players_need=20, levels=2, treasures=treasures,
                                  runs=[run])
    analysis = ppb.Analysis(breakdowns=[players], forecast=forecast)
    for lang in ("en", "de"):
        lines = rendered(*analysis_renderables(analysis, lang, SEATS, width=80))
        assert max(map(len, lines)) <= 80 and not towers(lines), "\n".join(lines)
    german = "\n".join(rendered(*analysis_renderables(analysis, "de", SEATS, width=160), width=160))
    assert "10 = Stufe 5 + Flammende Rüstung 2 + Hilfe (Ben) 3" in german
    assert "ein Sieg bringt 7 Schätze (7 = Plutoniumdrache 5 + Uralt 2) und 2 Stufen" in german


def test_a_table_that_fits_stays_side_by_side_and_one_that_does_not_folds() -> None:
    columns = [Column("seat"), Column("name"), Column("text", wraps=True)]
    short = [["0", "Anna", "a few words"]]
    assert fits(columns, short, 80)
    header = rendered(fitted_table(columns, short, width=80))[1]
    assert header.split() == ["┃", "seat", "┃", "name", "┃", "text", "┃"]
    many = [Column(f"column {i}") for i in range(12)]
    rows = [[f"value {i}" for i in range(12)]]
    lines = rendered(fitted_table(many, rows, width=80, keep=1))
    assert not fits(many, rows, 80) and max(map(len, lines)) <= 80
    assert any("column 11: value 11" in line for line in lines)


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöü", min_size=1, max_size=10)


@settings(max_examples=60, deadline=None)
@given(headers=st.lists(st.sampled_from(["seat", "name", "level", "items", "hand", "text", "choices"]),
                        min_size=2, max_size=7, unique=True),
       cells=st.lists(st.lists(st.lists(WORDS, min_size=1, max_size=12), min_size=7, max_size=7), min_size=1,
                      max_size=4),
       width=st.integers(min_value=60, max_value=120))
def test_a_fitted_table_never_runs_past_the_terminal(headers: list[str],
                                                                       cells: list[list[list[str]]],
                                                                       width: int) -> None:
    """Whatever the rows, side by side or folded: no line wider than the console, and every row's first
    cell (its number or name) shown whole."""
    columns = [Column(h, wraps=i > 0) for i, h in enumerate(headers)]
    rows = [[" ".join(words[:2] if i == 0 else words) for i, words in enumerate(row[:len(headers)])]
            for row in cells]
    lines = rendered(fitted_table(columns, rows, width=width), width=width)
    assert max(map(len, lines)) <= width
    text = "\n".join(lines)
    for row in rows:
        assert row[0] in text
