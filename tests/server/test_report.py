"""The organizer's report (issue 15, section 3 "The organizer's report"): from a real game's
exported record, one self-contained page with the verification and audit results, the timeline
in prose with names, the level chart (inline SVG), the strength at the claimed win, and the
dispute with its outcome. The numbers are the game's: Anna (level 1, +2 from the Trank der
idiotischen Tapferkeit) claims the win against the Topfpflanze (level 1) at 3 to 1 and reaches
level 2 (000 "Gewonnen!")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from judge_client import JudgeClient
from judge_client.report import read_report, render
from tests.server.support import SAFETY_TIMEOUT_S, open_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "position"


def _played(client: JudgeClient) -> str:
    table = open_table(client, interference_window_ms=1)
    anna, ben = table.seats[0], table.seats[1]
    anna.submit(table.game_id, 0, "kick_door", card="Topfpflanze")
    anna.submit(table.game_id, 0, "play_card", card="Trank der idiotischen Tapferkeit", side="players")
    claimed = anna.submit(table.game_id, 0, "claim_victory")
    with table.spectator.watch(table.game_id, after_version=claimed.version, timeout=SAFETY_TIMEOUT_S) as stream:
        assert next(stream).event.action == "resolve_combat"  # the judge resolved it when the window closed
    dispute = ben.open_dispute(table.game_id, 1, 5, "I had a card to play").dispute
    table.organizer.resolve_dispute(table.game_id, dispute.dispute_id, False, "too late")
    return table.organizer.export_game(table.game_id).record


def test_the_report_shows_the_games_numbers(client: JudgeClient) -> None:
    data = read_report(_played(client), "de")
    assert data.verified and data.audit_clean and data.events_checked >= 7
    [claim] = data.claims
    assert (claim.version, data.seats[claim.seat], claim.players, claim.monsters, claim.monster_cards) == (
        4, "Anna", 3, 1, ["Topfpflanze"])
    assert data.levels[0][-1][1] == 2 and data.levels[1][-1][1] == 1
    told = [text for _, rows in data.turns for _, _, text, _ in rows]
    assert "Anna tötet Topfpflanze und steigt auf Stufe 2" in "\n".join(told)
    [dispute] = data.disputes
    assert (dispute["seat"], dispute["event"], dispute["outcome"], dispute["note"]) == ("Ben", 5, "abgewiesen",
                                                                                       "too late")


def test_the_page_is_self_contained(client: JudgeClient) -> None:
    page = render(read_report(_played(client), "en"), "en")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    assert not re.search(r"(src|href)=", page)  # nothing loaded from anywhere
    assert 'data-final-level="2"' in page
    assert "hash chain, receipts and seal: intact" in page
    assert re.search(r"<td class=players>3</td><td class=monsters>1 \(Topfpflanze\)</td>", page)


def test_a_claim_with_no_window_shows_the_combat_it_won(client: JudgeClient) -> None:
    """With a 0 ms interference window the claim and the combat's end are one command: the claimed win
    still shows the combat as the claim found it (3 to 1 against the Topfpflanze, 000 "Gewonnen!"), and
    the page begins with the outcome so far."""
    table = open_table(client, interference_window_ms=0)
    anna = table.seats[0]
    anna.submit(table.game_id, 0, "kick_door", card="Topfpflanze")
    anna.submit(table.game_id, 0, "play_card", card="Trank der idiotischen Tapferkeit", side="players")
    anna.submit(table.game_id, 0, "claim_victory")
    data = read_report(table.organizer.export_game(table.game_id).record, "de")
    [claim] = data.claims
    assert (claim.players, claim.monsters, claim.monster_cards) == (3, 1, ["Topfpflanze"])
    assert not data.finished and data.outcome
    page = render(data, "de")
    assert page.index('id="outcome"') < page.index("<h2>")
    assert "das Spiel läuft noch; als Nächstes:" in page


def test_a_game_from_a_position_starts_at_its_turn_and_levels(client: JudgeClient) -> None:
    """The hand-written position of docs/position (turn 7; Anna level 5, Ben 3, Cem 4) is where the report's
    story and level chart begin, not level 1 on turn 1."""
    position = json.loads((DOCS / "anna-vs-plutoniumdrache.json").read_text(encoding="utf-8"))
    created = client.create_game_from_position(position)
    organizer = client.with_token(created.organizer_token)
    data = read_report(organizer.export_game(created.game_id).record, "en")
    assert [points[0][1] for _, points in sorted(data.levels.items())] == [5, 3, 4]
    assert [turn for turn, _ in data.turns] == [7]
    assert "<h3>Turn 7</h3>" in render(data, "en")
