"""A malformed action, a malformed position, a malformed set-up of a set layer and an audit's discrepancy
are answered in the caller's language (``accept-language``), with the field name kept as it is (issue 28:
"Readable everywhere": every sentence a person reads comes from the catalogues)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import grpc
import pytest

from judge_client import JudgeClient
from judge_client.errors import JudgeRpcError
from tests.domain.domain_support import act, new_game, record_text
from tests.server.support import SAFETY_TIMEOUT_S, SEATS, Judge
from judge.rulesets.munchkin.actions import KickDoor, SellItems

DOCS = Path(__file__).resolve().parents[2] / "docs" / "position"


def _refused(judge: Judge, lang: str, call: Any, token: str = "") -> JudgeRpcError:
    with JudgeClient(judge.target, token or None, lang, SAFETY_TIMEOUT_S) as client:
        with pytest.raises(JudgeRpcError) as caught:
            call(client)
    assert caught.value.code == grpc.StatusCode.INVALID_ARGUMENT, caught.value
    return caught.value


def _hand_written() -> dict[str, Any]:
    return dict(json.loads((DOCS / "anna-vs-plutoniumdrache.json").read_text(encoding="utf-8")))


def test_a_door_kicked_with_a_treasure_card_is_refused_in_german_naming_the_field(judge: Judge) -> None:
    """000 "PHASE 1: TÜR EINTRETEN": a door card; the field stays ``command.kick_door.card``."""
    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS, interference_window_ms=0, first_seat=0)
    token = game.seat_tokens[0].token

    def kick(client: JudgeClient) -> None:
        client.submit(game.game_id, 0, "kick_door", card="kettensaege")

    german = _refused(judge, "de", kick, token)
    english = _refused(judge, "en", kick, token)
    assert german.field_violations == [("command.kick_door.card", "kettensaege ist keine Türkarte")]
    assert english.field_violations == [("command.kick_door.card", "kettensaege is not a door card")]


@pytest.mark.parametrize(("change", "field", "de", "en"), [
    (lambda p: {**p, "seats": [{**p["seats"][0], "sex": "x"}, *p["seats"][1:]]}, "position.seats[0].sex",
     "male (männlich) oder female (weiblich)", "male or female"),
    (lambda p: {**p, "turn": 0}, "position.turn", "Züge zählen ab 1", "turns count from 1"),
    (lambda p: {**p, "combat": {**p["combat"], "monsters": []}}, "position.combat.monsters",
     "ein Kampf hat mindestens ein Monster", "a combat has at least one monster"),
    (lambda p: {**p, "format": "fen"}, "position.format", "muss 'judge-position' sein", "must be 'judge-position'"),
    (lambda p: {k: v for k, v in p.items() if k != "seats"}, "position.seats", "fehlt", "missing"),
])
def test_a_malformed_position_is_said_in_german_with_its_field(judge: Judge, change: Any, field: str, de: str,
                                                               en: str) -> None:
    bad = change(_hand_written())
    german = _refused(judge, "de", lambda c: c.create_game_from_position(bad))
    english = _refused(judge, "en", lambda c: c.create_game_from_position(bad))
    assert german.field_violations == [(field, de)]
    assert english.field_violations == [(field, en)]


def test_a_two_player_game_with_two_seats_says_the_variant_needs_four_characters_in_german(judge: Judge) -> None:
    """001 "MUNCHKIN FÜR ZWEI SPIELER": four characters, with the plural the number takes."""
    def two(client: JudgeClient) -> None:
        client.create_game("munchkin", SEATS[:2], variants=["two-players"])

    [(field, said)] = _refused(judge, "de", two).field_violations
    assert field == "seats"
    assert said.startswith("die Variante two-players wird mit 4 Plätzen gespielt, einem je Charakter")
    assert said.endswith("gib 4 Plätze an, angegeben: 2")


def test_a_mixer_naming_a_set_twice_is_said_in_german(judge: Judge) -> None:
    def mixed(client: JudgeClient) -> None:
        client.create_game("mixer", SEATS, options={"sets": "munchkin,munchkin"})

    assert _refused(judge, "de", mixed).field_violations == [
        ("options.sets", "die Edition 'munchkin' ist zweimal genannt")]


def test_an_import_refused_by_its_audit_says_the_discrepancy_in_german(judge: Judge) -> None:
    """A record whose sale was moved into the combat (000 "Verkaufen ... nicht während eines Kampfes"):
    the import is refused with the first discrepancy, the frame and the ruling in the caller's language."""
    game = new_game()
    act(game, "sell", 0, SellItems(cards=("gehoernter-helm", "kettensaege")))
    act(game, "kick", 0, KickDoor(card="lahmer-goblin"))
    header, created, sale, kick = [json.loads(line) for line in record_text(game).splitlines()]
    kick["version"], sale["version"] = 2, 3
    tampered = "".join(json.dumps(o) + "\n" for o in (header, created, kick, sale))
    german = _refused(judge, "de", lambda c: c.import_game(tampered), judge.admin_token)
    [(field, said)] = german.field_violations
    assert field == "record"
    assert said.startswith("unzulässig bei Version 3: Zeile 4: die Regeln lehnen diesen Befehl ab "
                           "(munchkin.sell.not-during-combat): "), said
    english = _refused(judge, "en", lambda c: c.import_game(tampered), judge.admin_token)
    assert english.field_violations[0][1].startswith(
        "rejected at version 3: line 4: the rules reject this command (munchkin.sell.not-during-combat): ")


