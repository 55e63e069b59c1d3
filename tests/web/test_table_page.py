"""The table page in a real browser: Chromium (Debian's, installed by
scripts/install-test-deps) driven by Playwright, against a real judge
process serving ``--web-listen``. Three seats open their links in three
browser contexts (three phones); each sees its own hand and nobody else's,
and every page follows the game live as the seats act. Screenshots are
saved with the suite's results (tests/web/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any
from pathlib import Path

import grpc
import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli
from tests.support.judge_process import JudgeProcess

playwright_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
UPDATE_TIMEOUT_MS = 30_000
"""How long a page may take to show an update: a safety net, never a measurement."""


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


def test_three_seats_follow_a_dealt_game_live(web_judge: JudgeProcess, browser, screenshots: Path) -> None:
    created = JudgeClient(web_judge.target).create_game(
        "munchkin", seats=["Anna:female", "Ben:male", "Cem:male"], mode="dealt", interference_window_ms=0)
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    clients = {seat: JudgeClient(web_judge.target, token) for seat, token in tokens.items()}
    pages = {}
    for seat, token in tokens.items():
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")  # a phone
        page = context.new_page()
        page.goto(f"{web_judge.web_url}#game={gid}&token={token}&seat={seat}")
        pages[seat] = page

    for seat, page in pages.items():
        expect = playwright_api.expect
        expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
        own = list(clients[seat].get_view(gid).view.seats[seat].hand)
        assert own, "a dealt game deals every seat a hand"
        shown = [c.get_attribute("data-card") for c in page.get_by_test_id("hand").locator(".chip[data-card]").all()]
        assert shown == own  # its own hand, as the judge shows it to this seat
        for other, other_client in clients.items():
            if other != seat:
                for card in set(other_client.get_view(gid).view.seats[other].hand) - set(own):
                    assert page.locator(f'[data-card="{card}"]').count() == 0  # nobody else's
        expect(page.get_by_test_id("turn")).to_have_text("Anna")
        page.screenshot(path=str(screenshots / f"start-seat-{seat}.png"), full_page=True)

    # A seat acts (what the judge offers first; with a Schatzbort dealt, its owner must play it
    # at once, 000 "Sonstige Karten"): every page shows the new version without a reload.
    actor = next(seat for seat in sorted(clients) if clients[seat].legal_actions(gid, seat).actions)
    offered = clients[actor].legal_actions(gid, actor).actions[0].command
    kicked = clients[actor].submit_command(gid, offered).view
    for seat, page in pages.items():
        playwright_api.expect(page.locator("#view")).to_have_attribute(
            "data-version", str(kicked.version), timeout=UPDATE_TIMEOUT_MS)
        if kicked.HasField("combat"):
            combat = kicked.combat
            playwright_api.expect(page.get_by_test_id("strength")).to_have_text(
                f"Players {combat.players_strength} : {combat.monsters_strength} Monsters")
        page.screenshot(path=str(screenshots / f"kicked-seat-{seat}.png"), full_page=True)
    # Ben asks from his page whether he may play a card of his hand the judge does not offer him
    # now (a tap on the card opens it): the page shows the ruling Ask gives, with its citation.
    ben_page = pages[1]
    offered = {a.command.play_card.card for a in clients[1].legal_actions(gid, 1).actions if a.kind == "play_card"}
    asked = next((card for card in clients[1].get_view(gid).view.seats[1].hand if card not in offered), None)
    if asked is not None:
        ben_page.get_by_test_id("hand").locator(f'[data-card="{asked}"]').first.click()
        answer = ben_page.get_by_test_id("sheet").locator("[data-answer]")
        ben_page.get_by_test_id("sheet").locator("button[data-ask]").click()
        try:
            native = clients[1].ask(gid, 1, "play_card", card=asked)
        except JudgeRpcError as malformed:  # a curse needs a victim: the page says so, as gRPC does
            assert malformed.code == grpc.StatusCode.INVALID_ARGUMENT
            playwright_api.expect(answer.get_by_test_id("error")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
        else:
            if native.allowed:
                playwright_api.expect(answer).to_have_text("Yes, now.", timeout=UPDATE_TIMEOUT_MS)
            else:
                playwright_api.expect(answer.get_by_test_id("ruling")).to_have_attribute(
                    "data-rule-id", native.ruling.rule_id, timeout=UPDATE_TIMEOUT_MS)
                playwright_api.expect(answer).to_contain_text(native.ruling.explanation)
    ben_page.screenshot(path=str(screenshots / "asked-seat-1.png"), full_page=True)
    assert clients[1].get_view(gid).view.version == kicked.version  # asking records nothing
    levels = [s.level for s in kicked.seats]
    for seat, level in enumerate(levels):
        assert pages[1].get_by_test_id(f"level-{seat}").text_content() == str(level)
    assert sorted(p.name for p in screenshots.glob("*.png")) == sorted(
        [f"start-seat-{s}.png" for s in tokens] + [f"kicked-seat-{s}.png" for s in tokens] + ["asked-seat-1.png"])
    log = web_judge.log.read_text()
    assert gid in log and not any(token in log for token in tokens.values())  # calls logged, no token


def test_the_window_counts_down_and_closes_on_every_page(web_judge: JudgeProcess, browser, screenshots: Path) -> None:
    """000 "Weitere Aktionen im Kampf": after a claimed win the others may still
    act while the window is open; the pages show it counting down, then the
    combat resolved by the judge itself (Anna kills the Topfpflanze, level 2)."""
    created = JudgeClient(web_judge.target).create_game(
        "munchkin", seats=["Anna:female", "Ben:male", "Cem:male"], interference_window_ms=5000)
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    anna = JudgeClient(web_judge.target, tokens[0])
    pages = {}
    for seat in (0, 2):
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(f"{web_judge.web_url}#game={gid}&token={tokens[seat]}&seat={seat}")
        playwright_api.expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
        pages[seat] = page

    anna.submit(gid, 0, "kick_door", card="topfpflanze")
    anna.submit(gid, 0, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")
    claimed = anna.submit(gid, 0, "claim_victory").view
    assert claimed.combat.stage == "claimed" and claimed.combat.window_closes_at_ms > 0
    for seat, page in pages.items():
        playwright_api.expect(page.get_by_test_id("strength")).to_have_text(
            f"Players {claimed.combat.players_strength} : {claimed.combat.monsters_strength} Monsters",
            timeout=UPDATE_TIMEOUT_MS)
        playwright_api.expect(page.get_by_test_id("countdown")).to_be_visible()
    # Nobody acts: the judge resolves the combat at the deadline, and the pages follow.
    for seat, page in pages.items():
        playwright_api.expect(page.get_by_test_id("combat")).to_have_count(0, timeout=UPDATE_TIMEOUT_MS)
        playwright_api.expect(page.get_by_test_id("level-0")).to_have_text("2")
        page.screenshot(path=str(screenshots / f"resolved-seat-{seat}.png"), full_page=True)
    assert anna.get_view(gid).view.seats[0].level == 2


def test_the_links_judge_new_prints_open_each_role(web_judge: JudgeProcess, browser) -> None:
    """``judge new --page URL`` prints a link per seat, the organizer and the
    spectator; the spectator's page shows the table and no hand at all."""
    out = cli(web_judge.target, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male",
              "--seat", "Cem:male", "--mode", "dealt", "--page", web_judge.web_url).stdout
    links = dict(line.split(": ", 1) for line in out.splitlines()
                 if line.startswith(("seat ", "organizer: ", "spectator: ")) and "#game=" in line)
    assert sorted(links) == ["organizer", "seat 0", "seat 1", "seat 2", "spectator"]
    spectator = browser.new_context().new_page()
    spectator.goto(links["spectator"])
    playwright_api.expect(spectator.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    playwright_api.expect(spectator.get_by_test_id("turn")).to_have_text("Anna")
    assert spectator.get_by_test_id("hand").count() == 0
    ben = browser.new_context().new_page()
    ben.goto(links["seat 1"])
    # 000 "SPIELVORBEREITUNGEN": "4 Türkarten und 4 Schatzkarten" for each player
    playwright_api.expect(ben.get_by_test_id("hand").locator(".chip")).to_have_count(8, timeout=UPDATE_TIMEOUT_MS)


def test_the_page_speaks_the_browsers_language(web_judge: JudgeProcess, browser) -> None:
    """A German browser reads the page in German, an English one in English."""
    created = JudgeClient(web_judge.target).create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"])
    link = f"{web_judge.web_url}#game={created.game_id}&token={created.spectator_token}"
    words = {}
    for locale in ("de-DE", "en-US"):
        page = browser.new_context(locale=locale).new_page()
        page.goto(link)
        playwright_api.expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
        words[locale] = (page.get_by_test_id("summary").text_content(), page.locator("html").get_attribute("lang"))
    assert words == {"de-DE": ("Zug 1 · Anfang des Zugs · Am Zug: Anna", "de"),
                     "en-US": ("turn 1 · start of the turn · Turn: Anna", "en")}


def test_the_page_asks_for_the_view_without_its_json_copies(web_judge: JudgeProcess, browser) -> None:
    """The page reads no view as JSON and no position as JSON, so it asks for answers without them (their
    ``read_mask``): at a table whose catalogue holds 300 of the group's cards, the view a phone is sent
    leaves out the two copies that carry every card, and the page still shows the game and plays on it."""
    from judge_bench.support import library_cards

    judge = JudgeClient(web_judge.target)
    created = judge.create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"], mode="dealt",
                                interference_window_ms=0, custom_cards=library_cards(300))
    gid, token = created.game_id, created.seat_tokens[0].token
    full = JudgeClient(web_judge.target, token).get_view(gid).view
    assert len(full.position_json) > 30_000 and "Bankmonster 296" in full.state_json  # the cards, twice
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    sent: list[int] = []  # each GetView answer's size as it came over the wire (gRPC-Web)

    def measured(route: Any) -> None:
        answer = route.fetch()
        sent.append(len(answer.body()))
        route.fulfill(response=answer)

    page.route("**/GetView", measured)
    page.goto(f"{web_judge.web_url}#game={gid}&token={token}&seat=0")
    playwright_api.expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    shown = [c.get_attribute("data-card") for c in page.get_by_test_id("hand").locator(".chip[data-card]").all()]
    assert shown == list(full.seats[0].hand)  # the page shows the game from the lean answers
    assert sent and all(0 < size < len(full.position_json) // 3 for size in sent)  # neither copy was sent
    context.close()


def test_the_page_reads_a_games_history_in_batches(web_judge: JudgeProcess, browser) -> None:
    """A phone opened on a game already under way loads its history with a batched Replay (``max_batch``):
    the drawer lists every stored event, each told as the unbatched Replay tells it to that seat."""
    judge = JudgeClient(web_judge.target)
    created = judge.create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"],
                                interference_window_ms=0)
    gid = created.game_id
    anna = JudgeClient(web_judge.target, created.seat_tokens[0].token)
    ben = JudgeClient(web_judge.target, created.seat_tokens[1].token)
    anna.submit(gid, 0, "kick_door", card="elf")
    anna.submit(gid, 0, "play_card", card="elf")
    told = [step.event.summary for step in ben.replay(gid, read_mask=["event"])]
    assert len(told) == 3
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{web_judge.web_url}#game={gid}&token={created.seat_tokens[1].token}&seat=1")
    playwright_api.expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    button = page.get_by_test_id("history-button")
    playwright_api.expect(button).to_contain_text(f"({len(told)})", timeout=UPDATE_TIMEOUT_MS)
    button.click()
    playwright_api.expect(page.get_by_test_id("events").locator("li")).to_have_count(len(told))
    context.close()
