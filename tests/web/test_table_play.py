"""Playing a game through the table page: three seats in three browser
contexts (three phones), the organizer and a spectator, in Debian's Chromium
driven by Playwright, against a real judge process serving ``--web-listen``.

Anna kicks open the door to the Topfpflanze from what her page offers; Cem
asks about a card by its name and plays it anyway (refused, with the ruling);
Anna claims the win too early and reads the ruling (in German, as her browser asks),
drinks the Trank der idiotischen Tapferkeit and claims again; every page
counts the window down until the judge closes it and resolves the combat.
Ben disputes the potion from his page and the organizer's page dismisses the
dispute; Cem disputes it again and the organizer upholds, rolling the game
back; the spectator's page follows everything without a control.
Screenshots go to the suite's results (tests/web/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.cards import load_catalogue
from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from tests.support.judge_process import JudgeProcess

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
UPDATE_TIMEOUT_MS = 30_000
"""How long a page may take to show an update: a safety net, never a measurement."""


@pytest.fixture
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no Chromium: scripts/install-test-deps installs Debian's chromium")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


def _open(browser: Any, url: str, locale: str = "en-GB") -> Any:
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale).new_page()  # a phone
    page.goto(url)
    expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    return page


def test_three_seats_play_a_combat_claim_and_dispute_through_their_pages(
        web_judge: JudgeProcess, browser: Any, screenshots: Path) -> None:
    """000 "Kampf" and "Weitere Aktionen im Kampf": a tie goes to the monster,
    so claiming at 1 against 1 is refused with its ruling; after the potion
    (+2) the claim opens the window, which closes by itself and Anna goes up
    to level 2. 000 "Streitigkeiten": a seat disputes an event, the organizer
    decides."""
    created = JudgeClient(web_judge.target).create_game(
        "munchkin", seats=["Anna:female", "Ben:male", "Cem:male"], interference_window_ms=5000)
    gid = created.game_id
    base = f"{web_judge.web_url}#game={gid}"
    tokens = {s.seat: s.token for s in created.seat_tokens}
    anna_client = JudgeClient(web_judge.target, tokens[0])
    seats = {seat: _open(browser, f"{base}&token={token}&seat={seat}", "de-DE" if seat == 0 else "en-GB")
             for seat, token in tokens.items()}
    organizer = _open(browser, f"{base}&token={created.organizer_token}")
    spectator = _open(browser, f"{base}&token={created.spectator_token}")
    everyone = {**{f"seat-{s}": p for s, p in seats.items()}, "organizer": organizer, "spectator": spectator}
    anna, ben = seats[0], seats[1]
    expect(organizer.get_by_test_id("role")).to_have_attribute("data-role", "organizer")
    expect(spectator.get_by_test_id("role")).to_have_attribute("data-role", "spectator")

    # What LegalActions offers Anna, grouped by kind (named in German, as her browser asks) and by
    # card, with the card's name and text.
    topfpflanze = load_catalogue("munchkin")["topfpflanze"]
    door = anna.locator('[data-kind="kick_door"] [data-offer="kick_door:topfpflanze"]')
    expect(door).to_contain_text(topfpflanze.name, timeout=UPDATE_TIMEOUT_MS)
    expect(door).to_contain_text(topfpflanze.text)
    assert anna.locator('[data-kind="kick_door"] summary').text_content() == (
        f"Tür eintreten ({len([a for a in anna_client.legal_actions(gid, 0).actions if a.kind == 'kick_door'])})")
    assert ben.locator('[data-kind="kick_door"]').count() == 0  # not his turn: not offered
    anna.screenshot(path=str(screenshots / "01-offers-anna.png"), full_page=True)
    anna.locator('[data-kind="kick_door"] summary').click()  # a long list opens on a tap
    door.get_by_role("button").click()
    expect(anna.get_by_test_id("done")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    kicked = anna_client.get_view(gid).view
    assert kicked.combat.players_breakdown.total == 1 and kicked.analysis.forecast.players_need == 1
    # The events in prose with the players' and cards' names, and what the game waits for, each page in
    # its browser's language (Anna's German, Ben's English).
    expect(anna.locator('[data-event="2"]')).to_contain_text(
        f"Anna tritt die Tür ein: {topfpflanze.name}", timeout=UPDATE_TIMEOUT_MS)
    expect(ben.locator('[data-event="2"]')).to_contain_text(
        f"Anna kicks open the door: {topfpflanze.name}", timeout=UPDATE_TIMEOUT_MS)
    expect(anna.get_by_test_id("waiting")).to_contain_text("Anna kämpft", timeout=UPDATE_TIMEOUT_MS)
    expect(anna.get_by_test_id("summary")).to_contain_text("Zug 1 · Kampf")
    expect(anna.get_by_test_id("combat").locator("h2")).to_contain_text("(es wird gekämpft)")
    expect(ben.get_by_test_id("waiting")).to_contain_text("Anna to fight", timeout=UPDATE_TIMEOUT_MS)
    for name, page in everyone.items():
        expect(page.get_by_test_id("strength")).to_have_text(
            "Spieler 1 : 1 Monster" if name == "seat-0" else "Players 1 : 1 Monsters", timeout=UPDATE_TIMEOUT_MS)
        # The strength breakdown (CombatView's players_breakdown, monsters_breakdown and each monster's):
        # each side's total, term by term; and the forecast with what the players still need.
        players = page.locator('[data-breakdown="players"]')
        expect(players).to_contain_text(" 1 = ")
        expect(players.locator("[data-term]")).to_have_count(len(kicked.combat.players_breakdown.terms))
        expect(page.locator('[data-breakdown="monsters"]')).to_contain_text(topfpflanze.name)
        expect(page.locator('[data-breakdown="monster:0"]')).to_contain_text(f"{topfpflanze.name} 1 = ")
        expect(page.get_by_test_id("forecast")).to_contain_text(
            "den Spielern fehlen 1" if name == "seat-0" else "the players need 1")

    # Cem asks about a card by its printed name ("may I play this now?"): the page shows the ruling
    # Ask gives, with when it would be legal; playing it anyway is refused with the same ruling.
    cem = seats[2]
    cem.get_by_test_id("any-card").locator("[data-card-input]").fill("Flammende Rüstung")
    cem.locator("[data-any-ask]").click()
    asked = JudgeClient(web_judge.target, tokens[2]).ask(gid, 2, "play_card", card="flammende-ruestung")
    assert not asked.allowed and asked.ruling.legal_when
    answer = cem.get_by_test_id("any-answer").get_by_test_id("ruling")
    expect(answer).to_have_attribute("data-rule-id", asked.ruling.rule_id, timeout=UPDATE_TIMEOUT_MS)
    expect(answer.get_by_test_id("explanation")).to_contain_text(asked.ruling.explanation_en)
    expect(answer.get_by_test_id("legal-when")).to_have_text(f"Legal when: {asked.ruling.legal_when}")
    cem.locator("[data-any-play]").click()
    refused = cem.get_by_test_id("result").get_by_test_id("ruling")
    expect(refused).to_have_attribute("data-rule-id", asked.ruling.rule_id, timeout=UPDATE_TIMEOUT_MS)
    expect(refused.get_by_test_id("legal-when")).to_have_text(f"Legal when: {asked.ruling.legal_when}")
    cem.screenshot(path=str(screenshots / "02-refused-card-cem.png"), full_page=True)

    # Claimed at a tie: refused, and Anna's (German) page shows the ruling with its citation.
    native = JudgeClient(web_judge.target, tokens[0], language="de").ask(gid, 0, "claim_victory")
    assert not native.allowed
    anna.get_by_test_id("claim").click()
    ruling = anna.get_by_test_id("result").get_by_test_id("ruling")
    expect(ruling).to_have_attribute("data-rule-id", native.ruling.rule_id, timeout=UPDATE_TIMEOUT_MS)
    expect(ruling.get_by_test_id("explanation")).to_contain_text(native.ruling.explanation_de)
    expect(ruling.get_by_test_id("citation")).to_contain_text(native.ruling.source)
    expect(ruling.get_by_test_id("citation")).to_contain_text(native.ruling.section)
    if native.ruling.legal_when:
        expect(ruling.get_by_test_id("legal-when")).to_have_text(f"Erlaubt, wenn: {native.ruling.legal_when}")
    anna.screenshot(path=str(screenshots / "02-refused-claim-anna.png"), full_page=True)
    refused_at = anna_client.get_view(gid).view.version  # a refusal records nothing

    # The potion for her side, from her offers (the variant "players"), then the claim.
    anna.locator('[data-kind="play_card"] summary').click()
    anna.locator('[data-offer="play_card:trank-der-idiotischen-tapferkeit"]').get_by_role(
        "button", name="players", exact=True).click()
    for name, page in everyone.items():
        expect(page.get_by_test_id("strength")).to_have_text(
            "Spieler 3 : 1 Monster" if name == "seat-0" else "Players 3 : 1 Monsters", timeout=UPDATE_TIMEOUT_MS)
    potion = anna_client.get_view(gid).view.version
    assert potion == refused_at + 1
    anna.get_by_test_id("claim").click()
    for name, page in everyone.items():
        expect(page.get_by_test_id("countdown")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    # The window visibly counts down: the seconds shown change on their own, without any update.
    shown = ben.get_by_test_id("countdown").text_content()
    ben.wait_for_function("shown => document.querySelector('[data-testid=countdown]')?.textContent !== shown",
                          arg=shown, timeout=UPDATE_TIMEOUT_MS)
    for name, page in everyone.items():
        page.screenshot(path=str(screenshots / f"03-window-{name}.png"), full_page=True)
    # Nobody interferes: the judge closes the window and resolves the combat; every page follows.
    for name, page in everyone.items():
        expect(page.get_by_test_id("combat")).to_have_count(0, timeout=UPDATE_TIMEOUT_MS)
        expect(page.get_by_test_id("level-0")).to_have_text("2")
    after = anna_client.get_view(gid).view
    assert after.seats[0].level == 2
    # Each seat's strength out of combat (SeatView.strength), its breakdown's terms on hover.
    for name, page in everyone.items():
        for seat in tokens:
            expect(page.get_by_test_id(f"strength-{seat}")).to_have_text(str(after.seats[seat].strength))
    assert after.seats[0].strength == after.seats[0].breakdown.total == 2

    # Ben disputes the potion from his page's list of events.
    event = ben.locator(f'[data-event="{potion}"]')
    expect(event).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    event.locator("button[data-dispute]").click()
    event.locator("[data-dispute-reason]").fill("She had no potion left")
    # Meanwhile Anna ends her turn from her page (the charity the judge offers): Ben's page follows
    # the game and keeps his dispute as typed in.
    anna.locator('[data-kind="end_turn"] button').click()
    expect(ben.get_by_test_id("turn")).to_have_text("Turn: Ben", timeout=UPDATE_TIMEOUT_MS)
    expect(event.locator("[data-dispute-reason]")).to_have_value("She had no potion left")
    event.locator("[data-dispute-send]").click()
    for name, page in everyone.items():
        dispute = page.locator('[data-dispute-id="1"]')
        expect(dispute).to_have_attribute("data-status", "open" if name != "seat-0" else "offen",
                                          timeout=UPDATE_TIMEOUT_MS)
        expect(dispute).to_contain_text("She had no potion left")
    opened = JudgeClient(web_judge.target, tokens[1]).list_disputes(gid).disputes[0]
    assert (opened.opened_by, opened.event_version, opened.status) == (1, potion, pb.DISPUTE_STATUS_OPEN)
    expect(organizer.locator('[data-dispute-id="1"] [data-resolve]')).to_be_visible()
    assert ben.locator("[data-resolve]").count() == 0  # only the organizer resolves
    # The spectator's page is read-only: no control at all.
    assert spectator.locator("button, input, form").count() == 0
    organizer.screenshot(path=str(screenshots / "04-dispute-organizer.png"), full_page=True)
    spectator.screenshot(path=str(screenshots / "04-dispute-spectator.png"), full_page=True)

    organizer.locator("[data-resolve-note]").fill("The potion was on the table")
    organizer.locator("[data-dismiss]").click()
    for name, page in everyone.items():
        dispute = page.locator('[data-dispute-id="1"]')
        expect(dispute).to_have_attribute("data-status", "dismissed" if name != "seat-0" else "abgewiesen",
                                          timeout=UPDATE_TIMEOUT_MS)
        expect(dispute).to_contain_text("The potion was on the table")
        page.screenshot(path=str(screenshots / f"05-dismissed-{name}.png"), full_page=True)
    resolved = JudgeClient(web_judge.target, created.organizer_token).list_disputes(gid).disputes[0]
    assert resolved.status == pb.DISPUTE_STATUS_DISMISSED

    # Cem disputes the same potion; this time the organizer upholds: the game goes back to the
    # state before it (1 against 1, Anna at level 1 again) and every page strikes the events through.
    event = cem.locator(f'[data-event="{potion}"]')
    event.locator("button[data-dispute]").click()
    event.locator("[data-dispute-reason]").fill("The potion came from the discard pile")
    event.locator("[data-dispute-send]").click()
    expect(organizer.locator('[data-dispute-id="2"] [data-uphold]')).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    organizer.locator('[data-dispute-id="2"] [data-uphold]').click()
    rolled_back = JudgeClient(web_judge.target, created.organizer_token)
    for name, page in everyone.items():
        expect(page.locator('[data-dispute-id="2"]')).to_have_attribute(
            "data-status", "upheld" if name != "seat-0" else "stattgegeben", timeout=UPDATE_TIMEOUT_MS)
        expect(page.get_by_test_id("level-0")).to_have_text("1")
        expect(page.get_by_test_id("strength")).to_have_text(
            "Spieler 1 : 1 Monster" if name == "seat-0" else "Players 1 : 1 Monsters")
        expect(page.locator(f'[data-event="{potion}"]')).to_have_class("voided")
        page.screenshot(path=str(screenshots / f"06-upheld-{name}.png"), full_page=True)
    view = rolled_back.get_view(gid).view
    assert view.seats[0].level == 1 and view.combat.players_strength == 1
    assert len(list(screenshots.glob("*.png"))) == 3 + 5 + 2 + 5 + 5
