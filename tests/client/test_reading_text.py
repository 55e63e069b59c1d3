"""What a player reads, in their language (issue 15, section 2): event summaries in prose with
names, the waiting-for line, grouped legal actions, shell exports; all through gettext
catalogues that are compiled and complete (scripts/compile_messages.py)."""

from __future__ import annotations

import gettext
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from judge.v1 import judge_pb2 as pb
from judge.common.i18n import LOCALE_DIR
from judge_client.legal_groups import WayWords, group_actions
from judge.rules import registry
from judge.rules.narration import render, tell_waiting
from judge_client.table_text import env_lines, variable_name
from judge_client.telling import RecordTeller

ROOT = Path(__file__).resolve().parents[2]
SEATS = ["Anna", "Ben", "Cem"]
CARDS = {"topfpflanze": "Topfpflanze", "trank-der-idiotischen-tapferkeit": "Trank der idiotischen Tapferkeit"}


def waiting_line(text: str, lang: str, seats: list[str], cards: dict[str, str] | None = None) -> str:
    """The line as the judge tells it in a Munchkin game's view (judge/app/narration.py)."""
    return render(tell_waiting(registry.get("munchkin"), text), lang, seats, cards)


def _event(effects: list[dict[str, object]], seat: int = 0, action: str = "resolve_combat") -> pb.Event:
    return pb.Event(version=5, kind="CommandAccepted", seat=seat, action=action,
                    payload_json=json.dumps({"effects": effects}))


def test_catalogues_are_compiled_and_translate_every_marked_message() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile_messages.py"), "--check"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    with (LOCALE_DIR / "de" / "LC_MESSAGES" / "judge.mo").open("rb") as f:
        assert gettext.GNUTranslations(f).gettext("seat {seat}") == "Platz {seat}"
    # Each game's words are in its own package's catalogue (judge/rulesets/<family>/locale).
    mo = ROOT / "judge" / "rulesets" / "munchkin" / "locale" / "de" / "LC_MESSAGES" / "munchkin.mo"
    with mo.open("rb") as f:
        german = gettext.GNUTranslations(f)
    assert german.gettext("{seat} is now level {level}") == "{seat} ist jetzt Stufe {level}"
    assert german.ngettext("{n} face-down card", "{n} face-down cards", 2) == "{n} verdeckte Karten"


def test_a_kill_is_told_in_prose_with_names_in_both_languages() -> None:
    """The issue's own example: "Anna tötet die Topfpflanze und steigt auf Stufe 2"."""
    for lang, expected in (("de", "Anna tötet Topfpflanze und steigt auf Stufe 2"),
                           ("en", "Anna kills Topfpflanze and reaches level 2")):
        narrator = RecordTeller(lang, SEATS, "munchkin@1", CARDS)
        narrator.summary(_event([{"type": "DoorKicked", "seat": 0, "card": "topfpflanze", "kind": "monster"},
                                 {"type": "CombatStarted", "fighter": 0, "card": "topfpflanze"}], action="kick_door"))
        told = narrator.summary(_event([
            {"type": "WindowClosed"},
            {"type": "MonstersDefeated", "fighter": 0, "killed": [0], "levels": 1, "treasures": 1},
            {"type": "LevelChanged", "seat": 0, "level": 2, "delta": 1, "reason": "kill"},
            {"type": "CardsDrawn", "seat": 0, "deck": "treasure", "cards": [], "unknown": 1},
        ]))
        assert told.startswith(expected), told
        assert "MonstersDefeated" not in told and "seat 0" not in told


def test_internal_event_names_never_show() -> None:
    narrator = RecordTeller("de", SEATS, "munchkin@1", CARDS)
    told = narrator.summary(_event([{"type": "PlayerBonusAdded", "seat": 1, "card": "trank-der-idiotischen-tapferkeit",
                                     "bonus": 2}, {"type": "SomethingNew", "seat": 1}], seat=1, action="play_card"))
    assert told == "Ben bekommt +2 durch Trank der idiotischen Tapferkeit"
    quiet = narrator.summary(_event([{"type": "ReceiptLapsed", "seat": 2}], seat=2, action="end_turn"))
    assert quiet == "Cem: Zug beenden"


