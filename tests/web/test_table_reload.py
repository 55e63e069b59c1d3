"""Never locked out: a page that goes away gives its live stream back at once.

The bridge cancels a Watch whose browser closed the connection (judge/web/bridge.py), even in an
idle game where the stream has nothing to send; the page aborts its Watch when it is hidden or
closed (web/src/live.ts), and a refused stream keeps the last view on screen and tries again with
a growing pause, saying so in the page's language. With the shipped limit of 8 streams per client
address, reloading a seat's page 50 times in a row ends live every time, and ``judge watch`` from
the same address still works; with 1 Watch per game, a second page is refused and retries."""

from __future__ import annotations

import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from judge.v1 import judge_pb2 as pb
from judge.web.bridge import frame
from judge_client import JudgeClient
from tests.support.judge_process import JudgeProcess, start_judge_process
from tests.web.phone import UPDATE_TIMEOUT_MS, expect, launch, open_page, playwright_api, shot

SHIPPED_LIMITS = ("--max-streams-per-client", "8")
"""The shipped stream limits (8 per client address, 16 Watch streams per game); the tests' judges
otherwise lift the per-address one (tests/support/judge_process.py LOOPBACK_ENV)."""


def _judge(*limits: str) -> Iterator[JudgeProcess]:
    folder = Path(tempfile.mkdtemp(prefix="judge-reload-"))
    srv = start_judge_process(folder / "judge.sqlite3", folder / "server.log", "--web-listen", "127.0.0.1:0", *limits)
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def shipped_judge() -> Iterator[JudgeProcess]:
    """A judge serving the page with the shipped stream limits."""
    yield from _judge(*SHIPPED_LIMITS)


@pytest.fixture
def tight_judge() -> Iterator[JudgeProcess]:
    """A judge serving the page with one Watch per game in the open pool (spectators and strangers:
    a seat's own streams are in the table pool, docs/security.md)."""
    yield from _judge(*SHIPPED_LIMITS, "--max-watch-per-game", "1")


def _watch_over_bridge(web_url: str, game: str, token: str) -> socket.socket:
    """A gRPC-Web Watch sent by hand over a raw connection (as a browser's fetch would)."""
    parts = urlsplit(web_url)
    body = frame(pb.WatchRequest(game_id=game).SerializeToString())
    conn = socket.create_connection((parts.hostname, parts.port), timeout=10)
    conn.sendall(b"POST /judge.v1.JudgeService/Watch HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/grpc-web+proto\r\nAuthorization: Bearer " + token.encode() +
                 b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    assert conn.recv(12).startswith(b"HTTP/1.")
    return conn


def _watch_admitted(client: JudgeClient, game: str) -> bool:
    """Whether the judge admits one more Watch of ``game`` now (it answers at once with the catch-up)."""
    stream = client.watch(game, caught_up=True, timeout=5)
    try:
        next(iter(stream))
        return True
    except Exception:  # noqa: BLE001 - RESOURCE_EXHAUSTED (or any refusal) means not admitted
        return False
    finally:
        stream.cancel()


def test_a_closed_connection_gives_its_watch_back_at_once(tight_judge: JudgeProcess) -> None:
    """An idle game: the Watch has nothing to send, so only the closed connection tells."""
    created = JudgeClient(tight_judge.target).create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"])
    gid = created.game_id
    native = JudgeClient(tight_judge.target, created.spectator_token)
    conn = _watch_over_bridge(tight_judge.web_url, gid, created.seat_tokens[0].token)
    deadline = time.monotonic() + 10
    while _watch_admitted(native, gid) and time.monotonic() < deadline:
        time.sleep(0.05)  # until the bridge's Watch holds the game's one slot
    assert not _watch_admitted(native, gid)
    conn.close()  # the tab is closed
    deadline = time.monotonic() + 30
    while not _watch_admitted(native, gid):
        assert time.monotonic() < deadline, "the closed connection's Watch was never released"
        time.sleep(0.1)


def test_fifty_reloads_in_a_row_end_live(shipped_judge: JudgeProcess, screenshots: Path) -> None:
    created = JudgeClient(shipped_judge.target).create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"])
    gid = created.game_id
    anna = JudgeClient(shipped_judge.target, created.seat_tokens[0].token)
    url = f"{shipped_judge.web_url}#game={gid}&token={created.seat_tokens[0].token}&seat=0"
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            page = open_page(browser, url)
            started = time.monotonic()
            for _ in range(50):
                page.reload()
                expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
            print(f"50 reloads, each until live: {time.monotonic() - started:.1f} s")  # told, not asserted
            shot(page, screenshots, "01-after-50-reloads")
            page.close()
        finally:
            browser.close()
    # The address is not locked out: judge watch (a native Watch) is admitted.
    deadline = time.monotonic() + 30
    while not _watch_admitted(anna, gid):
        assert time.monotonic() < deadline, "judge watch stayed locked out"
        time.sleep(0.1)


def test_a_refused_page_keeps_the_view_and_retries(tight_judge: JudgeProcess, screenshots: Path) -> None:
    """The game's one open-pool Watch is a spectator's page's: a second spectator page (German) is
    refused, shows the table all the same and says it tries again; when the first tab goes, the
    second gets in and follows the game."""
    created = JudgeClient(tight_judge.target).create_game("munchkin", seats=["Anna:female", "Ben:male", "Cem:male"])
    gid = created.game_id
    tokens = {s.seat: s.token for s in created.seat_tokens}
    anna = JudgeClient(tight_judge.target, tokens[0])
    with playwright_api.sync_playwright() as p:
        browser = launch(p)
        try:
            watching = f"{tight_judge.web_url}#game={gid}&token={created.spectator_token}&role=spectator"
            page = open_page(browser, watching)
            ben = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE").new_page()
            ben.goto(watching)
            expect(ben.get_by_test_id("status")).to_contain_text("neuer Versuch in", timeout=UPDATE_TIMEOUT_MS)
            expect(ben.get_by_test_id("level-1")).to_have_text("1")
            shot(ben, screenshots, "01-refused-retrying-seat-1")
            page.close()
            expect(ben.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
            kicked = anna.submit(gid, 0, "kick_door", card="topfpflanze").view
            expect(ben.locator("#view")).to_have_attribute("data-version", str(kicked.version),
                                                          timeout=UPDATE_TIMEOUT_MS)
            shot(ben, screenshots, "02-live-again-seat-1")
        finally:
            browser.close()
