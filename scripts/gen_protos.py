"""Generate the Python code for the API from protos/ (the one code generator).

Run: python scripts/gen_protos.py [--check]

The output lands in judge/v1/ (the proto folders match the Python package path,
so no import patching is needed). With --check nothing is written; the exit
code is 1 when the committed code is stale.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
GENERATED = ("_pb2.py", "_pb2.pyi", "_pb2_grpc.py")


def generate(out: Path) -> None:
    from grpc_tools import protoc  # installed with the test extras

    include = Path(protoc.__file__).parent / "_proto"
    sources = sorted(str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto"))
    args = [
        "grpc_tools.protoc",
        f"-I{PROTOS}",
        f"-I{include}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *sources,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")


def outputs(base: Path) -> dict[str, Path]:
    return {
        str(p.relative_to(base)): p
        for p in base.rglob("*")
        if p.is_file() and p.name.endswith(GENERATED)
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only check for staleness")
    ns = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        generate(out)
        fresh = outputs(out)
        current = outputs(ROOT / "judge")
        current = {k: v for k, v in current.items() if k.startswith("v1/")}
        fresh = {k.removeprefix("judge/"): v for k, v in fresh.items()}
        if ns.check:
            stale = sorted(
                set(fresh) ^ set(current)
                | {k for k in fresh.keys() & current.keys() if not filecmp.cmp(fresh[k], current[k], shallow=False)}
            )
            if stale:
                print("stale generated code:", ", ".join(stale))
                return 1
            print("generated code is up to date")
            return 0
        for name, path in fresh.items():
            target = ROOT / "judge" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        print(f"wrote {len(fresh)} files to judge/v1/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
