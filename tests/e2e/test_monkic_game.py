"""A scripted monkic game (002) against a real judge process (started with
the README's command), driven by the command line and by the client library
from this separate process, at a reported table (the players report their
cards and dice):

* created with ``judge new monkic --seat Mia --seat Tom`` and the group's card
  values from a TOML file, 13 life points (option ``life_points``);
* round 1: Mia lays her joker under the Drache (002 Karten, Jokers: "Dies geht
  nicht mehr im Nachhinein!", so before it fights); Tom's attack is refused
  with its ruling (002 Start: "Die erste Runde darf kein Spieler angreifen.");
* round 2: the Drache beats Tom's Roboter; SuperPower (24 / die) hits Tom's
  life points as he has no hand card left (002 Angriff und Verteidigung);
  Mia plays the curse Heilung (+2); Tom's Hydra attacks twice (002 Karten):
  the Drache loses and the joker dies in its place, SuperPower loses and its
  last trick adds the reported die times 2 to Mia's life points (002
  SuperPower); until Mia reports that die Tom may do nothing else;
* round 3: Elemente's die 3 (Blitz) takes 7 off Tom's life points although he
  has a hand card (002 Elemente, Augenzahl 3): 0 life points, Mia wins;
* the view as a table and as JSON, Replay, Watch, an export, the offline
  audit (which rules a forged first-round attack) and verify of the record,
  and its import as a new game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.rulesets.monkic.cards import load_values_file
from judge_client import JudgeClient, JudgeRpcError
from tests.e2e.conftest import cli, cli_json
from tests.rules.monkic.harness import values
from tests.support.judge_process import JudgeProcess

SOURCE = "002_6f051032b31e80ba.txt"


def values_file(path: Path) -> Path:
    """The group's card values as the TOML file docs/monkic.md describes."""
    lines = []
    for entry in values():
        lines.append("[[card]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in entry.items()]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")
    assert load_values_file(path) == values()  # the ruleset's own reader reads the same cards
    return path


