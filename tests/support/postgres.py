"""A throw-away PostgreSQL server for the tests, on loopback.

``start_postgres`` initialises a cluster in a temporary folder with the
Debian ``postgresql`` package's ``initdb`` (scripts/install-test-deps
installs it), starts it with ``pg_ctl`` on a free loopback port (no Unix
socket) and returns a ``PostgresServer``; ``stop()`` stops it and removes
the folder. PostgreSQL refuses to run as root: when the tests run as root
the cluster runs as the unprivileged user ``nobody`` (through ``runuser``),
which owns the folder. Each test gets its own schema (``fresh_schema``), so
tests never see each other's games.

The tests' cluster runs with ``fsync=off`` (nothing of it needs to outlive
the run); ``start_postgres(durable=True)`` starts it as a real deployment runs
(``fsync``, ``synchronous_commit`` and ``full_page_writes`` on), for the
measurements of scripts/bench_replicas_pg.py.

When no PostgreSQL can be found or started, ``start_postgres`` raises
``PostgresUnavailable`` saying why; the fixtures skip with that reason.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

USER = "judge"
RUN_AS = "nobody"
START_TIMEOUT_S = 60
START_ATTEMPTS = 3


class PostgresUnavailable(Exception):
    """No PostgreSQL server can be run here (the message says why)."""


@dataclass
class PostgresServer:
    """A running throw-away cluster."""

    port: int
    password: str
    folder: Path
    bin_dir: Path
    run_as: str | None

    @property
    def url(self) -> str:
        return f"postgresql://{USER}:{self.password}@127.0.0.1:{self.port}/{USER}"

    def fresh_schema(self) -> str:
        """A new, empty schema (created here) for one test."""
        import psycopg

        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user=USER, password=self.password,
                             dbname=USER, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return name

    def sql(self, statement: str, *params: object) -> list[tuple[object, ...]]:
        """Run one statement as the cluster's superuser; returns its rows."""
        import psycopg

        with psycopg.connect(host="127.0.0.1", port=self.port, user=USER, password=self.password,
                             dbname=USER, autocommit=True) as conn:
            cursor = conn.execute(statement, params or None)  # type: ignore[arg-type]
            return list(cursor.fetchall()) if cursor.description else []

    def stop(self) -> None:
        _run(self.run_as, [str(self.bin_dir / "pg_ctl"), "stop", "-D", str(self.folder / "data"),
                           "-m", "fast", "-w"], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def _bin_dir() -> Path:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    raise PostgresUnavailable("no PostgreSQL server programs (initdb) found: run scripts/install-test-deps")


def _run(run_as: str | None, command: list[str], check: bool = True) -> subprocess.CompletedProcess[str]:
    full = ["runuser", "-u", run_as, "--", *command] if run_as else command
    result = subprocess.run(full, capture_output=True, text=True, timeout=START_TIMEOUT_S, cwd="/")
    if check and result.returncode != 0:
        raise PostgresUnavailable(f"{' '.join(command[:2])} failed: {(result.stderr or result.stdout).strip()}")
    return result


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_postgres(durable: bool = False) -> PostgresServer:
    """Initialise and start a cluster (see the module docstring); ``durable``: every commit on disk."""
    try:
        import psycopg  # noqa: F401
    except ImportError as e:
        raise PostgresUnavailable(f"psycopg is not installed: {e}") from e
    bin_dir = _bin_dir()
    run_as = RUN_AS if os.geteuid() == 0 else None
    if run_as and not shutil.which("runuser"):
        raise PostgresUnavailable("running as root without runuser: cannot start PostgreSQL as another user")
    folder = Path(tempfile.mkdtemp(prefix="judge-pg-"))
    password = secrets.token_urlsafe(16)
    try:
        pwfile = folder / "pw"
        pwfile.write_text(password + "\n")
        if run_as:
            shutil.chown(folder, run_as)
            shutil.chown(pwfile, run_as)
        folder.chmod(0o700)
        data = folder / "data"
        _run(run_as, [str(bin_dir / "initdb"), "-D", str(data), "-U", USER, f"--pwfile={pwfile}",
                      "--auth=scram-sha-256", "-E", "UTF8", "--no-sync"])
        port = _start(run_as, bin_dir, folder, durable)
        server = PostgresServer(port, password, folder, bin_dir, run_as)
        _create_database(server)
        return server
    except PostgresUnavailable:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _start(run_as: str | None, bin_dir: Path, folder: Path, durable: bool = False) -> int:
    """Start the cluster on a free loopback port; returns the port. The port is free when chosen but
    another process (a second test worker's cluster, a judge another test starts) may take it before
    the server binds it: then the start is tried again on another port."""
    for attempt in range(START_ATTEMPTS):
        port = _free_port()
        durability = "on" if durable else "off"
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories='' "
                   f"-c fsync={durability} -c synchronous_commit={durability} -c full_page_writes={durability} "
                   "-c max_connections=200")
        try:
            _run(run_as, [str(bin_dir / "pg_ctl"), "start", "-D", str(folder / "data"), "-w",
                          "-t", str(START_TIMEOUT_S), "-o", options, "-l", str(folder / "log")])
            return port
        except PostgresUnavailable:
            if attempt == START_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _create_database(server: PostgresServer) -> None:
    """initdb creates only the ``postgres`` database; the tests use one named like the user."""
    import psycopg

    with psycopg.connect(host="127.0.0.1", port=server.port, user=USER, password=server.password,
                         dbname="postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {USER}")


__all__ = ["PostgresServer", "PostgresUnavailable", "start_postgres", "USER"]
