"""How quickly a seat's page plays a one-shot into the interference window (a measurement, not a test).

    python scripts/window_latency.py [--runs 5] [--window-ms 10000]

Starts a judge (``judge serve --web-listen``) on a throw-away database and per run loads a Mixer
game from a position in which the hands are known (Ben holds the Biergasgranate and the
Haggis-Püree), opens Ben's table page in Chromium (Playwright, Debian's chromium) at phone size;
Anna (level 3) kicks open the door to the Topfpflanze and claims the win over native gRPC; Ben's
page shows the window with the two cards he may play into it, and the script plays the
Haggis-Püree from it as a player would (a tap on the card, a tap on "for the players"). It
reports, from the window opening on the judge (the claim's window_closes_at_ms less the window)
in milliseconds, on one clock (judge and browser share the machine):

- shown: when the card stood tappable on Ben's page (the judge's stream, the page's LegalActions
  call and its rendering: the page's own share);
- submitted: when the judge had accepted the one-shot (Submit answered on the page), which adds the
  script's two taps and the Submit round trip.

Prints each run and the medians. The figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "clients" / "python")]
# The judge this script starts serves this checkout's page too.
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "clients" / "python"),
                                            *filter(None, [os.environ.get("PYTHONPATH")])])

from judge_client import JudgeClient  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tests.support.judge_process import start_judge_process  # noqa: E402

WATCH_SHOWN = """() => new Promise((resolve) => {
  const seen = () => document.querySelector('[data-window-card="haggis-purree"]');
  const done = () => { observer.disconnect(); resolve(Date.now()); };
  const observer = new MutationObserver(() => { if (seen() && !seen().closest('[hidden]')) done(); });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
})"""


def position(window_ms: int) -> dict[str, object]:
    """Anna (level 3) before the door; every hand known, Ben's with two one-shots."""
    return {"format": "judge-position", "family": "munchkin", "version": 1, "ruleset": "mixer",
            "options": {"interference_window_ms": window_ms},
            "seats": [{"name": "Anna", "sex": "female", "level": 3, "hand": ["topfpflanze"]},
                      {"name": "Ben", "sex": "male", "hand": ["haggis-purree", "biergasgranate", "netztroll"]},
                      {"name": "Cem", "sex": "male", "hand": ["flammende-ruestung"]}]}


def run(runs: int, window_ms: int) -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("window_latency: no chromium (scripts/install-test-deps installs it)", file=sys.stderr)
        return 1
    folder = Path(tempfile.mkdtemp(prefix="judge-window-latency-"))
    srv = start_judge_process(folder / "judge.sqlite3", folder / "server.log", "--web-listen", "127.0.0.1:0")
    shown: list[float] = []
    submitted: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                for i in range(runs):
                    created = JudgeClient(srv.target).create_game_from_position(position(window_ms))
                    gid = created.game_id
                    tokens = {s.seat: s.token for s in created.seat_tokens}
                    anna = JudgeClient(srv.target, tokens[0])
                    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                    page.goto(f"{srv.web_url}#game={gid}&token={tokens[1]}&seat=1")
                    page.get_by_test_id("status").filter(has_text="live").wait_for(timeout=30_000)
                    anna.submit(gid, 0, "kick_door", card="topfpflanze")
                    page.locator("[data-testid=combat]").wait_for(timeout=30_000)
                    page.wait_for_timeout(500)  # the page has settled on the combat
                    page.evaluate(f"() => {{ window.__shownP = ({WATCH_SHOWN})(); }}")
                    claimed = anna.submit(gid, 0, "claim_victory").view
                    opened = claimed.combat.window_closes_at_ms - window_ms
                    card = page.locator('[data-window-card="haggis-purree"]')
                    card.click(timeout=30_000)
                    card.locator("xpath=..").locator('button[data-variant="for the players"]').click()
                    page.get_by_test_id("done").wait_for(timeout=30_000)
                    done_at = page.evaluate("() => Date.now()")
                    shown_at = page.evaluate("() => window.__shownP")
                    shown.append(shown_at - opened)
                    submitted.append(done_at - opened)
                    print(f"run {i + 1}: shown {shown[-1]:.0f} ms, submitted {submitted[-1]:.0f} ms")
                    page.context.close()
            finally:
                browser.close()
    finally:
        srv.stop()
    print(f"median of {runs}: shown {statistics.median(shown):.0f} ms (the page's own share), "
          f"submitted {statistics.median(submitted):.0f} ms")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--window-ms", type=int, default=10_000)
    args = parser.parse_args()
    return run(args.runs, args.window_ms)


if __name__ == "__main__":
    raise SystemExit(main())
