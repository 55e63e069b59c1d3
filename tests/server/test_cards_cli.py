"""``judge cards``: the search (its default verb) and a group's card library from the command line
(add, edit, remove, import, export; ``judge new --collection``), in English and German."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server.support import Judge
from tests.server.test_cli import judge_cli

SLIME = '''[[card]]
id = "schleimiger-schleim"
name = "Schleimiger Schleim"
deck = "door"
kind = "monster"
level = 3
treasures = 1
text = "Schlimme Dinge: Verliere 1 Stufe."
bad_stuff = { lose_levels = 1 }
'''


def test_a_card_added_from_the_command_line_is_known_to_the_collections_next_game(judge: Judge,
                                                                                  tmp_path: Path) -> None:
    card = tmp_path / "schleim.toml"
    card.write_text(SLIME, encoding="utf-8")
    admin = judge.admin_token
    said = judge_cli(judge, "cards", "add", str(card), "--collection", "kneipe", token=admin)
    assert "schleimiger-schleim added to the library of kneipe" in said
    again = judge_cli(judge, "cards", "add", str(card), "--collection", "kneipe", "--lang", "de", token=admin)
    assert "schleimiger-schleim ist schon so in der Kartensammlung von kneipe" in again
    assert "Schleimiger Schleim" in judge_cli(judge, "cards", "schleimiger", "--collection", "kneipe")
    assert "Schleimiger Schleim" in judge_cli(judge, "cards", "search", "schleimiger", "--collection", "kneipe")
    judge_cli(judge, "cards", "schleimiger", expect=1)  # not in the shipped catalogue: did you mean ...
    game = json.loads(judge_cli(judge, "new", "munchkin", "--seat", "Anna:female", "--seat", "Ben:male",
                                "--seat", "Cem:male", "--collection", "kneipe", "--json"))
    anna = game["seat_tokens"][0]["token"]
    judge_cli(judge, "submit", game["game_id"], "0", "kick_door", "--arg", "card=Schleimiger Schleim", token=anna)


def test_edit_remove_export_and_import_from_the_command_line(judge: Judge, tmp_path: Path) -> None:
    card = tmp_path / "schleim.toml"
    card.write_text(SLIME, encoding="utf-8")
    admin = judge.admin_token
    judge_cli(judge, "cards", "add", str(card), "--collection", "werkbank", token=admin)
    card.write_text(SLIME.replace("level = 3", "level = 4"), encoding="utf-8")
    assert '"level": 3' in judge_cli(judge, "cards", "edit", str(card), "--collection", "werkbank", token=admin)
    out = tmp_path / "werkbank.toml"
    assert "1 card written to" in judge_cli(judge, "cards", "export", "--collection", "werkbank", "--out", str(out))
    assert "level = 4" in out.read_text(encoding="utf-8")
    judge_cli(judge, "cards", "remove", "schleimiger-schleim", "--collection", "werkbank", token=admin)
    assert "1 card added, 0 there already as given" in judge_cli(
        judge, "cards", "import", str(out), "--collection", "werkbank", token=admin)
    assert "0 Karten aufgenommen, 1 schon so vorhanden" in judge_cli(
        judge, "cards", "import", str(out), "--collection", "werkbank", "--lang", "de", token=admin)
    empty = tmp_path / "leer.toml"
    empty.write_text("", encoding="utf-8")
    judge_cli(judge, "cards", "import", str(empty), "--collection", "werkbank", token=admin, expect=2)
