"""Hidden information: no response to seat A ever names a card only B (or
B and C) may see, while the organizer's export holds them all.

The game: Anna (0) and Ben (1) reach level 2; Ben identifies two cards of
his hand (one he keeps, one he gives Cem at charity), Cem identifies one of
his own; Anna disputes Ben's identification. Every answer Anna gets (views
now and at every past version, submits, Replay and Watch with their
payload_json and state_json, her export, the dispute answers) is scanned
for those card ids; so is everything the spectator gets.
"""

from __future__ import annotations

import json

from google.protobuf import json_format
from google.protobuf.message import Message

from judge.v1 import judge_pb2 as pb
from judge_client import JudgeClient
from tests.server.support import SAFETY_TIMEOUT_S, Table, open_table

BEN_KEEPS = "plutoniumdrache"
BEN_GIVES = "schwert-der-singenden-hymne"
CEM_KEEPS = "umhang-der-unsichtbarkeit"
SECRETS = (BEN_KEEPS, BEN_GIVES, CEM_KEEPS)


def text_of(message: Message | str) -> str:
    if isinstance(message, str):
        return message
    return json.dumps(json_format.MessageToDict(message), ensure_ascii=False)


def play(table: Table) -> list[Message | str]:
    """Play the game; returns every answer Anna received."""
    gid = table.game_id
    anna, ben, cem = table.seats
    seen: list[Message | str] = []
    # Anna: reach level 2 with 1000 gold pieces, keep a quiet turn.
    seen.append(anna.submit(gid, 0, "reveal_card", card="1000-goldstuecke"))
    seen.append(anna.submit(gid, 0, "play_card", card="1000-goldstuecke", target_seat=0))
    seen.append(anna.submit(gid, 0, "kick_door", card="elf"))
    seen.append(anna.submit(gid, 0, "loot_room"))
    # 9 cards, level 2: the excess goes to Ben and Cem (level 1), split evenly.
    seen.append(anna.submit(gid, 0, "end_turn", gifts=[{"to_seat": 1, "cards": ["elf"], "unknown": 1},
                                                       {"to_seat": 2, "unknown": 2}]))
    # Ben: identifies two cards, reaches level 2, gives one card to Cem (the lowest).
    reveal = ben.submit(gid, 1, "reveal_card", card=BEN_KEEPS)
    ben.submit(gid, 1, "reveal_card", card=BEN_GIVES)
    ben.submit(gid, 1, "reveal_card", card="1000-goldstuecke")
    ben.submit(gid, 1, "play_card", card="1000-goldstuecke", target_seat=1)
    ben.submit(gid, 1, "kick_door", card="zwerg")
    ben.submit(gid, 1, "loot_room")
    # 11 cards, level 2: Cem alone is the lowest and gets the excess.
    ben.submit(gid, 1, "end_turn", gifts=[{"to_seat": 2, "cards": [BEN_GIVES], "unknown": 5}])
    # Cem identifies a card of his own.
    cem.submit(gid, 2, "reveal_card", card=CEM_KEEPS)
    # Anna disputes Ben's identification; the organizer dismisses it.
    seen.append(anna.open_dispute(gid, 0, reveal.version, "Ben cannot have that card"))
    seen.append(anna.list_disputes(gid))
    table.organizer.resolve_dispute(gid, 1, False, "no proof")
    return seen


def everything_seen_by(client: JudgeClient, gid: str) -> list[Message | str]:
    seen: list[Message | str] = []
    last = client.get_view(gid).view.version
    for version in range(1, last + 1):
        seen.append(client.get_view(gid, at_version=version))
    seen.extend(client.replay(gid))
    with client.watch(gid, after_version=0, timeout=SAFETY_TIMEOUT_S) as stream:
        for step in stream:
            seen.append(step)
            if step.event.version == last:
                break
    seen.append(client.export_game(gid).record)
    seen.append(client.list_disputes(gid))
    return seen


def test_no_answer_to_a_seat_names_a_card_hidden_from_it(client: JudgeClient) -> None:
    table = open_table(client)
    gid = table.game_id
    anna_saw = play(table)
    anna_saw += everything_seen_by(table.seats[0], gid)
    spectator_saw = everything_seen_by(table.spectator, gid)
    assert len(anna_saw) > 50
    for answer in anna_saw + spectator_saw:
        text = text_of(answer)
        for secret in SECRETS:
            assert secret not in text, (secret, text[:300])
    # Anna may not see the re-check of Ben's command in full; Ben and the organizer may.
    opened = [a for a in anna_saw if isinstance(a, pb.OpenDisputeResponse)][0]
    assert opened.dispute.recheck_summary.startswith("(hidden)")
    assert not table.seats[1].list_disputes(gid).disputes[0].recheck_summary.startswith("(hidden)")
    assert not table.organizer.list_disputes(gid).disputes[0].recheck_summary.startswith("(hidden)")
    # ... each in the reader's language: the hidden notice and the re-check's outcome alike.
    anna_de = JudgeClient(client.target, table.seats[0].token, "de", channel=client._channel)
    organizer_de = JudgeClient(client.target, table.organizer.token, "de", channel=client._channel)
    assert anna_de.list_disputes(gid).disputes[0].recheck_summary.startswith("(verdeckt)")
    assert organizer_de.list_disputes(gid).disputes[0].recheck_summary in (
        "die Regeln ergeben die aufgezeichneten Wirkungen",
        table.organizer.list_disputes(gid).disputes[0].recheck_ruling.explanation_de)
    # The test could fail: the cards are really in the game, and the complete
    # record and the owners' views hold them.
    complete = table.organizer.export_game(gid).record
    assert all(secret in complete for secret in SECRETS)
    ben_view = table.seats[1].get_view(gid).view
    cem_view = table.seats[2].get_view(gid).view
    assert BEN_KEEPS in ben_view.seats[1].hand and BEN_GIVES not in ben_view.seats[1].hand
    assert {BEN_GIVES, CEM_KEEPS} <= set(cem_view.seats[2].hand)
    # Ben sees the gift he made; Cem sees what he got; neither sees the other's kept card.
    assert BEN_GIVES in text_of(table.seats[1].export_game(gid).record)
    assert BEN_KEEPS not in text_of(table.seats[2].export_game(gid).record)
    assert CEM_KEEPS not in text_of(table.seats[1].export_game(gid).record)
    # A redacted export carries no chain: hashes of hidden data are not handed out.
    header = json.loads(table.seats[0].export_game(gid).record.splitlines()[0])
    assert header["redacted_for"] == "seat 0" and header["server_key"] is None
    assert '"salt"' not in table.seats[0].export_game(gid).record
