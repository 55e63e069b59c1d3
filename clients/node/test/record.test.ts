// The record verifier (src/record.ts), written from docs/record-format.md alone, against a record
// a real judge exported: intact with the server's key pinned; a changed byte is found at its line;
// another key pinned is found at the header. tests/e2e/test_node_client.py also runs it beside
// `judge verify` over finished dealt games, intact and tampered, and requires the same verdict
// and line.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { JudgeClient, Sex, verifyRecord } from "../src/index.js";
import { TestJudge } from "./judge.js";

const judge = new TestJudge();

before(async () => {
  await judge.start();
});

after(async () => {
  await judge.close();
});

test("verifyRecord: an exported game is intact, a changed byte is found at its line", async () => {
  const creator = new JudgeClient({ baseUrl: judge.baseUrl });
  const { publicKey } = await creator.getServerKey();
  const game = await creator.createGame({
    ruleset: "munchkin",
    seats: [{ name: "Anna", sex: Sex.FEMALE }, { name: "Ben", sex: Sex.MALE }, { name: "Cem", sex: Sex.MALE }],
  });
  const anna = creator.withToken(game.seatTokens[0].token);
  await anna.submit(game.gameId, 0, { case: "kickDoor", value: { card: "topfpflanze" } });
  const organizer = creator.withToken(game.organizerToken);
  const { record } = await organizer.rpc.exportGame({ gameId: game.gameId });
  const bytes = Buffer.from(record, "utf8");

  const intact = verifyRecord(bytes, publicKey);
  assert.equal(intact.ok, true, JSON.stringify(intact.problems));
  assert.deepEqual([intact.events, intact.receipts, intact.pinned, intact.seedPending], [2, 2, true, false]);

  // One byte of the kick (line 3, event version 2) changed.
  const at = bytes.indexOf('"topfpflanze"');
  const altered = Buffer.from(bytes);
  altered[at + 1] = "X".charCodeAt(0);
  const report = verifyRecord(altered, publicKey);
  assert.equal(report.ok, false);
  assert.equal(report.firstLine, 3);

  // The keys of the kick's line in another order: not as the judge writes it, at that line.
  const lines = record.split("\n");
  const event = JSON.parse(lines[2]) as Record<string, unknown>;
  lines[2] = JSON.stringify(Object.fromEntries(Object.entries(event).reverse()));
  assert.equal(verifyRecord(Buffer.from(lines.join("\n"), "utf8"), publicKey).firstLine, 3);

  // Pinned to another key: the header names the server's.
  assert.equal(verifyRecord(bytes, new Uint8Array(32).fill(7)).firstLine, 1);
});
