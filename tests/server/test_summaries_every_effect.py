"""Effects Narrator once left out are told over the real server (issue "At the table", section 2): a
monkic game's opening and its attacks read in German and English with the players' names."""

from __future__ import annotations

import json

from judge_client import JudgeClient
from tests.server.monkic_support import bot_game, open_monkic
from tests.support.chance import a_game_where


def _told(client: JudgeClient) -> tuple[dict[str, str], set[str]]:
    """Every summary of a dealt monkic game the bot played to its end, per language, and the types of
    its effects."""
    table = open_monkic(client, mode="dealt")
    bot_game(table)
    told, types = {}, set()
    for lang in ("en", "de"):
        with JudgeClient(client.target, table.game.spectator_token, lang, client.timeout) as reader:
            replay = list(reader.replay(table.game_id))
        told[lang] = "\n".join(r.event.summary for r in replay)
        types |= {e["type"] for r in replay if r.event.kind == "CommandAccepted"
                  for e in json.loads(r.event.payload_json)["effects"]}
    return told, types


def test_a_monkic_games_opening_and_attacks_are_told_with_names(client: JudgeClient) -> None:
    """002 Spielfeld: the opening cards laid out and the attacks, told per seat in both languages."""
    # About one bot game in three hundred ends (the curse Attack) before anybody attacks.
    told, _ = a_game_where(lambda: _told(client), lambda game: "Attacked" in game[1], "an attack")
    assert "Mia lays out the opening cards" in told["en"] and "Tom lays out the opening cards" in told["en"]
    assert "Mia legt die Startkarten aus" in told["de"] and "Tom legt die Startkarten aus" in told["de"]
    assert "attacks with" in told["en"] and "greift mit" in told["de"]
