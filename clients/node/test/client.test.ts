// The TypeScript client against a real judge process (`judge serve` from the
// repository's environment, or $JUDGE_BIN) on a free loopback port with a
// fresh SQLite file: rules seed 000 (Munchkin), "Gegenstände verkaufen":
// nothing is sold during a combat.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { createInterface } from "node:readline";

import { Code } from "@connectrpc/connect";

import { JudgeClient, JudgeError, Sex, UntrustedReceipt, verifyReceipt } from "../src/index.js";

const ROOT = resolve(process.cwd(), "../..");
const JUDGE = process.env.JUDGE_BIN ?? join(ROOT, ".venv", "bin", "judge");
let judge: ChildProcess;
let folder: string;
let baseUrl: string;

/** Start `judge serve` on `listen` with the test's database; resolves with its process and address. */
async function startJudge(listen: string): Promise<{ process: ChildProcess; target: string }> {
  const child = spawn(JUDGE, ["serve", "--listen", listen, "--db", join(folder, "judge.sqlite3")], {
    cwd: folder, stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, JUDGE_CLIENT_RATE_LIMIT: "0", JUDGE_CREATE_LIMIT: "0" },
  });
  let log = "";
  child.stderr!.on("data", (chunk: Buffer) => { log += chunk.toString(); });
  const target = await new Promise<string>((done, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      if (line.startsWith("judge listening on ")) done(line.split(" ")[3]);
    });
    child.on("exit", (code) => fail(new Error(`the judge exited with ${code}:\n${log}`)));
  });
  return { process: child, target };
}

/** Stop a judge and wait until it has exited. */
async function stopJudge(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

before(async () => {
  folder = mkdtempSync(join(tmpdir(), "judge-node-"));
  const started = await startJudge("127.0.0.1:0");
  judge = started.process;
  baseUrl = `http://${started.target}`;
});

after(async () => {
  await stopJudge(judge);
  rmSync(folder, { recursive: true, force: true });
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
  const port = new URL(baseUrl).port;
  await stopJudge(judge);
  judge = (await startJudge(`127.0.0.1:${port}`)).process;
  const after = live.next();
  const played = await anna.submit(game.gameId, 0, { case: "playCard", value: { card: "elf" } });
  assert.equal(played.version, 4n);
  const fourth = (await after).value;
  assert.ok(fourth && !fourth.caughtUp, "the watch goes on after the restart, without a second marker");
  assert.equal(fourth.event.version, 4n);
  stop.abort();
});
