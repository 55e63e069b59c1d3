"""A quiet install (issue 28, "A quieter first run"): building the project's and the client's packages
prints no setuptools "Package would be ignored" warning (data folders such as judge/cards/data,
judge/web/static and the catalogues' locale folders are package data, not packages), and the data
still ships: the card files, the page, the catalogues and the API's type stubs. Built from a copy of
the sources in a temporary folder (setuptools writes its egg-info beside pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = "from setuptools import setup; setup()"
IGNORE = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "node_modules")


def _sources(tmp: Path) -> Path:
    copy = tmp / "src"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    shutil.copytree(ROOT / "judge", copy / "judge", ignore=IGNORE)
    shutil.copytree(ROOT / "clients" / "python", copy / "clients" / "python", symlinks=True, ignore=IGNORE)
    return copy


def _build(where: Path, into: Path) -> str:
    done = subprocess.run([sys.executable, "-c", BUILD, "build_py", "-d", str(into)], cwd=where,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_building_the_packages_prints_no_ignored_package_warning_and_ships_the_data(tmp_path: Path) -> None:
    sources = _sources(tmp_path)
    server = _build(sources, tmp_path / "server")
    assert "would be ignored" not in server, server
    for data in ("judge/cards/data/munchkin.toml", "judge/rulesets/monkic/cards.toml", "judge/web/static/table.js",
                 "judge/web/static/board.js", "judge/web/static/board.html", "judge/web/static/board.css",
                 "judge/common/locale/de/LC_MESSAGES/judge.mo", "judge/v1/judge_pb2.pyi",
                 "judge_client/cli/play.py"):
        assert (tmp_path / "server" / data).is_file(), data
    client = _build(sources / "clients" / "python", tmp_path / "client")
    assert "would be ignored" not in client, client
    for data in ("judge/common/locale/de/LC_MESSAGES/judge.mo", "judge/v1/judge_pb2.pyi", "judge_client/fitted.py"):
        assert (tmp_path / "client" / data).is_file(), data
