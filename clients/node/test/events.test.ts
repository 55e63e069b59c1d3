// The TypeScript EventService wrapper (src/events.ts) against a real judge process: an event of one
// round of Munchkin tables of three, a player's token opening the player's table, the board, time
// called, the standings and the export.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { Code } from "@connectrpc/connect";

import { EventsClient, JudgeError } from "../src/index.js";
import { TestJudge } from "./judge.js";

const judge = new TestJudge();

before(async () => {
  await judge.start();
});

after(async () => {
  await judge.close();
});

test("an event of six players: a round of two tables, time called, standings and the export", async () => {
  const events = new EventsClient({ baseUrl: judge.baseUrl });
  const created = await events.createEvent({ name: "Abend", ruleset: "munchkin", smallestTable: 3, largestTable: 3,
                                             rounds: 1, placePoints: [3, 2, 1] });
  const organizer = events.withToken(created.organizerToken);
  const tokens = new Map<string, string>();
  for (const [n, name] of ["Anna", "Ben", "Cem", "Dora", "Emil", "Fay"].entries()) {
    tokens.set(name, await organizer.registerPlayer(created.eventId, name, { sex: n % 2 ? "female" : "male" }));
  }
  await assert.rejects(events.withToken(created.spectatorToken).startRound(created.eventId),
    (e: unknown) => e instanceof JudgeError && e.code === Code.PermissionDenied);
  const round = await organizer.startRound(created.eventId);
  assert.equal(round?.tables.length, 2);
  const first = round!.tables[0];
  const mine = await events.withToken(tokens.get(first.players[2])!).myTable(created.eventId);
  assert.equal(mine.gameId, first.gameId);
  assert.equal(mine.seat, 2);
  const stop = new AbortController();
  for await (const board of events.withToken(created.spectatorToken).board(created.eventId, stop.signal)) {
    assert.equal(board.tables.length, 2);
    stop.abort();
  }
  assert.deepEqual(await organizer.disputes(created.eventId), []);
  const called = await organizer.callTime(created.eventId);
  assert.ok(called.round?.timeCalled);
  assert.equal(called.results.length, 2);
  const lines = await organizer.standings(created.eventId);
  assert.equal(lines.length, 6);
  await organizer.finishEvent(created.eventId);
  const exported = await organizer.exportEvent(created.eventId);
  assert.equal(Object.keys(exported.games).length, 2);
  assert.ok(exported.record.startsWith('{"format":"judge-event-record"'));
});
