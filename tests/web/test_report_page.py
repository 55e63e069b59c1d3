"""The organizer's report in a real browser (issue 15, section 3 "The organizer's report"):
``judge report`` writes the page of a real game played against a judge process, Chromium
(Debian's, driven by Playwright) opens it from the file with the network cut off, a screenshot
is saved with the suite's results (tests/web/conftest.py), and the key numbers are read from the
rendered page and compared with the game's.

The game is that of 000 "Gewonnen!": Anna (level 1) plays the Trank der idiotischen Tapferkeit
(+2) against the Topfpflanze (level 1), claims the win at 3 to 1 and reaches level 2; Ben's
dispute of the resolution is dismissed by the organizer."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge_client import JudgeClient
from tests.e2e.conftest import cli
from tests.server.support import SAFETY_TIMEOUT_S
from tests.support.judge_process import JudgeProcess

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)


@pytest.fixture
def browser() -> Iterator[object]:
    if CHROMIUM is None:
        pytest.skip("no Chromium: scripts/install-test-deps installs Debian's chromium")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


def _play(target: str) -> tuple[str, str, JudgeClient]:
    """A short game with a claimed win and a dismissed dispute; the game id, the organizer's
    token and the organizer's client."""
    lobby = JudgeClient(target)
    game = lobby.create_game("munchkin", ["Anna:female", "Ben:male", "Cem:male"], interference_window_ms=1)
    anna, ben = (lobby.with_token(s.token) for s in game.seat_tokens[:2])
    organizer = lobby.with_token(game.organizer_token)
    gid = game.game_id
    anna.submit(gid, 0, "kick_door", card="Topfpflanze")
    anna.submit(gid, 0, "play_card", card="Trank der idiotischen Tapferkeit", side="players")
    claimed = anna.submit(gid, 0, "claim_victory")
    with organizer.watch(gid, after_version=claimed.version, timeout=SAFETY_TIMEOUT_S) as stream:
        assert next(stream).event.action == "resolve_combat"  # the judge resolved it when the window closed
    dispute = ben.open_dispute(gid, 1, claimed.version + 1, "I had a card to play").dispute
    organizer.resolve_dispute(gid, dispute.dispute_id, False, "too late")
    return gid, game.organizer_token, organizer


def test_the_report_page_shows_the_games_numbers(web_judge: JudgeProcess, browser, screenshots: Path,
                                                  tmp_path: Path) -> None:
    """000 "Gewonnen!": the page shows Anna's and Ben's levels, Anna's 3 to 1 at her claim, the
    intact chain and the clean audit, as the game and the judge have them."""
    gid, organizer_token, organizer = _play(web_judge.target)
    final = organizer.get_view(gid).view
    page_file = tmp_path / "report.html"
    key = cli(web_judge.target, "key", "--hex").stdout.strip()
    written = cli(web_judge.target, "report", gid, "--out", str(page_file), "--key", key, token=organizer_token)
    assert "chain intact, audit clean" in written.stdout

    context = browser.new_context(viewport={"width": 1024, "height": 900}, locale="en-GB", offline=True)
    try:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri())
        page.screenshot(path=str(screenshots / "report.png"), full_page=True)

        assert all(url.startswith("file:") for url in requests)  # self-contained: nothing else loaded
        assert page.locator("#verification").inner_text() == "hash chain, receipts and seal: intact"
        assert page.locator("#verification").get_attribute("class") == "ok"
        assert page.locator("#audit").inner_text().endswith("re-judged: clean")

        # Each player's level as the chart draws it (its last point) against the game's view.
        for seat in final.seats:
            line = page.locator(f'svg.levels polyline[data-seat="{seat.seat}"]')
            assert int(line.get_attribute("data-final-level") or "0") == seat.level
            assert page.locator("svg.levels text", has_text=f"{seat.name}: {seat.level}").count() == 1
        assert [s.level for s in final.seats] == [2, 1, 1]

        # The winner's strength at the claimed win: one row, Anna, 3 to 1 against the Topfpflanze.
        rows = page.locator("#claims tr").all()[1:]
        assert len(rows) == 1
        cells = [c.inner_text() for c in rows[0].locator("td").all()]
        assert cells[1] == "Anna"
        assert int(rows[0].locator("td.players").inner_text()) == 3
        assert rows[0].locator("td.monsters").inner_text() == "1 (Topfpflanze)"

        # The timeline turn by turn up to the game's last version, and the dismissed dispute.
        assert page.locator("h3", has_text="Turn 1").count() == 1
        versions = [int(v) for v in page.locator("h3 + .wide table tr td:first-child").all_inner_texts()]
        assert versions == list(range(1, final.version + 1))
        dispute = [c.inner_text() for c in page.locator("#disputes tr").all()[1].locator("td").all()]
        assert (dispute[1], int(dispute[2]), dispute[5]) == ("Ben", 5, "dismissed – too late")
        assert dispute[4] == "legal: the rules give the recorded effects"  # the judge's re-check of event 5
        assert page.locator("#rulings").count() == 1  # the rulings table (no refusal is stored in a record)
    finally:
        context.close()

    # The page in German for a German organizer: the same numbers, the verdicts in German.
    german = tmp_path / "bericht.html"
    cli(web_judge.target, "report", gid, "--out", str(german), "--key", key, "--lang", "de", token=organizer_token)
    context = browser.new_context(viewport={"width": 1024, "height": 900}, locale="de-DE", offline=True)
    try:
        page = context.new_page()
        page.goto(german.as_uri())
        page.screenshot(path=str(screenshots / "bericht.png"), full_page=True)
        assert page.locator("#verification").inner_text() == "Hash-Kette, Quittungen und Siegel: unversehrt"
        assert page.locator("#audit").inner_text().endswith("ohne Befund")
        assert page.locator("h3", has_text="Zug 1").count() == 1
        assert int(page.locator("#claims td.players").inner_text()) == 3
        assert page.locator("svg.levels text", has_text="Anna: 2").count() == 1
        dispute = [c.inner_text() for c in page.locator("#disputes tr").all()[1].locator("td").all()]
        assert dispute[4:] == ["zulässig: die Regeln ergeben die aufgezeichneten Wirkungen", "abgewiesen – too late"]
    finally:
        context.close()

    # On a phone (390 px wide): the outcome comes first, and nothing is wider than the screen.
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", offline=True,
                                  device_scale_factor=2, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(german.as_uri())
        page.screenshot(path=str(screenshots / "bericht-phone.png"), full_page=True)
        outcome = page.locator("#outcome")
        assert outcome.inner_text().startswith("das Spiel läuft noch")
        assert outcome.bounding_box()["y"] < page.locator("#verification").bounding_box()["y"]  # type: ignore[index]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator("svg.levels").bounding_box()["width"] <= 390  # type: ignore[index]
    finally:
        context.close()