def test_a_request_the_command_line_cannot_build_is_refused_in_german(judge: Judge) -> None:
    """An unknown action kind or a field's wrong value never reaches the judge: the command line says so in
    ``--lang``'s words, framed as the judge's refusals are, with click's exit status for a bad parameter."""
    from typer.testing import CliRunner

    from judge_client.cli import app

    with JudgeClient(judge.target, timeout=SAFETY_TIMEOUT_S) as client:
        game = client.create_game("munchkin", SEATS, interference_window_ms=0)
    env = {"JUDGE_TARGET": judge.target, "JUDGE_TOKEN": game.seat_tokens[0].token}
    runner = CliRunner()
    unknown = runner.invoke(app, ["submit", game.game_id, "0", "fly_away", "--lang", "de"], env=env)
    assert unknown.exit_code == 2
    assert "Fehler (ungültige Anfrage): unbekannte Aktionsart 'fly_away'" in unknown.stderr, unknown.stderr
    wrong = runner.invoke(app, ["submit", game.game_id, "0", "play_card", "--arg", "card=uralt",
                                "--arg", "monster_index=x", "--lang", "de"], env=env)
    assert wrong.exit_code == 2
    assert "monster_index: 'x' ist keine ganze Zahl" in wrong.stderr, wrong.stderr
    english = runner.invoke(app, ["submit", game.game_id, "0", "fly_away"], env=env)
    assert "error (invalid request): unknown action kind 'fly_away'" in english.stderr, english.stderr


def test_a_requests_field_violations_are_said_in_german(judge: Judge) -> None:
    """CreateGame's own checks of its fields (a seat's name, a card's JSON, an option) speak the caller's
    language too, each naming its field as sent."""
    def bad(client: JudgeClient) -> None:
        client.create_game("munchkin", [" Anna:female", *SEATS[1:]], custom_cards=["[1, 2]"],
                           options={"no-such-option": "1"})

    violations = dict(_refused(judge, "de", bad).field_violations)
    assert violations["seats[0].name"] == "darf nicht mit Leerraum beginnen oder enden"
    assert violations["custom_cards[0].json"] == "muss ein JSON-Objekt sein"
    assert violations["options.values[no-such-option]"].startswith(
        "das Regelwerk munchkin hat keine Option 'no-such-option' (bekannt: ")
    english = dict(_refused(judge, "en", bad).field_violations)
    assert english["seats[0].name"] == "must not start or end with white space"
