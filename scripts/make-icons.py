#!/usr/bin/env python3
"""Render the table page's app icons (judge/web/static/icon-192.png, icon-512.png) from
judge/web/static/icon.svg with Chromium through Playwright (the test tools), so the installable
app has the PNG icons browsers ask for. Run it after changing icon.svg; the PNGs are committed."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "judge" / "web" / "static"


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("make-icons: no chromium (scripts/install-test-deps installs it)", file=sys.stderr)
        return 1
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        try:
            for size in (192, 512):
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(f"<html><body style='margin:0;background:transparent'>"
                                 f"<div style='width:{size}px;height:{size}px'>{svg}</div></body></html>")
                page.locator("svg").evaluate(
                    f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}")
                page.screenshot(path=str(STATIC / f"icon-{size}.png"), omit_background=True,
                                clip={"x": 0, "y": 0, "width": size, "height": size})
                page.close()
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
