"""Effects Narrator once left out are told over the real server (issue "At the table", section 2): a
monkic game's opening and its attacks read in German and English with the players' names."""

from __future__ import annotations

import json

from judge_client import JudgeClient
from tests.server.monkic_support import bot_game, open_monkic


def _told_game_with_an_attack(client: JudgeClient) -> dict[str, str]:
    """Every summary of a dealt monkic game the bot played to its end, per language, of a game with an
    attack in it. The server draws each game's seed; about one bot game in three hundred ends (the
    curse Attack) before anybody attacks, and such a game is played again."""
    for _ in range(5):
        table = open_monkic(client, mode="dealt")
        bot_game(table)
        told = {}
        for lang in ("en", "de"):
            with JudgeClient(client.target, table.game.spectator_token, lang, client.timeout) as reader:
                told[lang] = "\n".join(r.event.summary for r in reader.replay(table.game_id))
        effects = [e for r in table.spectator.replay(table.game_id) if r.event.kind == "CommandAccepted"
                   for e in json.loads(r.event.payload_json)["effects"]]
        if any(e["type"] == "Attacked" for e in effects):
            return told
    raise AssertionError("five dealt monkic games in a row without an attack")


def test_a_monkic_games_opening_and_attacks_are_told_with_names(client: JudgeClient) -> None:
    """002 Spielfeld: the opening cards laid out and the attacks, told per seat in both languages."""
    told = _told_game_with_an_attack(client)
    assert "Mia lays out the opening cards" in told["en"] and "Tom lays out the opening cards" in told["en"]
    assert "Mia legt die Startkarten aus" in told["de"] and "Tom legt die Startkarten aus" in told["de"]
    assert "attacks with" in told["en"] and "greift mit" in told["de"]
