"""The window one tap away, where the judge knows the hands: a Mixer game loaded from a position
(docs/position.md) in which every hand is known. When Anna claims the win from her page, Ben's page
shows right under the countdown exactly the cards of his hand he may play into the fight (the
Biergasgranate and the Haggis-Püree, from LegalActions), each a tap, its side the second tap;
Cem's page says that nothing of his fits. Screenshots of each step are kept."""

from __future__ import annotations

from pathlib import Path

from judge.cards import load_catalogue
from judge_client import JudgeClient
from tests.support.judge_process import JudgeProcess
from tests.web.phone import (UPDATE_TIMEOUT_MS, assert_no_raw_words, expect, launch, open_page, playwright_api,
                             shot, tap_offer)

POSITION = {
    "format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "mixer",
    "options": {"interference_window_ms": 60_000},  # Ben acts inside it on a slow machine
    "seats": [{"name": "Anna", "sex": "female", "level": 3, "hand": ["topfpflanze"]},
              {"name": "Ben", "sex": "male", "hand": ["haggis-purree", "biergasgranate", "netztroll"]},
              {"name": "Cem", "sex": "male", "hand": ["flammende-ruestung"]}],
}


def test_the_window_shows_only_the_cards_each_seat_may_play_into_it(
        web_judge: JudgeProcess, screenshots: Path) -> None:
    created = JudgeClient(web_judge.target).create_game_from_position(POSITION)
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    ids = list(load_catalogue("munchkin")) + ["haggis-purree", "biergasgranate"]
    base = f"{web_judge.web_url}#game={gid}"
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            anna, ben, cem = (open_page(browser, f"{base}&token={tokens[s]}&seat={s}", "de-DE" if s == 2 else "en-GB")
                              for s in (0, 1, 2))
            # Ben taps a card of his hand: its text, and whether he may play it now (Ask).
            ben.get_by_test_id("hand").locator('[data-card="netztroll"]').click()
            sheet = ben.get_by_test_id("sheet")
            expect(sheet).to_contain_text(load_catalogue("munchkin")["netztroll"].text)
            sheet.locator("button[data-ask]").click()
            expect(sheet.get_by_test_id("ruling")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            assert_no_raw_words(ben, ids)
            shot(ben, screenshots, "01-card-sheet-seat-1")
            sheet.locator("[data-close]").first.click()
            # Anna kicks open the door with the Topfpflanze from her hand (a tap on it, then the action).
            tap_offer(anna, "kick_door", "topfpflanze")
            expect(anna.get_by_test_id("claim")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            shot(anna, screenshots, "02-combat-seat-0")
            anna.get_by_test_id("claim").click()
            window = ben.get_by_test_id("window-cards")
            expect(window.locator("[data-window-card]")).to_have_count(2, timeout=UPDATE_TIMEOUT_MS)
            assert sorted(c.get_attribute("data-window-card") for c in window.locator("[data-window-card]").all()) == [
                "biergasgranate", "haggis-purree"]
            expect(cem.get_by_test_id("window-cards")).to_contain_text("Gerade passt keine deiner Karten",
                                                                      timeout=UPDATE_TIMEOUT_MS)
            for name, page in (("seat-0", anna), ("seat-1", ben), ("seat-2", cem)):
                assert_no_raw_words(page, ids)
                shot(page, screenshots, f"03-window-{name}")
            # One tap on the card, the second for its side: the monsters.
            window.locator('[data-window-card="biergasgranate"]').click()
            window.locator('button[data-variant="for the monsters"]').click()
            expect(anna.get_by_test_id("strength")).to_have_text("Players 3 : 3 Monsters", timeout=UPDATE_TIMEOUT_MS)
            expect(ben.get_by_test_id("done")).to_contain_text("Biergasgranate")
            shot(ben, screenshots, "04-played-seat-1")
        finally:
            browser.close()
