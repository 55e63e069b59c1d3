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
import stat
import subprocess
import urllib.request
from pathlib import Path

import yaml
from prometheus_client.parser import text_string_to_metric_families

from judge.domain.chain import ServerKey
from judge_client import JudgeClient
from tests.deploy.files import DEPLOY, dockerfile, final_stage, port_of, unit_sections, unit_value
from tests.server.support import SAFETY_TIMEOUT_S, open_table
from tests.support.judge_process import JUDGE
from tests.support.launch import launched

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


def test_the_images_entry_point_serves_a_judge_its_health_check_passes(tmp_path: Path) -> None:
    final = final_stage(dockerfile())
    env = {k: v for i in final if i.keyword == "ENV" for k, v in i.pairs().items() if k.startswith("JUDGE_")}
    [entrypoint] = [i.exec_form() for i in final if i.keyword == "ENTRYPOINT"]
    [cmd] = [i.exec_form() for i in final if i.keyword == "CMD"]
    [volume] = [json.loads(i.args) for i in final if i.keyword == "VOLUME"]
    [healthcheck] = [i.exec_form() for i in final if i.keyword == "HEALTHCHECK"]
    assert entrypoint == ["judge"]  # on the image's PATH, /opt/judge/bin; here this environment's

    data = tmp_path / "volume"
    data.mkdir()
    env["JUDGE_DB"] = env["JUDGE_DB"].replace(volume[0], str(data))
    env["JUDGE_LISTEN"] = any_port(env["JUDGE_LISTEN"])
    env["JUDGE_METRICS_LISTEN"] = any_port(env["JUDGE_METRICS_LISTEN"])
    with launched([str(VENV_BIN / entrypoint[0]), *entrypoint[1:], *cmd], tmp_path / "stderr.log", env=env,
                  cwd=data, metrics=True) as judge:
        probe = list(healthcheck)
        probe[probe.index("--target") + 1] = reachable(judge.target)
        checked = health(*probe)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        checks = scraped(judge.metrics_url)[
            ("judge_requests_total", frozenset({("rpc", "grpc.health.v1.Health/Check"), ("code", "OK")}))]
        assert checks == 1
        assert judge.stop() == 0
    assert Path(env["JUDGE_DB"]).exists()
    assert all(json.loads(line)["level"] for line in judge.log_lines())  # JUDGE_LOG_FORMAT=json


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
        "PATH": f"{VENV_BIN}{os.pathsep}{os.environ['PATH']}"})
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
