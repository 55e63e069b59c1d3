"""The generated API code is current, the protos pass buf lint (STANDARD),
and they break nothing of the previous main (buf breaking, FILE rules)."""

import io
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_generated_code_is_not_stale():
    result = subprocess.run([sys.executable, "scripts/gen_protos.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _buf() -> str:
    buf = shutil.which("buf") or str(Path(sys.executable).parent / "buf")
    if not Path(buf).exists():
        pytest.fail("buf is not installed; it comes with the test extras (buf-bin)")
    return buf


def test_buf_lint_standard_passes():
    result = subprocess.run([_buf(), "lint"], cwd=ROOT / "protos", capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True)


def previous_main() -> str:
    """The commit of main the protos must stay compatible with: where this
    branch left main, or, on main itself, the commit before the newest."""
    head = _git("rev-parse", "HEAD")
    if head.returncode != 0:
        pytest.skip("not a git checkout: there is no previous main to compare the protos with")
    for main in ("main", "origin/main"):
        base = _git("merge-base", "HEAD", main)
        if base.returncode == 0:
            break
    else:
        pytest.fail("no branch main (or origin/main) to compare the protos with")
    if base.stdout.strip() == head.stdout.strip():
        base = _git("rev-parse", "--verify", "HEAD^1")
        if base.returncode != 0:
            pytest.skip("the newest commit has no parent (a shallow clone): no previous main")
    return base.stdout.decode().strip()


def test_buf_breaking_file_rules_pass_against_the_previous_main(tmp_path: Path):
    """What exists of the API keeps working: buf breaking with the FILE rules
    (protos/buf.yaml) against the protos of the previous main."""
    baseline = previous_main()
    archive = _git("archive", "--format=tar", baseline, "protos")
    assert archive.returncode == 0, archive.stderr.decode()
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tmp_path, filter="data")
    result = subprocess.run([_buf(), "breaking", "protos", "--against", str(tmp_path / "protos")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"against {baseline}:\n" + result.stdout + result.stderr


def test_proto_folders_match_the_package():
    for proto in (ROOT / "protos").rglob("*.proto"):
        package = next(line.split()[1].rstrip(";") for line in proto.read_text().splitlines()
                       if line.startswith("package "))
        assert proto.parent.relative_to(ROOT / "protos").as_posix() == package.replace(".", "/")


FIELD = re.compile(r"^(?:(?:repeated|optional)\s+)?(?:map<[^>]+>|[\w.]+)\s+\w+\s*=\s*\d+\b")
ENUM_VALUE = re.compile(r"^[A-Z][A-Z0-9_]*\s*=\s*-?\d+\b")
DECLARATION = ("message ", "enum ", "service ", "rpc ", "oneof ")


def test_every_message_and_field_is_documented():
    """Each message, enum, service, rpc, oneof, field and enum value has a
    comment on the line before it (buf's STANDARD lint does not check this)."""
    checked, missing = 0, []
    for proto in sorted((ROOT / "protos").rglob("*.proto")):
        text = proto.read_text().splitlines()
        for i, line in enumerate(text):
            s = line.strip()
            if FIELD.match(s) or ENUM_VALUE.match(s) or s.startswith(DECLARATION):
                checked += 1
                if i == 0 or not text[i - 1].strip().startswith("//"):
                    missing.append(f"{proto.name} line {i + 1}: {s}")
    assert checked > 300  # the patterns still recognise the file's declarations
    assert not missing, "undocumented:\n" + "\n".join(missing)
