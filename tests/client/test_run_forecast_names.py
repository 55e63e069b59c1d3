"""The "if they must run" table names each monster by its printed name, as the strength table does, not by
its catalogue id (issue 28: the view lists catalogue ids instead of printed names)."""

from __future__ import annotations

from rich.console import Console

from judge.v1 import position_pb2 as ppb
from judge_client.analysis_view import analysis_renderables


def _printed(lang: str) -> str:
    monster = ppb.Breakdown(subject="monster:0", context="combat", total=1, terms=[
        ppb.BreakdownTerm(label="monster level", amount=1, card="topfpflanze", card_name="Topfpflanze",
                          rule="munchkin.strength.monster-level")])
    run = ppb.RunForecast(seat=0, monster=0, card="topfpflanze", pursues=True, target=5, needs=5, escape_sixths=2,
                          rule="munchkin.forecast.run-die")
    analysis = ppb.Analysis(breakdowns=[monster], forecast=ppb.CombatForecast(
        winner="players", players=3, monsters=1, margin=2, rule="munchkin.forecast.winner", runs=[run], levels=1))
    console = Console(width=100, record=True)
    for part in analysis_renderables(analysis, lang, ["Anna", "Ben", "Cem"], width=100):
        console.print(part)
    return console.export_text()


def test_a_run_names_its_monster_by_printed_name_in_both_languages() -> None:
    for lang in ("de", "en"):
        text = _printed(lang)
        assert "0: Topfpflanze" in text, text
        assert "topfpflanze" not in text, text
