"""An event's live board in a real browser (docs/events.md, "The board"): Chromium driven by
Playwright against a real judge process serving ``--web-listen``. An event of six Munchkin players
at two tables: the organizer's board (German, desktop), the spectators' board on a TV and on a
phone follow both tables live while their seats play over gRPC; a dispute opened at one table
reaches the organizer's queue and is upheld from the board (the table rolls back); time called
brings the standings after the round, and the next round replaces the tables, without a reload. On
SQLite and PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest

from judge.app.compose import migrate
from judge_client import JudgeClient
from tests.e2e.conftest import cli
from tests.rules.monkic.harness import values
from tests.support.judge_process import JudgeProcess, start_judge_process
from tests.web.phone import DESKTOP, PHONE, UPDATE_TIMEOUT_MS, assert_no_raw_words, expect, launch, open_page, shot

playwright_api = pytest.importorskip("playwright.sync_api")

TV = {"width": 1920, "height": 1080}
PLAYERS = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz")


@pytest.fixture
def event_judge(storage: Any, tmp_path: Path) -> Iterator[JudgeProcess]:
    """A judge process serving the pages, on each backend (SQLite and PostgreSQL)."""
    if storage.is_postgres:
        migrate(storage)  # a PostgreSQL judge starts on a migrated schema (judge migrate)
    srv = start_judge_process(tmp_path / "judge.sqlite3", tmp_path / "server.log", "--web-listen", "127.0.0.1:0",
                              storage=storage)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        chromium = launch(p)
        try:
            yield chromium
        finally:
            chromium.close()


def _seat_client(target: str, event_id: str, player_token: str) -> tuple[JudgeClient, str, int]:
    """The player's current table through their one event token (MyTable): a client with the seat's
    token, the game and the seat."""
    mine = JudgeClient(target, player_token).my_table(event_id)
    return JudgeClient(target, mine.seat_token), mine.game_id, mine.seat


def _table(page: Any, number: int) -> Any:
    return page.locator(f'#tables [data-table="{number}"]')


def test_the_board_follows_every_table_and_resolves_a_dispute(event_judge: JudgeProcess, browser: Any,
                                                              screenshots: Path) -> None:
    web_judge = event_judge
    client = JudgeClient(web_judge.target)
    # A long window (60 s) so the board shows it running while the test looks, without timing anything.
    created = client.create_event("Freitagsturnier", "munchkin", table_sizes=(3, 3), rounds=2,
                                  options={"interference_window_ms": 60_000})
    event_id = created.event_id
    organizer = client.with_token(created.organizer_token)
    player_tokens = {name: organizer.register_player(event_id, name, {"sex": "female" if n % 2 else "male"})
                     for n, name in enumerate(PLAYERS)}
    first = organizer.start_round(event_id)
    assert [len(t.players) for t in first.tables] == [3, 3]

    board = f"{web_judge.web_url}board#event={event_id}"
    org = open_page(browser, f"{board}&token={created.organizer_token}&role=organizer", "de-DE", DESKTOP)
    tv = open_page(browser, f"{board}&token={created.spectator_token}", "en-GB", TV)  # role found by the judge
    phone = open_page(browser, f"{board}&token={created.spectator_token}&role=spectator", "de-DE", PHONE)
    pages = (org, tv, phone)
    # The organizer's token leaves the address bar at once; the spectators' pages have no queue.
    assert created.organizer_token not in org.evaluate("location.href")
    expect(org.get_by_test_id("role")).to_have_attribute("data-role", "organizer")
    expect(tv.get_by_test_id("role")).to_have_attribute("data-role", "spectator")
    for page in (tv, phone):
        assert page.get_by_test_id("queue-section").count() == 0
    expect(org.get_by_test_id("queue-empty")).to_have_text("Kein offener Einspruch.")
    for page in pages:
        expect(page.locator("#tables .board-table")).to_have_count(2)
        for table in first.tables:
            for name in table.players:
                expect(_table(page, table.table).locator(f'[data-player="{name}"]')).to_have_count(1)
    expect(tv.get_by_test_id("round")).to_have_text("Round 1 of 2 · 2 tables")
    expect(org.get_by_test_id("round")).to_have_text("Runde 1 von 2 · 2 Tische")
    for name, page in (("start-organizer", org), ("start-tv", tv), ("start-phone", phone)):
        assert_no_raw_words(page)
        shot(page, screenshots, name)

    # Table 1: its first seat kicks open the door (a reported table: the seat says which card).
    one = first.tables[0]
    kicker, game_one, seat = _seat_client(web_judge.target, event_id, player_tokens[one.players[0]])
    assert seat == 0
    kicked = kicker.submit(game_one, 0, "kick_door", card="topfpflanze").view
    # Table 2: its first seat fights the Topfpflanze with a potion and claims the win; the window runs.
    two = first.tables[1]
    fighter, game_two, _ = _seat_client(web_judge.target, event_id, player_tokens[two.players[0]])
    fighter.submit(game_two, 0, "kick_door", card="topfpflanze")
    fighter.submit(game_two, 0, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")
    claimed = fighter.submit(game_two, 0, "claim_victory").view
    assert claimed.combat.window_closes_at_ms > 0
    for page in pages:
        expect(_table(page, 1)).to_have_attribute("data-version", str(kicked.version), timeout=UPDATE_TIMEOUT_MS)
        expect(_table(page, 2)).to_have_attribute("data-version", str(claimed.version), timeout=UPDATE_TIMEOUT_MS)
        expect(_table(page, 2).get_by_test_id("window")).to_be_visible()
        expect(_table(page, 1).locator(f'[data-player="{one.players[0]}"]').get_by_test_id("turn")).to_have_count(1)
    expect(_table(tv, 2).get_by_test_id("window")).to_contain_text("Window closes in")
    expect(_table(org, 2).get_by_test_id("window")).to_contain_text("Fenster schließt in")
    expect(_table(tv, 1).get_by_test_id("events")).to_have_text(f"{kicked.version} events")
    for name, page in (("played-organizer", org), ("played-tv", tv), ("played-phone", phone)):
        assert_no_raw_words(page)
        shot(page, screenshots, name)

    # The second seat at table 1 disputes the kick: the board counts it, the organizer's queue shows it.
    disputer, _, disputer_seat = _seat_client(web_judge.target, event_id, player_tokens[one.players[1]])
    assert disputer_seat == 1
    disputer.open_dispute(game_one, 1, kicked.version, "Die Tür war schon offen")
    for page in pages:
        expect(_table(page, 1).get_by_test_id("open-disputes")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    expect(_table(phone, 1).get_by_test_id("open-disputes")).to_have_text("1 offener Einspruch")
    item = org.locator('[data-testid=queue] li[data-table="1"]')
    expect(item).to_have_count(1, timeout=UPDATE_TIMEOUT_MS)
    expect(item.locator(".who")).to_have_text(f"{one.players[1]} erhebt Einspruch gegen Ereignis {kicked.version}")
    expect(item.locator(".reason")).to_have_text("„Die Tür war schon offen“")
    # What was disputed, in the organizer's language, as the table's history tells it (the judge's summary).
    told = JudgeClient(web_judge.target, created.organizer_token, language="de").event_disputes(event_id)[0]
    assert told.event_summary and "Topfpflanze" in told.event_summary
    expect(item.get_by_test_id("disputed-event")).to_have_text(told.event_summary)
    for page in (tv, phone):
        assert page.locator("button").count() == 0  # the spectators' board has no control at all
    for name, page in (("dispute-organizer", org), ("dispute-phone", phone)):
        assert_no_raw_words(page)
        shot(page, screenshots, name)

    # The organizer upholds it from the board: table 1 rolls back to before the kick.
    item.locator("[data-resolve-note]").fill("Bestätigt: die Tür stand offen")
    item.locator("button[data-uphold]").click()
    expect(org.get_by_test_id("queue-empty")).to_be_visible(timeout=UPDATE_TIMEOUT_MS)
    expect(org.get_by_test_id("done")).to_contain_text("Stattgegeben · Tisch 1")
    [resolved] = organizer.event_disputes(event_id, include_resolved=True)
    assert (resolved.status, resolved.note, resolved.table) == ("upheld", "Bestätigt: die Tür stand offen", 1)
    after = kicker.get_view(game_one).view
    assert after.version > kicked.version and after.phase == "start"  # the kick is undone, nothing deleted
    for page in pages:
        expect(_table(page, 1)).to_have_attribute("data-version", str(after.version), timeout=UPDATE_TIMEOUT_MS)
        expect(_table(page, 1).get_by_test_id("open-disputes")).to_have_count(0)
    # Where everyone is equal nobody leads; a level up (000 "Stufe aufsteigen") puts the first seat ahead.
    expect(_table(tv, 1).get_by_test_id("leader")).to_have_count(0)
    levelled = kicker.submit(game_one, 0, "play_card", card="1000-goldstuecke").view
    assert levelled.seats[0].level == 2
    for page in pages:
        leader = _table(page, 1).locator(f'[data-player="{one.players[0]}"]')
        expect(leader.get_by_test_id("leader")).to_have_count(1, timeout=UPDATE_TIMEOUT_MS)
        expect(leader.get_by_test_id("score")).to_have_text("2")
        expect(_table(page, 1).get_by_test_id("leader")).to_have_count(1)
    expect(_table(tv, 1).locator(".score small").first).to_have_text("Level")
    expect(_table(org, 1).locator(".score small").first).to_have_text("Stufe")
    shot(org, screenshots, "resolved-organizer")

    # Time is called: both tables stop, and every board shows the standings after round 1.
    organizer.call_time(event_id)
    for page in pages:
        expect(page.locator('#tables [data-state="stopped"]')).to_have_count(2, timeout=UPDATE_TIMEOUT_MS)
        expect(page.get_by_test_id("standings").locator("tbody tr")).to_have_count(len(PLAYERS),
                                                                                  timeout=UPDATE_TIMEOUT_MS)
    expect(tv.get_by_test_id("standings-title")).to_have_text("Standings after round 1")
    expect(org.get_by_test_id("standings-title")).to_have_text("Tabelle nach Runde 1")
    expect(tv.get_by_test_id("time-called")).to_have_text("Time called")
    standings = organizer.standings(event_id)
    shown = tv.get_by_test_id("standings").locator("tbody tr")
    for n, line in enumerate(standings):
        expect(shown.nth(n)).to_have_attribute("data-player", line.player)
        expect(shown.nth(n).locator("td.points")).to_have_text(line.points)
    for name, page in (("standings-organizer", org), ("standings-tv", tv), ("standings-phone", phone)):
        assert_no_raw_words(page)
        shot(page, screenshots, name)

    # The next round: the boards draw its tables live.
    second = organizer.start_round(event_id)
    for page in pages:
        expect(page.locator("#tables")).to_have_attribute("data-round", "2", timeout=UPDATE_TIMEOUT_MS)
        expect(page.locator('#tables [data-state="playing"]')).to_have_count(len(second.tables))
    expect(phone.get_by_test_id("round")).to_have_text("Runde 2 von 2 · 2 Tische")
    for page in pages:
        assert_no_raw_words(page)
    # No token of the event in the judge's log, though every call is logged.
    log = web_judge.log.read_text()
    assert "judge.v1.EventService/GetStandings" in log
    assert not any(t in log for t in (created.organizer_token, created.spectator_token, *player_tokens.values()))


def test_the_board_without_a_link_says_how_to_open_it(web_judge: JudgeProcess, browser: Any) -> None:
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{web_judge.web_url}board")
    expect(page.get_by_test_id("status")).to_contain_text("judge event create")
    bad = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    bad.goto(f"{web_judge.web_url}board#event=no-such-event&token=not-a-token")
    expect(bad.get_by_test_id("status")).to_have_attribute("data-state", "failed", timeout=UPDATE_TIMEOUT_MS)


def test_the_links_judge_event_prints_open_the_board_and_each_players_table(web_judge: JudgeProcess,
                                                                           browser: Any) -> None:
    """``judge event create --page URL`` prints the organizer's and the spectators' board links,
    ``judge event register --page URL`` each player's one link, which opens the player's table of
    the current round (MyTable) and, opened again, the next round's."""
    out = cli(web_judge.target, "event", "create", "Sonntag", "--ruleset", "munchkin", "--tables", "3-3",
              "--rounds", "2", "--page", web_judge.web_url).stdout
    event_id = re.search(r"event (\S+)", out).group(1)  # type: ignore[union-attr]
    org_token = re.search(r"organizer token: (\S+)", out).group(1)  # type: ignore[union-attr]
    boards = dict(re.findall(r"^(board \([^)]*\)): (\S+)$", out, re.M))
    assert sorted(boards) == ["board (organizer)", "board (spectators, for a big screen)"]
    links = {}
    for n, name in enumerate(PLAYERS[:3]):
        printed = cli(web_judge.target, "event", "register", event_id, name, "--trait",
                      f"sex={'female' if n % 2 else 'male'}", "--page", web_judge.web_url, "--no-qr",
                      token=org_token).stdout
        links[name] = re.search(r"link \(every round's table\): (\S+)", printed).group(1)  # type: ignore[union-attr]
    cli(web_judge.target, "event", "round", event_id, token=org_token)
    spectators = open_page(browser, boards["board (spectators, for a big screen)"], "en-GB", TV)
    expect(spectators.get_by_test_id("role")).to_have_attribute("data-role", "spectator")
    organizer = open_page(browser, boards["board (organizer)"], "en-GB", DESKTOP)
    expect(organizer.get_by_test_id("role")).to_have_attribute("data-role", "organizer")
    ben = open_page(browser, links["Ben"], "de-DE", PHONE)
    expect(ben.get_by_test_id("role")).to_have_text("Ben")
    admin = JudgeClient(web_judge.target, web_judge.admin_token)
    org = JudgeClient(web_judge.target, org_token)
    first = org.get_event(event_id).round_list[0].tables[0]
    first_game = first.game_id
    starter = parse_qs(links[first.players[0]].split("#", 1)[1])["token"][0]  # the player's one token
    seat, _, _ = _seat_client(web_judge.target, event_id, starter)
    seat.submit(first_game, 0, "kick_door", card="topfpflanze")
    kicked = admin.get_view(first_game).view.version
    expect(ben.locator("#view")).to_have_attribute("data-version", str(kicked), timeout=UPDATE_TIMEOUT_MS)
    assert_no_raw_words(ben)
    cli(web_judge.target, "event", "time", event_id, token=org_token)
    # Time called: Ben's table is over on his page (nothing more is offered), which says where to go next.
    expect(ben.get_by_test_id("next-table")).to_have_text("Meinen nächsten Tisch öffnen", timeout=UPDATE_TIMEOUT_MS)
    expect(ben.get_by_test_id("summary")).to_contain_text("Spiel vorbei")
    assert_no_raw_words(ben)
    cli(web_judge.target, "event", "round", event_id, token=org_token)
    second_game = org.get_event(event_id).round_list[1].tables[0].game_id
    fresh = admin.get_view(second_game).view.version
    assert second_game != first_game and fresh < kicked
    ben.get_by_test_id("next-table").click()  # the same link: the next round's table
    expect(ben.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    expect(ben.locator("#view")).to_have_attribute("data-version", str(fresh), timeout=UPDATE_TIMEOUT_MS)
    expect(ben.get_by_test_id("role")).to_have_text("Ben")
    assert_no_raw_words(ben)
    expect(spectators.locator("#tables")).to_have_attribute("data-round", "2", timeout=UPDATE_TIMEOUT_MS)


def test_a_two_player_events_board_shows_each_pairing_the_bye_and_life_points(web_judge: JudgeProcess,
                                                                              browser: Any) -> None:
    """A monkic event (002: two players, 20 life points) of five players: two pairings and a bye on the
    board of a phone, each player's life points as the score."""
    client = JudgeClient(web_judge.target)
    created = client.create_event("monkic-Abend", "monkic", mode="dealt", rounds=3, place_points=(1, 0),
                                  bye_points=1, custom_cards=values())
    organizer = client.with_token(created.organizer_token)
    for name in PLAYERS[:5]:
        organizer.register_player(created.event_id, name)
    started = organizer.start_round(created.event_id)
    assert [len(t.players) for t in started.tables] == [2, 2] and len(started.byes) == 1
    page = open_page(browser, f"{web_judge.web_url}board#event={created.event_id}&token={created.spectator_token}",
                     "en-GB", PHONE)
    expect(page.locator("#tables .board-table")).to_have_count(2)
    expect(page.get_by_test_id("round")).to_have_text(f"Round 1 of 3 · 2 tables · Bye: {started.byes[0]}")
    for table in started.tables:
        for name in table.players:
            player = _table(page, table.table).locator(f'[data-player="{name}"]')
            expect(player.get_by_test_id("score")).to_have_text("20")  # 002: every player starts with 20
            expect(player.locator(".score small")).to_have_text("Life")
    assert_no_raw_words(page)
