"""Compile the message catalogues (.po) to the .mo files gettext reads.

Run: python scripts/compile_messages.py [--check]

Reads every catalogue, ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``, and
writes the ``.mo`` beside it (GNU gettext's binary format, as ``msgfmt`` writes
it; plural forms included). There is one domain per package with a ``locale``
folder: the judge's and the client's own (``judge/common/locale``), and each game
package's beside its code (``judge/rulesets/<family>/locale``). A module's marked
messages (``tr``, ``ntr``, ``N_``, and the docstrings of the command line's commands, their
``--help``) belong to the nearest package above it with a
``locale`` folder, the rest of the client and the judge to ``judge/common/locale``.
``--check`` only reports stale files and every marked message that its domain's
catalogue does not translate (exit 1).
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "judge" / "common" / "locale"
SOURCES = (ROOT / "clients" / "python" / "judge_client", ROOT / "judge")
"""Where the marked messages are: the client library and the judge (its generated code aside)."""


def locales() -> list[Path]:
    """Every ``locale`` folder: the shared one first, then each package's own."""
    own = sorted(p for p in (ROOT / "judge").rglob("locale") if p.is_dir() and p != LOCALE
                 and (p.parent / "__init__.py").exists())
    return [LOCALE, *own]


def sources_of(locale: Path) -> list[Path]:
    """The modules whose marked messages ``locale``'s catalogues translate."""
    others = [p.parent for p in locales() if p != LOCALE]
    if locale == LOCALE:
        candidates = [p for folder in SOURCES for p in folder.rglob("*.py")]
    else:
        candidates = list(locale.parent.rglob("*.py"))
        others = [o for o in others if o != locale.parent and locale.parent in o.parents]
    return sorted(p for p in candidates if "v1" not in p.parts and not any(o in p.parents for o in others))


def parse_po(text: str) -> dict[str, str]:
    """The translations of a .po file: msgid (with a plural id joined by NUL) -> msgstr
    (plural forms joined by NUL). Untranslated and fuzzy entries are left out."""
    entries: dict[str, str] = {}
    fields: dict[str, list[str]] = {}
    current = ""
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if "msgid" in fields:
            msgid = "".join(fields["msgid"])
            if "msgid_plural" in fields:
                msgid += "\0" + "".join(fields["msgid_plural"])
                forms = [k for k in fields if k.startswith("msgstr[")]
                msgstr = "\0".join("".join(fields[k]) for k in sorted(forms))
            else:
                msgstr = "".join(fields.get("msgstr", []))
            if msgstr.strip("\0") and (not fuzzy or msgid == ""):
                entries[msgid] = msgstr
        fields.clear()
        fuzzy = False

    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in fields:
                    flush()
                fuzzy = True
            continue
        if line.startswith('"'):
            fields[current].append(ast.literal_eval(line))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields:
            flush()
        current = keyword
        fields[current] = [ast.literal_eval(rest)]
    flush()
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """The .mo file of the entries (sorted ids, no hash table)."""
    ids = sorted(entries)
    keys = [i.encode("utf-8") for i in ids]
    values = [entries[i].encode("utf-8") for i in ids]
    n = len(ids)
    start = 7 * 4
    key_table = start
    value_table = key_table + n * 8
    data = value_table + n * 8
    offsets = []
    blob = b""
    for k in keys:
        offsets.append((len(k), data + len(blob)))
        blob += k + b"\0"
    for v in values:
        offsets.append((len(v), data + len(blob)))
        blob += v + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, n, key_table, value_table, 0, 0)
    tables = b"".join(struct.pack("<2I", length, offset) for length, offset in offsets)
    return header + tables + blob


def marked_messages(paths: list[Path]) -> list[str]:
    """The message ids the client's code marks: the literal message of every ``tr(lang, msg)``,
    ``ntr(lang, singular, plural, n)`` and ``N_(msg)`` call, and the help of every command of the
    command line (``command_help``), in order of appearance."""
    wanted = {"tr": (1,), "ntr": (1, 2), "N_": (0,)}
    ids: list[str] = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            doc = command_help(node)
            if doc is not None and doc not in ids:
                ids.append(doc)
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            for i in wanted.get(name, ()):
                arg = node.args[i] if i < len(node.args) else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value not in ids:
                    ids.append(arg.value)
    return ids


def command_help(node: ast.AST) -> str | None:
    """The docstring of a command line command (a function decorated with ``@....command(...)`` or
    ``@....callback(...)``): its ``--help``, marked by being a command's, as typer reads it."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    for decorator in node.decorator_list:
        func = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(func, ast.Attribute) and func.attr in ("command", "callback"):
            return ast.get_docstring(node, clean=True)
    return None


def untranslated(po: Path) -> list[str]:
    """The marked messages a catalogue leaves untranslated."""
    sources = sources_of(po.parents[2])
    known: set[str] = set()
    for msgid in parse_po(po.read_text(encoding="utf-8")):
        known.update(msgid.split("\0"))
    return [m for m in marked_messages(sources) if m not in known]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    missing = []
    for po in [po for locale in locales() for po in sorted(locale.glob("*/LC_MESSAGES/*.po"))]:
        missing += [f"{po.stem} {po.parent.parent.name}: {m!r}" for m in untranslated(po)]
        mo = po.with_suffix(".mo")
        data = mo_bytes(parse_po(po.read_text(encoding="utf-8")))
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale.append(mo)
        if not check:
            mo.write_bytes(data)
    if check and (stale or missing):
        if stale:
            print("stale: " + ", ".join(str(m.relative_to(ROOT)) for m in stale))
        for m in missing:
            print(f"untranslated: {m}")
        return 1
    if not check:
        print(f"wrote {len(stale)} file(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
