"""Shared test configuration."""

import os

from hypothesis import HealthCheck, settings

# Deterministic and patient on a slow, shared 2-core machine.
settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# ---------------------------------------------------------------- storage backends
# The application and trust suites run on both backends: a test asking for
# ``backend`` (directly or through a storage fixture) runs once on SQLite and
# once on a throw-away PostgreSQL server (tests/support/postgres.py) that the
# session starts on first use and stops at the end. ``@pytest.mark.sqlite_only``
# keeps a test that reads the SQLite file itself to the SQLite run.

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from judge.store import Storage  # noqa: E402
from tests.support.postgres import PostgresServer, PostgresUnavailable, start_postgres  # noqa: E402
from tests.support.seeds import MISSING as SEEDS_MISSING, require_seeds  # noqa: E402

BACKENDS = ("sqlite", "postgres")
TEST_POOL_SIZE = 2


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: the test reads or damages the SQLite file itself")
    config.addinivalue_line(
        "markers", "slow: a test of the slow tier (deselect with -m 'not slow' for the quick loop; CI runs all)")


# Whole folders of the slow tier: every test there starts a judge process (e2e) or a browser (web).
SLOW_FOLDERS = ("e2e", "web")
TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before -m selects on the markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        if item.path.is_relative_to(TESTS) and item.path.relative_to(TESTS).parts[0] in SLOW_FOLDERS:
            item.add_marker(pytest.mark.slow)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("backend") == "postgres"
        (drop if on_postgres and item.get_closest_marker("sqlite_only") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server; skips (fails under CI) if none can run."""
    try:
        server = start_postgres()
    except PostgresUnavailable as e:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is required in CI but cannot run: {e}")
        pytest.skip(f"PostgreSQL is not available here: {e}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def make_storage(backend: str, folder: Path, request: pytest.FixtureRequest) -> Storage:
    """A fresh, empty storage on ``backend``: a SQLite file in ``folder`` or
    a new schema on the session's PostgreSQL server."""
    if backend == "sqlite":
        return Storage(db_path=folder / "judge.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return Storage(database_url=server.url, schema=server.fresh_schema(), pool_size=TEST_POOL_SIZE)


@pytest.fixture
def storage(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Storage:
    """A fresh storage for one test, on each backend."""
    return make_storage(backend, tmp_path, request)


# ---------------------------------------------------------------- the rule texts
# Tests that check citations against the seed texts ask for ``seeds``; where the
# texts are (``$JUDGE_SEEDS``, then ``../shared/seeds``) is decided in one place,
# tests/support/seeds.py. Without them those tests skip, and the summary says
# how many; under CI they fail.

@pytest.fixture(scope="session")
def seeds() -> Path:
    """The folder holding the seed .txt files; skips (fails under CI) without it."""
    return require_seeds()


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    return str(longrepr[2]) if isinstance(longrepr, (tuple, list)) and len(longrepr) == 3 else ""


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if SEEDS_MISSING in _skip_reason(r)]
    if skipped:
        terminalreporter.write_sep("=", f"{len(skipped)} citation checks skipped: {SEEDS_MISSING}",
                                   yellow=True, bold=True)