def test_the_waiting_line_names_the_seat_in_the_readers_language() -> None:
    assert waiting_line("seat 1 to kick open the door", "de", SEATS) == "Ben tritt die Tür ein"
    assert waiting_line("seat 1 to kick open the door", "en", SEATS) == "Ben to kick open the door"
    assert waiting_line("seats 0, 2 to roll for the looting order", "de", SEATS) == \
        "Anna, Cem: um die Reihenfolge beim Plündern würfeln"
    assert waiting_line("seat 2 to answer the curse topfpflanze (a counter, or take it)", "en", SEATS, CARDS) == \
        "Cem to answer the curse Topfpflanze (a counter, or take it)"
    assert waiting_line("seat 2 to do something new", "de", SEATS) == "Cem to do something new"


def test_without_the_judge_package_a_record_is_told_by_event_kind_and_action() -> None:
    narrator = RecordTeller("de", SEATS, "munchkin@1", CARDS)
    narrator.narration = None  # what the client alone has
    assert narrator.summary(_event([{"type": "LevelChanged", "seat": 0, "level": 2}])) == \
        "CommandAccepted: resolve_combat"
    assert narrator.seat(1) == "Ben" and narrator.seat(7) == "Platz 7"


def _legal(kind: str, **fields: object) -> pb.LegalAction:
    command = pb.Command(seat=0)
    getattr(command, kind).SetInParent()
    for name, value in fields.items():
        setattr(getattr(command, kind), name, value)
    return pb.LegalAction(kind=kind, command=command, description=kind)


def test_legal_actions_group_by_action_and_card_with_each_target_once() -> None:
    actions = [_legal("reveal_card", card=f"card-{i}") for i in range(50)]
    actions += [_legal("play_card", card="fluch", target_seat=i) for i in range(3)]
    actions += [_legal("play_card", card="trank", side=pb.SIDE_PLAYERS), _legal("give_up"),
                _legal("claim_victory")]
    groups = group_actions(actions, WayWords("en", SEATS, {}))
    assert [g.kind for g in groups] == ["claim_victory", "give_up", "play_card", "reveal_card"]
    play = groups[2]
    assert play.count == 4 and [(r.card, r.ways) for r in play.rows] == [
        ("fluch", ["on Anna", "on Ben", "on Cem"]), ("trank", ["for the players"])]
    reveal = groups[3]
    assert (reveal.count, reveal.listed) == (50, False)
    assert group_actions(actions, WayWords("en", SEATS, {}), show_all=True)[3].listed


def test_env_lines_export_one_variable_per_seat_named_after_the_player() -> None:
    game = SimpleNamespace(
        game_id="g-1", organizer_token="org", spectator_token="spec",
        seat_tokens=[SimpleNamespace(seat=i, token=f"t{i}") for i in range(4)],
        view=SimpleNamespace(seats=[SimpleNamespace(seat=i, name=n) for i, n in enumerate(["Anna", "Jörg", "anna", "9"])]))
    assert env_lines(game) == ["export GAME=g-1", "export ANNA=t0", "export JOERG=t1", "export SEAT2=t2",
                               "export SEAT3=t3", "export ORGANIZER=org", "export SPECTATOR=spec"]
    assert variable_name("Path", 0) == "SEAT0"  # never a variable the shell uses itself


def test_each_package_with_a_catalogue_translates_its_own_markers() -> None:
    """scripts/compile_messages.py gives a module's markers to the nearest package with a ``locale``
    folder: a game's sentences to its own catalogue, the rest of the judge and the client to judge.po."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import compile_messages as cm
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    munchkin = ROOT / "judge" / "rulesets" / "munchkin"
    assert {munchkin / "locale", ROOT / "judge" / "rulesets" / "star" / "locale"} <= set(cm.locales())
    own = cm.sources_of(munchkin / "locale")
    assert munchkin / "narration.py" in own and not any("star" in p.parts for p in own)
    shared = cm.sources_of(cm.LOCALE)
    assert ROOT / "judge" / "rules" / "narration.py" in shared and munchkin / "narration.py" not in shared
    assert "{seat} kills {monsters}" in cm.marked_messages(own)
