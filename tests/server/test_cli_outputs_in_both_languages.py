"""Every command's output for a played game of each ruleset, in English and German (issue 28, "Done
means"): the German output has no English word outside card names and ids, and neither language shows
a raw enum name (``SIDE_PLAYERS``), a raw field name (``target_seat=1``) or a Python repr (``['c17']``,
``None``, ``{'``).

Each ruleset's game is dealt and played by a steady driver (the judge's own legal commands, the most
needed first) until it has a few turns behind it, then every command a player or organizer types is
run against it through the real command line (typer's runner, a real judge on loopback): rulesets,
cards, new (with the page's QR codes), view, legal for every seat, ask (a refused action: the ruling's
frame), submit, replay, dispute open/list/resolve, audit, export and verify, rotate, key, report.

The event narration (the summaries of submit and replay, the "waiting for" line) is checked like every
other line. Each game is dealt from a fixed seed (the judge's seed source, set for the game's creation),
so the games and the words they show are the same on every run.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from judge_client import action_of
from judge_client.errors import JudgeRpcError
from judge_client.telling import RecordTeller
from tests.rules.monkic.harness import values as monkic_values
from tests.server.support import SAFETY_TIMEOUT_S, Judge

RULESETS = ("munchkin", "babys", "star", "mixer", "monkic")
SEATS = {"monkic": ["Mia", "Tom"], "": ["Anna:female", "Ben:male", "Cem:male"]}
WIDE = "4000"
"""Wide enough that no line is wrapped (the narrow terminal has a test of its own below)."""

# The driver's preference among the judge's legal commands; anything that asks a person's judgement
# (trades, adjustments, gifts, selling) is never chosen.
PREFERRED = ("deal", "report_opening", "choose_card", "roll_die", "loot_corpse", "pick_treasure", "answer_curse",
             "resolve_combat", "claim_victory", "kick_door", "take_to_hand", "draw", "attack", "loot_room",
             "run_away", "suffer_bad_stuff", "give_up", "resolve", "end_turn")
STEPS = 40
AVOIDED = ("propose_trade", "accept_trade", "cancel_trade", "record_adjustment", "confirm_adjustment", "give_item",
           "sell_items", "reveal_card", "exchange", "destroy_trap")
"""Never chosen, not even when nothing preferred is offered."""

# Common English words of the command line's frame: none may show in German output.
ENGLISH = frozenset("""
the and of to for with seat seats level levels players player monsters monster version game turn waiting
strength forecast combat win wins won rule rules source section quote legal when error allowed not accepted
record events event checked clean token organizer spectator role name items sex male female human none yes
no round drawn taken stack life graveyard dispute disputes note options option variants variant actions kinds
card cards choices what does it is are by at on from has this that would may must can nothing now treasures
treasure escapes pursues needs total made where whose key public sealed intact altered receipts wrote chain
audit table page phone scan unknown carried helped against margin needs more draws gives eliminated
discrepancies family modes trait traits default range type other active finished reported dealt after
""".split())
REPR = re.compile(r"\['|\[\"|\[\]|\{'|\{\"|\{\}|\bNone\b|\bTrue\b|\bFalse\b|<[a-z_.]+ object")
RAW_ENUM = re.compile(r"\b(?!JUDGE_)[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
FIELD = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
WORD = re.compile(r"(?<![A-Za-zÄÖÜäöüß])[a-z]+(?![A-Za-zÄÖÜäöüß])")
"""A word in small letters (not the end of a capitalised German one: "Hand" is not "and")."""

runner = CliRunner()


def run(judge: Judge, *args: str, token: str = "", lang: str = "en", expect: int | None = 0,
        columns: str = WIDE) -> str:
    """``judge <args> --lang <lang>``: what it prints, stdout and stderr (the judge's own log lines aside)."""
    result = runner.invoke(__import__("judge_client.cli", fromlist=["app"]).app, [*args, "--lang", lang],
                           env={"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": token, "COLUMNS": columns})
    if expect is not None:
        assert result.exit_code == expect, (args, result.exit_code, result.output, result.exception)
    text = result.stdout + (result.stderr if result.stderr_bytes is not None else "")
    return "\n".join(line for line in text.splitlines() if not line.startswith("/judge.v1."))


class Played:
    """A dealt game of one ruleset, played for a while: its id, tokens, client and identifiers."""

    def __init__(self, judge: Judge, ruleset: str, folder: Path):
        self.ruleset = ruleset
        seats = SEATS.get(ruleset, SEATS[""])
        window = ["--window-ms", "0"]
        if ruleset == "monkic":  # the group's card values (002: each group writes its own)
            values = folder / "values.json"
            values.write_text(json.dumps(monkic_values()), encoding="utf-8")
            window = ["--cards", str(values)]
        self.new_args = [ruleset, *[a for s in seats for a in ("--seat", s)], *window]
        store = judge.app.store
        drawn, store.new_seed = store.new_seed, lambda: hashlib.sha256(f"readable {ruleset}".encode()).digest()
        try:
            created = json.loads(run(judge, "new", *self.new_args, "--mode", "dealt", "--json"))
        finally:
            store.new_seed = drawn
        self.game_id: str = created["game_id"]
        self.tokens = [t["token"] for t in created["seat_tokens"]]
        self.organizer: str = created["organizer_token"]
        self.names = [s.split(":")[0] for s in seats]
        self.client = JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S)
        self.seat_clients = [self.client.with_token(t) for t in self.tokens]
        self.played = self._play()

    def _play(self) -> int:
        """Up to ``STEPS`` actions, each the most preferred command any seat may send now that the judge
        accepts (a claim it refuses, the weaker side's, is passed over for the next)."""
        played = 0
        self.stopped = ""
        for _ in range(STEPS):
            offered: list[tuple[int, int, pb.Command]] = []
            for seat, client in enumerate(self.seat_clients):
                for action in client.legal_actions(self.game_id, seat).actions:
                    kind, _ = action_of(action.command)
                    if kind not in AVOIDED:
                        rank = PREFERRED.index(kind) if kind in PREFERRED else len(PREFERRED)
                        offered.append((rank, seat, action.command))
            for _, seat, command in sorted(offered, key=lambda o: (o[0], o[1])):
                try:
                    self.seat_clients[seat].submit_command(self.game_id, command)
                except JudgeRpcError as error:
                    self.stopped = str(error)
                    continue
                played += 1
                break
            else:
                self.stopped = self.stopped or f"nothing to do among {len(offered)} offered commands"
                break
        return played

    def identifiers(self) -> set[str]:
        """What may show as typed: the families' action kinds, the options' names, card ids."""
        rulesets = self.client.list_rulesets().rulesets
        words = {k for info in rulesets for k in info.action_kinds}
        words |= {o.name for info in rulesets for o in info.options}
        return words

    def card_words(self) -> set[str]:
        """The words of the ruleset's card names and ids (a card's name is printed as it is)."""
        words: set[str] = set()
        for card in self.client.list_cards(self.ruleset).cards:
            words |= set(re.findall(r"\w+", f"{card.name} {card.id} {card.text}".lower()))
        return words

    def narrated(self, lang: str) -> list[str]:
        """Every phrase the narration tells of this game in ``lang`` offline, from its record (each event
        told through the ruleset's narration hooks, as ``judge report`` tells a record read from a file)."""
        view = self.client.with_token(self.organizer).get_view(self.game_id).view
        cards = {c.id: c.name for c in self.client.list_cards(self.ruleset).cards}
        teller = RecordTeller(lang, self.names, view.rules_version, cards)
        steps = list(self.client.with_token(self.organizer).replay(self.game_id, 1, 0))
        return [p for p in (teller.summary(s.event) for s in steps) if p]


