// The TypeScript client against a real judge process (`judge serve` from the
// repository's environment, or $JUDGE_BIN) on a free loopback port with a
// fresh SQLite file: rules seed 000 (Munchkin), "Gegenstände verkaufen":
// nothing is sold during a combat.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import { Code } from "@connectrpc/connect";

import { JudgeClient, JudgeError, Sex, Side, UntrustedReceipt, verifyReceipt } from "../src/index.js";
import { TestJudge } from "./judge.js";

const judge = new TestJudge();
let baseUrl: string;

before(async () => {
  await judge.start();
  baseUrl = judge.baseUrl;
});

after(async () => {
  await judge.close();
});

test("a short game: receipts verified, a refusal decoded into its ruling, a retry answered alike", async () => {
  const creator = new JudgeClient({ baseUrl });
  const key = await creator.getServerKey();
  assert.equal(key.algorithm, "Ed25519");
  const game = await creator.createGame({
    ruleset: "munchkin",
    seats: [{ name: "Anna", sex: Sex.FEMALE }, { name: "Ben", sex: Sex.MALE }, { name: "Cem", sex: Sex.MALE }],
  });
  await verifyReceipt(game.receipt!, key.publicKey, game.gameId);
  const anna = creator.withToken(game.seatTokens[0].token);

  const door = await anna.submit(game.gameId, 0, { case: "kickDoor", value: { card: "topfpflanze" } },
                                 { commandId: "anna-door-1" });
  assert.equal(door.version, 2n);
  await verifyReceipt(door.receipt!, key.publicKey, game.gameId);
  await assert.rejects(verifyReceipt(door.receipt!, key.publicKey, "another-game"), UntrustedReceipt);
  const tampered = { ...door.receipt!, toVersion: 3n };
  await assert.rejects(verifyReceipt(tampered, key.publicKey), UntrustedReceipt);

  // The same command id again: the first result, nothing recorded twice.
  const again = await anna.submit(game.gameId, 0, { case: "kickDoor", value: { card: "topfpflanze" } },
                                  { commandId: "anna-door-1" });
  assert.equal(again.duplicate, true);
  assert.equal(again.version, 2n);

  const german = new JudgeClient({ baseUrl, token: game.seatTokens[0].token, language: "de" });
  const refused = await german.submit(game.gameId, 0, { case: "sellItems", value: { cards: ["flammende-ruestung"] } })
    .then(() => undefined, (error: unknown) => error);
  assert.ok(refused instanceof JudgeError);
  assert.equal(refused.code, Code.FailedPrecondition);
  assert.equal(refused.ruleId, "munchkin.sell.not-during-combat");
  assert.equal(refused.ruling?.source, "000_c61f154748b3a975.txt");
  assert.equal(refused.ruling?.section, "Gegenstände verkaufen");
  assert.equal(refused.ruling?.explanation, refused.ruling?.explanationDe);
  assert.ok(refused.ruling?.explanationEn);

  // A malformed command names its field.
  const malformed = await anna.submit(game.gameId, 0, { case: undefined })
    .then(() => undefined, (error: unknown) => error);
  assert.ok(malformed instanceof JudgeError);
  assert.equal(malformed.code, Code.InvalidArgument);
  assert.ok(malformed.fieldViolations.length > 0);
});

test("watch: the stored events, the caught-up marker, live events, and a resume across a restart", async () => {
  const creator = new JudgeClient({ baseUrl });
  const game = await creator.createGame({
    ruleset: "munchkin",
    seats: [{ name: "Anna", sex: Sex.FEMALE }, { name: "Ben", sex: Sex.MALE }, { name: "Cem", sex: Sex.MALE }],
  });
  const anna = creator.withToken(game.seatTokens[0].token);
  await anna.submit(game.gameId, 0, { case: "kickDoor", value: { card: "elf" } });
  const spectator = creator.withToken(game.spectatorToken);
  const stop = new AbortController();
  const seen: string[] = [];
  const stream = spectator.watch(game.gameId, { signal: stop.signal, maxRetries: 40 });
  for await (const item of stream) {
    seen.push(item.caughtUp ? "caught up" : `v${item.event.version}`);
    if (item.caughtUp) break;
  }
  assert.deepEqual(seen, ["v1", "v2", "caught up"]);

  // Live, and across a restart of the judge on the same address and database: nothing missed or repeated.
  const live = spectator.watch(game.gameId, { afterVersion: 2n, signal: stop.signal, maxRetries: 40 });
  assert.equal((await live.next()).value?.caughtUp, true); // nothing stored after version 2 yet
  const next = live.next();
  await anna.submit(game.gameId, 0, { case: "lootRoom", value: {} });
  const third = (await next).value;
  assert.ok(third && !third.caughtUp && third.event.version === 3n);
  await judge.restart();
  const after = live.next();
  const played = await anna.submit(game.gameId, 0, { case: "playCard", value: { card: "elf" } });
  assert.equal(played.version, 4n);
  const fourth = (await after).value;
  assert.ok(fourth && !fourth.caughtUp, "the watch goes on after the restart, without a second marker");
  assert.equal(fourth.event.version, 4n);
  stop.abort();
});

test("enums by number, word or name; any other value is refused naming its field", async () => {
  const creator = new JudgeClient({ baseUrl });
  const game = await creator.createGame({
    ruleset: "munchkin",
    seats: [{ name: "Anna", sex: "female" }, { name: "Ben", sex: "SEX_MALE" }, { name: "Cem", sex: Sex.MALE }],
  });
  const anna = creator.withToken(game.seatTokens[0].token);
  const seats = game.view!.seats;
  assert.deepEqual(seats.map((s) => s.sex), [Sex.FEMALE, Sex.MALE, Sex.MALE]);
  await anna.submit(game.gameId, 0, { case: "kickDoor", value: { card: "topfpflanze" } });
  // Seed 000, "Kampf": a one-shot gives its bonus to the side it is played for.
  const played = await anna.submit(game.gameId, 0,
    { case: "playCard", value: { card: "trank-der-idiotischen-tapferkeit", side: "players" } });
  assert.equal(played.version, 3n);

  for (const [side, words] of [["player", /"players", "monsters"/], [7 as Side, /Side\.PLAYERS, Side\.MONSTERS/]] as const) {
    const refused = await anna.submit(game.gameId, 0,
      { case: "playCard", value: { card: "eiskalter-sprengtrank", side } })
      .then(() => undefined, (error: unknown) => error);
    assert.ok(refused instanceof JudgeError, String(refused));
    assert.equal(refused.code, Code.InvalidArgument);
    assert.equal(refused.fieldViolations[0].field, "playCard.side");
    assert.match(refused.fieldViolations[0].description, words);
    assert.match(refused.message, /playCard\.side/);
  }
  const badSeat = await creator.createGame({ ruleset: "munchkin", seats: [{ name: "Anna", sex: "woman" }] })
    .then(() => undefined, (error: unknown) => error);
  assert.ok(badSeat instanceof JudgeError);
  assert.equal(badSeat.fieldViolations[0].field, "seats[0].sex");
});
