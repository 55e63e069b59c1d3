"""Where the tests find the rule texts (the seed ``.txt`` files the rulings cite).

The texts are not part of the repository. The tests look, in this order, in
the folder named by the environment variable ``JUDGE_SEEDS`` and in
``../shared/seeds`` beside the checkout; the first folder that holds ``.txt``
files is used. A test that reads them asks for the ``seeds`` fixture
(tests/conftest.py), which calls ``require_seeds``: without the texts the test
is skipped with ``MISSING`` as its reason (the run's summary counts those
skips), and under CI (``CI`` set) it fails instead.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

ENV = "JUDGE_SEEDS"
BESIDE = Path(__file__).resolve().parents[2].parent / "shared" / "seeds"
MISSING = "the rule texts were not found (set JUDGE_SEEDS or put them at ../shared/seeds)"


def candidates() -> list[Path]:
    """The folders looked at, in order: ``$JUDGE_SEEDS`` (when set), then ``../shared/seeds``."""
    named = os.environ.get(ENV, "").strip()
    return ([Path(named).expanduser()] if named else []) + [BESIDE]


@cache
def seeds_folder() -> Path | None:
    """The first candidate folder holding seed ``.txt`` files, or None."""
    return next((folder for folder in candidates() if folder.is_dir() and any(folder.glob("*.txt"))), None)


def require_seeds() -> Path:
    """The seeds folder; skips the calling test without it (fails under CI)."""
    folder = seeds_folder()
    if folder is not None:
        return folder
    looked = ", ".join(str(f) for f in candidates())
    if os.environ.get("CI"):
        pytest.fail(f"the rule texts are required in CI but were not found (looked in {looked}); set {ENV}")
    pytest.skip(MISSING)


def seed_text(name: str) -> str:
    """The text of the seed file ``name`` (e.g. ``SEED_002``)."""
    return (require_seeds() / name).read_text(encoding="utf-8")
