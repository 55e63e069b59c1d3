"""The code is mypy-clean (type hints everywhere) and free of pyflakes-class errors."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_is_clean():
    result = subprocess.run([sys.executable, "-m", "mypy", "judge", "judge_bench", "clients/python/judge_client"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
