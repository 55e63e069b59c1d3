"""Every game renders as its players read it, at phone (390x844) and desktop (1280x800) sizes:
the two-player Munchkin (two characters per person, 001 "MUNCHKIN FÜR ZWEI SPIELER") and monkic
(002: life points, hand, table, graveyard). A turn of each is played from the pages only, and no
page shows a raw field name, enum or card id, in German or English. Screenshots are kept
(tests/web/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from judge.cards import load_catalogue
from judge_client import JudgeClient
from tests.server.monkic_support import opened
from tests.support.judge_process import JudgeProcess
from tests.web.phone import (DESKTOP, UPDATE_TIMEOUT_MS, assert_no_raw_words, expect, launch, open_page,
                             playwright_api, shot, tap_offer, tap_plain)

MUNCHKIN_IDS = list(load_catalogue("munchkin"))


def test_two_players_two_characters_each_play_a_turn_from_the_pages(
        web_judge: JudgeProcess, screenshots: Path) -> None:
    """Seats 0 and 2 are Anna's characters, 1 and 3 Ben's: Anna's page shows both of hers on top
    and offers what each may do; she kicks open the door, drinks the potion, claims the win, and
    after the judge has closed the window she ends the turn; Ben's page follows in German."""
    created = JudgeClient(web_judge.target).create_game(
        "munchkin", seats=["Anna:female", "Ben:male", "Alma:female", "Bodo:male"], variants=["two-players"],
        interference_window_ms=8000)
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    base = f"{web_judge.web_url}#game={gid}"
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            anna = open_page(browser, f"{base}&token={tokens[0]}&seat=0")
            ben = open_page(browser, f"{base}&token={tokens[1]}&seat=1", "de-DE")
            desk = open_page(browser, f"{base}&token={tokens[0]}&seat=0", viewport=DESKTOP)
            expect(anna.get_by_test_id("me")).to_contain_text("Anna")
            expect(anna.get_by_test_id("alter")).to_contain_text("Alma")
            expect(anna.get_by_test_id("alter")).to_contain_text("Your other character")
            expect(ben.get_by_test_id("alter")).to_contain_text("Dein zweiter Charakter")
            expect(anna.locator('[data-kind="kick_door"]')).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            for name, page in (("seat-0", anna), ("seat-1", ben), ("desktop-seat-0", desk)):
                assert_no_raw_words(page, MUNCHKIN_IDS)
                shot(page, screenshots, f"01-start-{name}")
            tap_offer(anna, "kick_door", "topfpflanze")
            expect(ben.get_by_test_id("strength")).to_have_text("Spieler 1 : 1 Monster", timeout=UPDATE_TIMEOUT_MS)
            # The potion: both of Anna's characters may play it, so each variant names the character.
            tap_offer(anna, "play_card", "trank-der-idiotischen-tapferkeit", "for the players")
            expect(anna.get_by_test_id("strength")).to_have_text("Players 3 : 1 Monsters", timeout=UPDATE_TIMEOUT_MS)
            shot(anna, screenshots, "02-combat-seat-0")
            shot(desk, screenshots, "02-combat-desktop-seat-0")
            anna.get_by_test_id("claim").click()
            expect(ben.get_by_test_id("countdown")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            for page in (anna, ben):
                expect(page.get_by_test_id("combat")).to_have_count(0, timeout=UPDATE_TIMEOUT_MS)
                expect(page.get_by_test_id("level-0")).to_have_text("2")
            tap_plain(anna, "end_turn")
            expect(ben.get_by_test_id("turn")).to_have_text("Ben", timeout=UPDATE_TIMEOUT_MS)
            for name, page in (("seat-0", anna), ("seat-1", ben), ("desktop-seat-0", desk)):
                assert_no_raw_words(page, MUNCHKIN_IDS)
                shot(page, screenshots, f"03-turn-ended-{name}")
        finally:
            browser.close()


def test_a_monkic_turn_from_the_pages(web_judge: JudgeProcess, screenshots: Path) -> None:
    """002 "Erste Runde": Mia draws a card onto her table and takes one card to her hand, from her
    page, and ends her turn; Tom's page (German) shows her side of the table with her life points,
    her hand and her table, and then that it is his turn."""
    client = JudgeClient(web_judge.target)
    table, cards = opened(client)
    gid = table.game_id
    tokens = {s.seat: s.token for s in table.game.seat_tokens}
    base = f"{web_judge.web_url}#game={gid}"
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            mia = open_page(browser, f"{base}&token={tokens[0]}&seat=0")
            tom = open_page(browser, f"{base}&token={tokens[1]}&seat=1", "de-DE")
            spectator = open_page(browser, f"{base}&token={table.game.spectator_token}&role=spectator",
                                  viewport=DESKTOP)
            for page in (mia, tom, spectator):
                expect(page.get_by_test_id("life-0")).to_have_text("20")
                expect(page.get_by_test_id("table-0").locator(".chip")).to_have_count(7)
            expect(mia.locator('[data-kind="take_to_hand"]')).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
            for name, page in (("seat-0", mia), ("seat-1", tom), ("spectator-desktop", spectator)):
                assert_no_raw_words(page)
                shot(page, screenshots, f"01-start-{name}")
            tap_offer(mia, "draw", "alien")
            expect(tom.get_by_test_id("table-0").locator(".chip")).to_have_count(8, timeout=UPDATE_TIMEOUT_MS)
            tap_offer(mia, "take_to_hand", cards[0][0])  # the Drache
            expect(tom.get_by_test_id("hand-0").locator(".chip")).to_have_count(1, timeout=UPDATE_TIMEOUT_MS)
            expect(tom.get_by_test_id("hand-0")).to_contain_text("Drache")
            for name, page in (("seat-0", mia), ("seat-1", tom)):
                assert_no_raw_words(page)
                shot(page, screenshots, f"02-drawn-and-taken-{name}")
            tap_plain(mia, "end_turn")
            expect(tom.get_by_test_id("turn")).to_have_text("Tom", timeout=UPDATE_TIMEOUT_MS)
            for name, page in (("seat-0", mia), ("seat-1", tom), ("spectator-desktop", spectator)):
                assert_no_raw_words(page)
                shot(page, screenshots, f"03-turn-ended-{name}")
            assert spectator.locator("button, input, form").count() == 0
        finally:
            browser.close()
