"""The deploy files' command lines start a judge here, as they would there:
the systemd unit's ExecStart with its Environment, the image's ENTRYPOINT and
CMD with its ENV (and its HEALTHCHECK probing it), and the compose replicas'
entry script that makes private copies of the shared key and token. Only
what cannot exist on a test machine is moved: /opt/judge/.venv is this
environment, /var/lib/judge and /run/secrets are temporary folders, fixed
ports become free ones."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import stat
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from judge.domain.chain import ServerKey
from judge_client import JudgeClient
from tests.deploy.files import DEPLOY, dockerfile, final_stage, port_of, unit_sections, unit_value
from tests.server.support import SAFETY_TIMEOUT_S, open_table
from tests.support.judge_process import JUDGE, ROOT
from tests.support.launch import launched

pytestmark = pytest.mark.slow

VENV_BIN = JUDGE.parent


def any_port(address: str) -> str:
    """``address`` on a free port."""
    return f"{address.rpartition(':')[0]}:0"


def reachable(target: str) -> str:
    """Where to call a judge that listens on ``target`` (0.0.0.0: loopback)."""
    host, _, port = target.rpartition(":")
    return f"127.0.0.1:{port}" if host in ("0.0.0.0", "[::]", "") else target


def health(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(command), capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S,
                          env={**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"})


def scraped(url: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    with urllib.request.urlopen(url, timeout=SAFETY_TIMEOUT_S) as response:
        text = response.read().decode("utf-8")
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def scraped_names(url: str) -> set[str]:
    return {name for name, _ in scraped(url)}


def test_the_systemd_units_exec_start_serves_a_judge(tmp_path: Path) -> None:
    unit = unit_sections()
    service = unit["Service"]
    assert unit_value(service, "User") not in ("root", "0")
    state = Path("/var/lib") / unit_value(service, "StateDirectory")
    assert unit_value(service, "WorkingDirectory") == str(state)
    argv = shlex.split(unit_value(service, "ExecStart"))
    assert argv[0] == "/opt/judge/.venv/bin/judge" and argv[1] == "serve"
    environment = dict(shlex.split(v)[0].split("=", 1) for k, v in service if k == "Environment")

    here = tmp_path / "state"
    here.mkdir()

    def moved(arg: str) -> str:
        return arg.replace(str(state), str(here))

    args = [moved(a) for a in argv[2:]]
    args[args.index("--listen") + 1] = any_port(args[args.index("--listen") + 1])
    env = {k: moved(v) for k, v in environment.items()}
    env["JUDGE_METRICS_LISTEN"] = any_port(env["JUDGE_METRICS_LISTEN"])
    with launched([str(JUDGE), "serve", *args], tmp_path / "journal.log", env=env, cwd=here,
                  metrics=True) as judge:
        target = reachable(judge.target)
        probe = health("judge", "health", "--target", target)
        assert probe.returncode == 0 and probe.stdout.strip() == "SERVING", probe.stderr
        with JudgeClient(target, timeout=SAFETY_TIMEOUT_S) as client:
            open_table(client)
        assert "judge_requests_total" in scraped_names(judge.metrics_url)
        assert judge.stop() == 0
    db = Path(args[args.index("--db") + 1])
    assert db.parent == here and db.exists()
    for beside in (f"{db}.key", f"{db}.admin-token"):
        assert stat.S_IMODE(Path(beside).stat().st_mode) == 0o600
    assert all(json.loads(line)["level"] for line in judge.log_lines())  # JUDGE_LOG_FORMAT=json


def build_stage_venv(workdir: Path) -> Path:
    """The image's build stage, here: its COPY instructions copy the same
    files (less what Dockerfile.dockerignore leaves out) into a fresh folder
    and its RUN instructions install them into a fresh virtual environment.
    Returns the environment's bin folder."""
    instructions = dockerfile()
    build = instructions[:instructions.index(final_stage(instructions)[0])]
    [copied] = [ins.args.split() for ins in final_stage(instructions) if ins.args.startswith("--from=")]
    target = copied[1]  # what the final stage takes from the build stage: the environment
    assert any(f"-m venv {target}" in ins.args for ins in build if ins.keyword == "RUN")
    venv = workdir / "venv"
    src = workdir / "src"
    src.mkdir()
    for ins in build:
        if ins.keyword == "COPY":
            *sources, destination = ins.args.split()
            for source in sources:
                there = src / (source if destination in ("./", ".") else destination.removeprefix("./"))
                if (ROOT / source).is_dir():
                    shutil.copytree(ROOT / source, there,
                                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
                else:
                    shutil.copy2(ROOT / source, there)
        elif ins.keyword == "RUN":
            script = ins.args.replace(target, str(venv)).replace("python -m venv", f"{sys.executable} -m venv")
            done = subprocess.run(["sh", "-c", script], cwd=src, capture_output=True, text=True, timeout=900)
            assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin"


def test_the_images_entry_point_serves_a_judge_from_a_plain_venv_and_its_health_check_passes(
    tmp_path: Path,
) -> None:
    """The build stage's install, not this (editable) test environment: the
    installed package must carry everything the judge reads (card files,
    generated code)."""
    final = final_stage(dockerfile())
    env = {k: v for i in final if i.keyword == "ENV" for k, v in i.pairs().items() if k.startswith("JUDGE_")}
    [entrypoint] = [i.exec_form() for i in final if i.keyword == "ENTRYPOINT"]
    [cmd] = [i.exec_form() for i in final if i.keyword == "CMD"]
    [volume] = [json.loads(i.args) for i in final if i.keyword == "VOLUME"]
    [healthcheck] = [i.exec_form() for i in final if i.keyword == "HEALTHCHECK"]
    assert entrypoint == ["judge"]  # on the image's PATH
    bin_dir = build_stage_venv(tmp_path)

    data = tmp_path / "volume"
    data.mkdir()
    env["JUDGE_DB"] = env["JUDGE_DB"].replace(volume[0], str(data))
    env["JUDGE_LISTEN"] = any_port(env["JUDGE_LISTEN"])
    env["JUDGE_METRICS_LISTEN"] = any_port(env["JUDGE_METRICS_LISTEN"])
    env["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    with launched([*entrypoint, *cmd], tmp_path / "stderr.log", env=env, cwd=data, metrics=True) as judge:
        probe = list(healthcheck)
        probe[probe.index("--target") + 1] = reachable(judge.target)
        checked = subprocess.run(probe, capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S, env=env)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        checks = scraped(judge.metrics_url)[
            ("judge_requests_total", frozenset({("rpc", "grpc.health.v1.Health/Check"), ("code", "OK")}))]
        assert checks == 1
        with JudgeClient(reachable(judge.target), timeout=SAFETY_TIMEOUT_S) as client:
            table = open_table(client)
            table.seats[0].submit(table.game_id, 0, "kick_door", card="elf")
        assert judge.stop() == 0
    assert Path(env["JUDGE_DB"]).exists()
    assert all(json.loads(line)["level"] for line in judge.log_lines())  # JUDGE_LOG_FORMAT=json
    installed = subprocess.run([str(bin_dir / "python"), "-c", "import judge, judge_client; print(judge.__file__)"],
                               capture_output=True, text=True, timeout=SAFETY_TIMEOUT_S, cwd=tmp_path)
    assert Path(installed.stdout.strip()).is_relative_to(tmp_path / "venv")  # not this checkout


def test_the_compose_replicas_serve_with_private_copies_of_the_shared_secrets(tmp_path: Path) -> None:
    """The replicas' entry script copies the mounted key and token (readable
    by all, as compose mounts them) into files only the judge may read, and
    the judge signs with that shared key."""
    services = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    replica = services["judge-1"]
    shell, flag, script, name = replica["entrypoint"]
    assert (shell, flag, name) == ("sh", "-c", "judge")
    script = script.replace("$$", "$")  # compose's escape for a literal $

    secrets = tmp_path / "run-secrets"
    state = tmp_path / "var-lib-judge"
    secrets.mkdir()
    state.mkdir()
    ServerKey.load_or_create(secrets / "signing-key")
    shared = ServerKey.load(secrets / "signing-key")
    (secrets / "admin-token").write_text("a-shared-admin-token-for-replicas\n")
    for file in secrets.iterdir():
        file.chmod(0o644)

    def moved(text: str) -> str:
        return text.replace("/run/secrets", str(secrets)).replace("/var/lib/judge", str(state))

    env = {k: moved(v) for k, v in replica["environment"].items() if k != "JUDGE_DATABASE_URL"}
    env.update({"JUDGE_LISTEN": any_port(env["JUDGE_LISTEN"]), "JUDGE_METRICS_LISTEN": any_port(
        env["JUDGE_METRICS_LISTEN"]), "JUDGE_DB": str(state / "replica.sqlite3"),
        "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}",
        # A fresh SQLite file stands in for the PostgreSQL database here, beside the key and token
        # files that already exist: the judge starts a new database only when told so.
        "JUDGE_INIT": "1"})
    command = [shell, flag, moved(script), name, *replica["command"]]
    with launched(command, tmp_path / "stderr.log", env=env, cwd=state, metrics=True) as judge:
        target = reachable(judge.target)
        with JudgeClient(target, timeout=SAFETY_TIMEOUT_S) as client:
            assert bytes(client.get_server_key().public_key) == shared.public_key
            admin = client.with_token("a-shared-admin-token-for-replicas")
            table = open_table(client)
            assert admin.get_view(table.game_id).view.game_id == table.game_id
        assert judge.stop() == 0
    for setting in ("JUDGE_SERVER_KEY_FILE", "JUDGE_ADMIN_TOKEN_FILE"):
        copy = Path(env[setting])
        assert copy.parent == state and stat.S_IMODE(copy.stat().st_mode) == 0o600