@pytest.fixture(scope="module")
def games(judge: Judge, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Played]]:
    played = {ruleset: Played(judge, ruleset, tmp_path_factory.mktemp(ruleset)) for ruleset in RULESETS}
    yield played
    for game in played.values():
        game.client.close()


def outputs(judge: Judge, game: Played, lang: str, tmp_path: Path) -> dict[str, str]:
    """Every command's output for the game, by command line."""
    gid, org = game.game_id, game.organizer
    out: dict[str, str] = {}

    def one(*args: str, token: str = "", expect: int | None = 0) -> None:
        out[" ".join(args)] = run(judge, *args, token=token, lang=lang, expect=expect)

    one("rulesets")
    one("cards", "--ruleset", game.ruleset, "--kind", "monster")
    one("new", *game.new_args, "--page", "http://192.0.2.7:8080/")
    one("view", gid, token=org)
    for seat, token in enumerate(game.tokens):
        one("view", gid, token=token)
        one("legal", gid, str(seat), token=token)
    # A refused action: the ruling's frame (rule, source, quote, legal when) around the judge's words.
    waiting = game.client.with_token(org).get_view(gid).view
    idle = next((s for s in range(len(game.tokens)) if s != waiting.active_seat), 0)
    one("ask", gid, str(idle), "end_turn" if game.ruleset != "monkic" else "end_turn", token=game.tokens[idle])
    one("submit", gid, str(idle), "end_turn", token=game.tokens[idle], expect=1)
    one("replay", gid, token=org)
    version = str(min(2, waiting.version))
    one("dispute", "open", gid, "0", version, "zu stark", token=game.tokens[0])
    one("dispute", "list", gid, token=org)
    opened = max(d.dispute_id for d in game.client.with_token(org).list_disputes(gid).disputes)
    one("dispute", "resolve", gid, str(opened), "--dismiss", "--note", "passt", token=org)
    one("audit", gid, token=org)
    record = tmp_path / f"{game.ruleset}-{lang}.jsonl"
    one("export", gid, "--out", str(record), token=org)
    key = run(judge, "key", "--hex").strip()
    one("verify", str(record), "--key", key, expect=None)
    one("report", gid, "--out", str(tmp_path / f"{game.ruleset}-{lang}.html"), "--key", key, token=org, expect=None)
    one("rotate", gid, "spectator", token=org)  # (a seat's new token would end the other language's run)
    one("key")
    return out