def test_a_scripted_monkic_game_to_zero_life_points(server: JudgeProcess, tmp_path: Path) -> None:
    t = server.target
    # ---------------------------------------------------------------- creation (CLI)
    created = cli_json(t, "new", "monkic", "--seat", "Mia", "--seat", "Tom", "--option", "life_points=13",
                       "--cards", str(values_file(tmp_path / "karten.toml")))
    game = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seat_tokens"]}
    assert created["view"]["family"] == "monkic" and created["view"]["phase"] == "opening"
    assert [s["life"] for s in created["view"]["monkic"]["seats"]] == [13, 13]
    mia, tom = JudgeClient(t, tokens[0]), JudgeClient(t, tokens[1])
    org = JudgeClient(t, created["organizer_token"])

    # ---------------------------------------------------------------- opening (002 Vorbereitung)
    cli(t, "submit", game, "0", "report_opening",
        "--arg", "cards=drache,joker,superpower,elemente,heilung,golem,kobold", token=tokens[0])      # v2
    opened = tom.submit(game, 1, "report_opening",
                        cards=["roboter", "zwerg", "joker-kind", "hydra", "ratte", "barriere", "computer"])  # v3
    view = opened.view
    assert (view.turn, view.active_seat, view.monkic.round) == (1, 0, 1)
    drache, joker, superpower, elemente, heilung = (c.id for c in view.monkic.seats[0].table[:5])
    roboter, hydra = view.monkic.seats[1].table[0].id, view.monkic.seats[1].table[3].id

    # ---------------------------------------------------------------- round 1
    mia.submit(game, 0, "take_to_hand", card=drache)                                                 # v4
    mia.submit(game, 0, "draw", card="ninja")                                                        # v5
    cli(t, "submit", game, "0", "protect", "--arg", f"guard={joker}", "--arg", f"card={drache}",
        token=tokens[0])                                                                             # v6
    mia.submit(game, 0, "end_turn")                                                                  # v7
    tom.submit(game, 1, "take_to_hand", card=roboter)                                                # v8
    tom.submit(game, 1, "draw", card="hexe")                                                         # v9
    # Tom's Roboter attacks in the first round: refused, with its ruling.
    refused = cli(t, "submit", game, "1", "attack", "--arg", f"card={roboter}", "--arg", f"targets={drache}",
                  "--arg", "dice=6", "--arg", "defence_dice=2", "--json", token=tokens[1], check=False)
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert error["code"] == "FAILED_PRECONDITION" and error["rule_id"] == "monkic.attack.first-round"
    assert (error["ruling"]["source"], error["ruling"]["section"]) == (SOURCE, "Start")
    assert error["ruling"]["quote"] == "Die erste Runde darf kein Spieler angreifen."
    table_text = cli(t, "submit", game, "1", "attack", "--arg", f"card={roboter}", "--arg", f"targets={drache}",
                     "--arg", "dice=6", "--arg", "defence_dice=2", token=tokens[1], lang="de", check=False)
    assert "monkic.attack.first-round" in table_text.stdout + table_text.stderr
    with pytest.raises(JudgeRpcError) as info:
        JudgeClient(t, tokens[1], language="de").submit(game, 1, "attack", card=roboter, targets=[drache],
                                                          dice=[6], defence_dice=[2])
    assert info.value.rule_id == "monkic.attack.first-round"
    assert info.value.message == "In der ersten Runde darf niemand angreifen."
    asked = tom.ask(game, 1, "attack", card=roboter, targets=[drache], dice=[6], defence_dice=[2])
    assert not asked.allowed and asked.ruling.legal_when == "From the second round on."
    assert org.get_view(game).view.version == 9  # nothing recorded
    tom.submit(game, 1, "end_turn")                                                                  # v10

    # ---------------------------------------------------------------- round 2
    assert mia.get_view(game).view.monkic.round == 2
    mia.submit(game, 0, "take_to_hand", card=superpower)                                             # v11
    mia.submit(game, 0, "draw", card="zyklop")                                                       # v12
    # The Drache (8 + 4) beats the Roboter (7 + 1).
    fought = cli_json(t, "submit", game, "0", "attack", "--arg", f"card={drache}", "--arg", f"targets={roboter}",
                      "--arg", "dice=4", "--arg", "defence_dice=1", token=tokens[0])                # v13
    assert [c["card"] for c in fought["view"]["monkic"]["seats"][1]["graveyard"]] == ["roboter"]
    # Tom has no hand card left: SuperPower's 24 / 4 come off his life points.
    hit = mia.submit(game, 0, "attack", card=superpower, dice=[4])                                   # v14
    assert hit.view.monkic.seats[1].life == 13 - 6
    healed = mia.submit(game, 0, "play_curse", card=heilung)                                         # v15
    assert healed.view.monkic.seats[0].life == 13 + 2
    mia.submit(game, 0, "end_turn")                                                                  # v16
    tom.submit(game, 1, "take_to_hand", card=hydra)                                                  # v17
    tom.submit(game, 1, "draw", card="spinne")                                                       # v18
    # The Hydra (6 + 5) beats the Drache (5 + 1); the joker under it dies in its place.
    saved = tom.submit(game, 1, "attack", card=hydra, targets=[drache], dice=[5], defence_dice=[1])  # v19
    mine = saved.view.monkic.seats[0]
    assert [c.card for c in mine.hand] == ["drache", "superpower"] and not mine.hand[0].HasField("guard")
    assert [c.card for c in mine.graveyard] == ["heilung", "joker"]
    # The Hydra attacks a second time: SuperPower (24 / 6) loses and plays its last trick.
    trick = tom.submit(game, 1, "attack", card=hydra, targets=[superpower], dice=[6], defence_dice=[6])  # v20
    [pending] = trick.view.monkic.pending
    assert (pending.seat, pending.kind, pending.dice) == (0, "last-trick", 1)
    with pytest.raises(JudgeRpcError) as info:
        tom.submit(game, 1, "end_turn")
    assert info.value.rule_id == "monkic.pending.answer-first"
    cli(t, "submit", game, "0", "resolve", "--arg", "dice=3", token=tokens[0])                       # v21
    assert mia.get_view(game).view.monkic.seats[0].life == 15 + 3 * 2
    tom.submit(game, 1, "end_turn")                                                                  # v22

    # ---------------------------------------------------------------- round 3: Elemente's Blitz
    mia.submit(game, 0, "take_to_hand", card=elemente)                                               # v23
    won = mia.submit(game, 0, "attack", card=elemente, dice=[3])                                     # v24
    final = won.view
    assert final.status == 2 and list(final.winners) == [0] and final.phase == "over"
    assert final.monkic.seats[1].life == 0 and [c.card for c in final.monkic.seats[1].hand] == ["hydra"]
    with pytest.raises(JudgeRpcError) as info:
        tom.submit(game, 1, "end_turn")
    assert info.value.rule_id == "monkic.game.over"
    assert list(mia.legal_actions(game, 0).actions) == []

    # ---------------------------------------------------------------- reading it back
    shown = cli(t, "view", game, token=created["spectator_token"]).stdout
    assert "life" in shown and "Elemente c4" in shown and "Mia" in shown, shown
    as_json = cli_json(t, "view", game, token=created["spectator_token"])
    assert as_json["monkic"]["seats"][1]["life"] == 0 and as_json["winners"] == [0]
    replayed = list(org.replay(game))
    assert [r.event.version for r in replayed] == list(range(1, 25))
    assert json.loads(replayed[-1].view.state_json) == json.loads(org.get_view(game).view.state_json)
    stream = tom.watch(game, after_version=20, timeout=120)
    try:
        watched = []
        for item in stream:
            watched.append(item.event.version)
            if item.event.version == 24:
                break
    finally:
        stream.cancel()
    assert watched == [21, 22, 23, 24]
    record = tmp_path / "monkic.jsonl"
    cli(t, "export", game, "--out", str(record), token=created["organizer_token"])
    audit = json.loads(cli(t, "audit", "--file", str(record), "--json").stdout)
    assert audit["clean"] is True and int(audit["events_checked"]) == 24
    key = json.loads(cli(t, "key", "--json").stdout)["public_key"]
    verified = cli(t, "verify", str(record), "--key", key, check=False)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    # A hand-edited record: Tom's refused first-round attack slipped in after his draw (v9).
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    events = [json.loads(line) for line in lines[1:1 + header["events"]]]
    forged = dict(events[8], command_id="forged-attack", seat=1,
                  action={"kind": "attack", "card": roboter, "targets": [drache], "dice": [6], "defence_dice": [2],
                          "sacrifice": [], "extra": "", "place": "hand"})
    forged["effects"] = [{"type": "Attacked", "seat": 1, "card": roboter}]
    events.insert(9, forged)
    for version, event in enumerate(events, start=1):
        event["version"] = version
    header["events"], header["receipts"] = len(events), 0
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(json.dumps(x) for x in [header, *events]) + "\n")
    audit = cli(t, "audit", "--file", str(tampered), "--json", check=False)
    assert audit.returncode == 3
    report = json.loads(audit.stdout)
    first = report["discrepancies"][0]
    assert report["clean"] is False and int(first["version"]) == 10 and first["kind"] == "rejected"
    assert first["ruling"]["rule_id"] == "monkic.attack.first-round"
    # The clean record imports as a new game with the same final table.
    imported = JudgeClient(t, server.admin_token).import_game(record.read_text())
    assert imported.audit.clean and imported.game.game_id != game
    assert imported.game.view.monkic == final.monkic and list(imported.game.view.winners) == [0]
