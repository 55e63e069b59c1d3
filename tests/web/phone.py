"""What the table page's browser tests share: Chromium through Playwright, pages at phone and
desktop sizes, screenshots kept as artefacts, and the check that no raw field name, enum or id
appears in what a page shows."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
UPDATE_TIMEOUT_MS = 30_000
"""How long a page may take to show an update: a safety net, never a measurement."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

RAW = [
    re.compile(r"\b[a-z]+(?:[A-Z][a-z0-9]+)+\b"),  # a field name in camelCase: monsterIndex, helperPicksFirst
    re.compile(r"\b[A-Z]{2,}_[A-Z_]+\b"),  # an enum value: SIDE_PLAYERS, MONKIC_PLACE_HAND
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # a field name or kind in snake_case: from_table, kick_door
    re.compile(r"\bc\d+\b"),  # a monkic card instance id
]


def launch(p: Any) -> Any:
    if CHROMIUM is None:
        pytest.skip("no Chromium: scripts/install-test-deps installs Debian's chromium")
    return p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])


ERRORS: dict[int, list[str]] = {}
"""The script errors each page met (by id(page)): a page must have none."""


def open_page(browser: Any, url: str, locale: str = "en-GB", viewport: dict[str, int] | None = None) -> Any:
    page = browser.new_context(viewport=viewport or PHONE, locale=locale).new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    expect(page.get_by_test_id("status")).to_have_text("live", timeout=UPDATE_TIMEOUT_MS)
    return page


def raw_words(text: str, card_ids: Iterable[str] = ()) -> list[str]:
    """The raw field names, enums and ids in ``text`` (a page's rendered text)."""
    found = [m.group(0) for pattern in RAW for m in pattern.finditer(text)]
    found += [card for card in card_ids if "-" in card and re.search(rf"\b{re.escape(card)}\b", text)]
    return found


def assert_no_raw_words(page: Any, card_ids: Iterable[str] = ()) -> None:
    """No field name, enum or card id in what the page shows (its text, the open sheet's included),
    and no script error so far."""
    assert ERRORS.get(id(page), []) == []
    text = page.evaluate("() => document.body.innerText")
    found = raw_words(text, card_ids)
    assert found == [], f"{found} in:\n{text}"


def shot(page: Any, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def tap_offer(page: Any, kind: str, key: str, variant: str | None = None) -> None:
    """Tap an offered card (a chip in the list, or in the hand), then its variant in the sheet."""
    # The offers follow each new view (one LegalActions call): wait until this one is offered.
    expect(page.locator("#actions.stale")).to_have_count(0, timeout=UPDATE_TIMEOUT_MS)
    page.wait_for_function(
        "([kind, key]) => document.querySelector("
        "`[data-offer=\"${kind}:${key}\"], [data-testid=hand] [data-key=\"${key}\"].playable`)",
        arg=[kind, key], timeout=UPDATE_TIMEOUT_MS)
    chip = page.locator(f'[data-offer="{kind}:{key}"]')
    if chip.count() == 0:
        chip = page.locator(f'[data-testid=hand] [data-key="{key}"]')
    group = page.locator(f'details[data-kind="{kind}"]')
    if group.count() and not group.first.evaluate("d => d.open"):
        group.locator("summary").first.click()
    search = page.locator(f'input[data-filter="{kind}"]')
    if search.count():
        search.fill(page.evaluate("k => document.querySelector(`[data-key=\"${k}\"] .name`)?.textContent || ''", key))
    chip.first.click()
    sheet = page.get_by_test_id("sheet")
    buttons = sheet.locator(f'button[data-action="{kind}"]')
    if variant is not None:
        buttons = sheet.locator(f'button[data-action="{kind}"][data-variant="{variant}"]')
    buttons.first.click()


def tap_plain(page: Any, kind: str, variant: int = 0) -> None:
    """Tap an action without a card (end the turn, loot the room ...); with variants, the first one."""
    expect(page.locator("#actions.stale")).to_have_count(0, timeout=UPDATE_TIMEOUT_MS)
    button = page.locator(f'[data-kind="{kind}"] button').first
    button.click()
    sheet = page.get_by_test_id("sheet")
    if sheet.count():
        sheet.locator(f'button[data-action="{kind}"]').nth(variant).click()