def problems(text: str, lang: str, allowed: set[str], cards: set[str]) -> list[str]:
    """What a reader should not see in ``text``."""
    found = []
    for line in text.splitlines():
        line = re.sub(r"\S*/\S*", " ", line)  # paths and links: the reader chose them
        line = re.sub(r"[A-Za-z0-9_-]{32,}", " ", line)  # tokens (random: "x_e7-..." is no field name)
        if REPR.search(line):
            found.append(f"a Python repr: {line.strip()}")
        for name in RAW_ENUM.findall(line):
            found.append(f"a raw enum name {name}: {line.strip()}")
        for name in FIELD.findall(line):
            if name not in allowed and name not in cards:
                found.append(f"a raw field name {name}: {line.strip()}")
        if lang == "de":
            # Identifiers as typed stand for themselves: options and flags (--option name=value), action
            # kinds and option names (end_turn), rule ids (munchkin.turn.not-your-turn), variants
            # (listen-at-the-door), keys and ids.
            plain = re.sub(r"--[a-z-]+|\S+=\S+|\S*[A-Za-z0-9][._-][A-Za-z0-9]\S*|[0-9a-f]{16,}", " ", line)
            english = {w for w in WORD.findall(plain) if w in ENGLISH and w not in cards}
            if english:
                found.append(f"English {sorted(english)}: {line.strip()}")
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_command_reads_in_german_and_shows_no_internals(judge: Judge, games: dict[str, Played],
                                                             ruleset: str, tmp_path: Path) -> None:
    game = games[ruleset]
    assert game.played >= 5, f"the {ruleset} game was hardly played ({game.played} actions): {game.stopped}"
    allowed = game.identifiers()
    cards = game.card_words() | {n.lower() for n in game.names}
    for lang in ("en", "de"):
        texts = outputs(judge, game, lang, tmp_path)
        texts["(the record told offline)"] = "\n".join(game.narrated(lang))
        found = {command: problems(text, lang, allowed, cards) for command, text in texts.items()}
        found = {command: lines for command, lines in found.items() if lines}
        assert not found, f"{ruleset}, {lang}:\n" + "\n".join(
            f"judge {command}:\n  " + "\n  ".join(lines[:8]) for command, lines in found.items())
