"""Complete games from set-up to the end, over the real API against a judge
process: one to a level-10 win by a kill, one to a simultaneous win
(000 SPIELENDE: "Erreichen 2 oder mehr Spieler zur gleichen Zeit die 10.
Stufe, gewinnen sie gemeinsam.")."""

from __future__ import annotations

import pytest

from judge_client import JudgeClient, JudgeRpcError
from tests.support.judge_process import JudgeProcess


class Table:
    """The players of one game, each with its own credentials."""

    def __init__(self, server: JudgeProcess, names: list[str], **options):
        admin = JudgeClient(server.target)
        self.game = admin.create_game("munchkin", seats=[f"{n}:male" for n in names], **options)
        self.id = self.game.game_id
        tokens = {s.seat: s.token for s in self.game.seat_tokens}
        self.seats = [JudgeClient(server.target, tokens[i]) for i in range(len(names))]
        self.organizer = JudgeClient(server.target, self.game.organizer_token)

    def do(self, seat: int, kind: str, **fields):
        return self.seats[seat].submit(self.id, seat, kind, **fields)

    def refused(self, seat: int, kind: str, **fields) -> str:
        with pytest.raises(JudgeRpcError) as info:
            self.do(seat, kind, **fields)
        return info.value.rule_id

    def view(self):
        return self.organizer.get_view(self.id).view

    def level(self, seat: int) -> int:
        return self.view().seats[seat].level

    def quiet_turn(self, seat: int) -> None:
        """Kick open an empty room, loot it, and give away or discard what must go."""
        self.do(seat, "kick_door", card="elf")
        self.do(seat, "loot_room")
        self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        """Charity as the judge itself proposes it (LegalActions), then the next turn."""
        legal = self.seats[seat].legal_actions(self.id, seat)
        end = next(a for a in legal.actions if a.kind == "end_turn")
        end.command.command_id = f"end-{seat}-{self.view().turn}"
        self.seats[seat].submit_command(self.id, end.command)


def test_a_whole_game_to_a_level_ten_win(server: JudgeProcess) -> None:
    t = Table(server, ["Anna", "Ben", "Cem"], interference_window_ms=0)
    # Turn 1, Anna: three level-ups from her hand, then a kill.
    for _ in range(3):
        t.do(0, "play_card", card="1000-goldstuecke", target_seat=0)
    t.do(0, "kick_door", card="gewaltiger-kaefer")                       # level 6
    t.do(0, "play_card", card="eiskalter-sprengtrank", side="players")    # 4 + 3 = 7 > 6
    t.do(0, "claim_victory")                                              # window 0: resolved at once
    assert t.level(0) == 5
    t.end_turn(0)
    t.quiet_turn(1)
    # Turn 3, Cem kills a plant.
    t.do(2, "kick_door", card="topfpflanze")
    t.do(2, "play_card", card="trank-der-idiotischen-tapferkeit", side="players")
    t.do(2, "claim_victory")
    t.end_turn(2)
    # Turn 4, Anna: level 8, then the net troll.
    for _ in range(3):
        t.do(0, "play_card", card="trank-der-allgemeinbildung", target_seat=0)
    t.do(0, "kick_door", card="netztroll")                                # level 10
    t.do(0, "play_card", card="eiskalter-sprengtrank", side="players")    # 8 + 3 = 11
    t.do(0, "claim_victory")
    assert t.level(0) == 9
    # Nothing but a kill gives the tenth level.
    assert t.refused(1, "play_card", card="1000-goldstuecke", target_seat=0) == "munchkin.level.tenth-only-by-kill"
    t.end_turn(0)
    t.quiet_turn(1)
    t.quiet_turn(2)
    # Turn 7, Anna kills the plant and wins.
    t.do(0, "kick_door", card="topfpflanze")
    final = t.do(0, "claim_victory")
    view = final.view
    assert view.status == 2 and list(view.winners) == [0] and view.seats[0].level == 10  # GAME_STATUS_FINISHED
    assert t.refused(1, "play_card", card="1000-goldstuecke", target_seat=1) == "munchkin.game.over"
    assert t.organizer.audit(t.id).clean


def test_a_whole_game_to_a_simultaneous_win(server: JudgeProcess) -> None:
    t = Table(server, ["Anna", "Ben", "Cem", "Dan"], interference_window_ms=0)
    t.quiet_turn(0)
    # Ben and Cem become clerics, climb to 8 (7 by level-ups, one kill).
    for s in (1, 2):
        t.do(s, "play_card", card="priester")
        for _ in range(6):
            t.do(s, "play_card", card="1000-goldstuecke", target_seat=s)
        t.do(s, "kick_door", card="topfpflanze")
        t.do(s, "claim_victory")
        assert t.level(s) == 8
        t.end_turn(s)
    t.quiet_turn(3)
    # Anna raises both clerics to 9 ("Karten, die die Stufe eines Spielers verändern ... jederzeit").
    t.do(0, "play_card", card="1000-goldstuecke", target_seat=1)
    t.do(0, "play_card", card="trank-der-allgemeinbildung", target_seat=2)
    assert (t.level(1), t.level(2)) == (9, 9)
    # Göttliche Intervention: every cleric gains a level; it may end the game, and both reach 10 at once.
    final = t.do(0, "kick_door", card="goettliche-intervention")
    view = final.view
    assert view.status == 2 and sorted(view.winners) == [1, 2]
    assert [s.level for s in view.seats] == [1, 10, 10, 1]
    replay = list(t.organizer.replay(t.id))
    assert replay[-1].view.state_json == view.state_json
