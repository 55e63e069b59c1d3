"""A Munchkin game with Star and Babys cards (the Mixer, a reported table) played from the pages
of three phones (390x844), the organizer's (on a desktop, 1280x800) and a spectator's, in Debian's Chromium driven by
Playwright against a real judge process serving ``--web-listen``.

Anna (a German browser) kicks open the door to the Topfpflanze from her page, claims too early
and reads the ruling, drinks the Trank der idiotischen Tapferkeit and claims again; while the
window counts down on every page, Ben's page shows right under the countdown the cards he may
play into the fight, and he plays the Babys' Haggis-Püree for the players with two taps (the
card, then its side). The judge closes the window and Anna goes up a level; she ends her turn
from her page. Ben disputes the potion from the history drawer; the organizer's page shows the
dispute in its queue, with the disputed event and the judge's re-check, and upholds it: every
page shows the game rolled back. No page shows a raw field name, enum or card id, in either
language. Screenshots of each step are kept (tests/web/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge.cards import load_catalogue
from judge_client import JudgeClient
from tests.support.judge_process import JudgeProcess
from tests.web.phone import (DESKTOP, UPDATE_TIMEOUT_MS, assert_no_raw_words, expect, launch, open_page, playwright_api,
                             shot, tap_offer, tap_plain)


WINDOW_MS = 30_000
"""Long enough for Ben's page to act inside the window while five pages are photographed on a slow,
shared machine (the judge closes it by itself afterwards)."""


def test_a_mixer_turn_the_window_and_a_dispute_from_the_pages(web_judge: JudgeProcess, screenshots: Path) -> None:
    """000 "Kampf": a tie goes to the monster, so the claim at 1 : 1 is refused; 000 "Weitere
    Aktionen im Kampf": while the window is open the others may still play one-shots into the
    fight; 000 "Streitigkeiten": a seat disputes an event, the organizer decides."""
    created = JudgeClient(web_judge.target).create_game(
        "mixer", seats=["Anna:female", "Ben:male", "Cem:male"], interference_window_ms=WINDOW_MS)
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    anna_client = JudgeClient(web_judge.target, tokens[0])
    ids = list(load_catalogue("munchkin")) + ["haggis-purree", "biergasgranate", "topfpflanze"]
    base = f"{web_judge.web_url}#game={gid}"
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            seats = {seat: open_page(browser, f"{base}&token={token}&seat={seat}", "de-DE" if seat == 0 else "en-GB")
                     for seat, token in tokens.items()}
            organizer = open_page(browser, f"{base}&token={created.organizer_token}&role=organizer", viewport=DESKTOP)
            spectator = open_page(browser, f"{base}&token={created.spectator_token}&role=spectator", "de-DE")
            everyone: dict[str, Any] = {**{f"seat-{s}": pg for s, pg in seats.items()},
                                        "organizer": organizer, "spectator": spectator}
            anna, ben = seats[0], seats[1]
            expect(organizer.get_by_test_id("role")).to_have_attribute("data-role", "organizer")
            expect(spectator.get_by_test_id("role")).to_have_attribute("data-role", "spectator")
            expect(anna.locator('[data-kind="kick_door"]')).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            for name, page in everyone.items():
                assert_no_raw_words(page, ids)
                shot(page, screenshots, f"01-start-{name}")

            # Anna kicks open the door from her page: the kind's list, the card found by its name, one tap.
            tap_offer(anna, "kick_door", "topfpflanze")
            for name, page in everyone.items():
                expect(page.get_by_test_id("strength")).to_have_text(
                    "Spieler 1 : 1 Monster" if name in ("seat-0", "spectator") else "Players 1 : 1 Monsters",
                    timeout=UPDATE_TIMEOUT_MS)
            expect(anna.get_by_test_id("waiting")).to_contain_text("Anna kämpft")
            expect(anna.get_by_test_id("forecast")).to_contain_text("Den Spielern fehlen 1")
            expect(ben.get_by_test_id("forecast")).to_contain_text("The players need 1")
            expect(anna.locator('[data-breakdown="monster:0"]')).to_contain_text("Topfpflanze 1 = ")
            shot(anna, screenshots, "02-combat-seat-0")

            # Claimed at a tie: refused, with the ruling in German and its citation.
            native = JudgeClient(web_judge.target, tokens[0], language="de").ask(gid, 0, "claim_victory")
            assert not native.allowed
            anna.get_by_test_id("claim").click()
            ruling = anna.get_by_test_id("result").get_by_test_id("ruling")
            expect(ruling).to_have_attribute("data-rule-id", native.ruling.rule_id, timeout=UPDATE_TIMEOUT_MS)
            expect(ruling.get_by_test_id("explanation")).to_contain_text(native.ruling.explanation_de)
            expect(ruling.get_by_test_id("citation")).to_contain_text(native.ruling.section)
            shot(anna, screenshots, "03-refused-claim-seat-0")

            # The potion for her side, in German words ("für die Spieler"), then the claim.
            tap_offer(anna, "play_card", "trank-der-idiotischen-tapferkeit", "für die Spieler")
            expect(ben.get_by_test_id("strength")).to_have_text("Players 3 : 1 Monsters", timeout=UPDATE_TIMEOUT_MS)
            potion = anna_client.get_view(gid).view.version
            anna.get_by_test_id("claim").click()
            for name, page in everyone.items():
                expect(page.get_by_test_id("countdown")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            # Right under the countdown: the cards Ben may play into this fight (a reported table:
            # every card that fits, so he names it first), one tap for the card, one for its side.
            cards = ben.get_by_test_id("window-cards")
            expect(cards.locator("[data-window-search]")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            cards.locator("[data-window-search]").fill("Haggis")
            for name, page in everyone.items():
                assert_no_raw_words(page, ids)
                shot(page, screenshots, f"04-window-{name}")
            cards.locator('[data-window-card="haggis-purree"]').click()
            cards.locator('[data-window-card="haggis-purree"]').locator("xpath=..").locator(
                'button[data-variant="for the players"]').click()
            expect(ben.get_by_test_id("done")).to_contain_text("Haggis-Püree", timeout=UPDATE_TIMEOUT_MS)
            expect(anna.get_by_test_id("strength")).to_have_text("Spieler 6 : 1 Monster", timeout=UPDATE_TIMEOUT_MS)
            shot(ben, screenshots, "05-played-into-window-seat-1")
            # A card played into the window withdraws the claim (000 "Weitere Aktionen im Kampf"): Anna
            # claims again; nobody else acts: the judge closes the window and resolves the combat.
            expect(anna.get_by_test_id("claim")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            anna.get_by_test_id("claim").click()
            expect(ben.get_by_test_id("countdown")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            for name, page in everyone.items():
                expect(page.get_by_test_id("combat")).to_have_count(0, timeout=WINDOW_MS + UPDATE_TIMEOUT_MS)
                expect(page.get_by_test_id("level-0")).to_have_text("2")
            assert anna_client.get_view(gid).view.seats[0].level == 2

            # Anna ends her turn from her page.
            tap_plain(anna, "end_turn")
            expect(ben.get_by_test_id("turn")).to_have_text("Ben", timeout=UPDATE_TIMEOUT_MS)
            for name, page in everyone.items():
                shot(page, screenshots, f"06-turn-ended-{name}")

            # Ben disputes the potion from the history drawer: the event, then Dispute, then why.
            ben.get_by_test_id("history-button").click()
            event = ben.locator(f'[data-testid=drawer] [data-event="{potion}"]')
            expect(event).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            assert ben.locator("[data-testid=drawer] button[data-dispute]").count() == 0  # not after every line
            event.click()
            event.locator("button[data-dispute]").click()
            event.locator("[data-dispute-reason]").fill("She had no potion left")
            shot(ben, screenshots, "07-dispute-from-history-seat-1")
            event.locator("[data-dispute-send]").click()
            queued = organizer.locator('[data-dispute-id="1"]')
            expect(queued).to_have_attribute("data-status", "open", timeout=UPDATE_TIMEOUT_MS)
            expect(queued).to_contain_text("She had no potion left")
            expect(queued.get_by_test_id("disputed-event")).to_contain_text("Trank der idiotischen Tapferkeit")
            expect(queued.get_by_test_id("recheck")).to_be_visible()
            expect(organizer.locator("#disputes h2")).to_contain_text("Disputes to decide (1)")
            assert ben.locator("[data-resolve]").count() == 0  # only the organizer resolves
            assert spectator.locator("button, input, form").count() == 0  # the spectator: no control at all
            for name, page in everyone.items():
                assert_no_raw_words(page, ids)
                shot(page, screenshots, f"08-dispute-{name}")

            # The organizer upholds: the game goes back to before the potion, every page follows.
            organizer.locator('[data-dispute-id="1"] [data-resolve-note]').fill("The potion was gone")
            organizer.locator('[data-dispute-id="1"] [data-uphold]').click()
            for name, page in everyone.items():
                expect(page.locator('[data-dispute-id="1"]')).to_have_attribute(
                    "data-status", "stattgegeben" if name in ("seat-0", "spectator") else "upheld",
                    timeout=UPDATE_TIMEOUT_MS)
                expect(page.get_by_test_id("level-0")).to_have_text("1")
                expect(page.get_by_test_id("strength")).to_have_text(
                    "Spieler 1 : 1 Monster" if name in ("seat-0", "spectator") else "Players 1 : 1 Monsters")
                shot(page, screenshots, f"09-upheld-{name}")
            expect(ben.get_by_test_id("drawer")).to_be_visible()  # still open since the dispute
            struck = ben.locator(f'[data-testid=drawer] [data-event="{potion}"]')
            expect(struck).to_have_class(re.compile(r"\bvoided\b"))
            view = anna_client.get_view(gid).view
            assert view.seats[0].level == 1 and view.combat.players_strength == 1
        finally:
            browser.close()
