/**
 * A record verifier written from docs/record-format.md alone, with node:crypto: every line as the
 * judge writes it, the hash chain, every receipt, the seal and, for a finished dealt game, every
 * shuffle, draw and roll from the seed the end reveals ("Chance at a dealt table"). It does not
 * re-judge the rules (`judge verify` also runs the audit).
 *
 * The verdict: `intact`; `altered` with problems by line (the first one is where the record was
 * first altered); or `seedPending`, intact so far but a dealt game whose seed is not revealed yet.
 */

import { createHash, createPublicKey, verify as verifySignature } from "node:crypto";

import { canonicalBytes, type Json, JsonError, JsonObject, parseJson, writeCompact } from "./json.js";
import { ChanceWalk } from "./chance.js";

const GENESIS_PREFIX = Buffer.from("judge-chain/1\u0000", "utf8");
const MAX_LINE_CHARS = 8 * 1024 * 1024;
const CHAIN_KEYS = ["salt", "prev_hash", "hash"];
const HEADER_KEYS = ["format", "format_version", "game_id", "ruleset", "variants", "rules_version", "setup",
  "exported_at_ms", "events", "redacted_for", "server_key", "receipts", "opening_decks"];
const RECEIPT_KEYS = ["game_id", "from_version", "to_version", "chain_head", "key_id", "signature"];
const SEAL_KEYS = ["header_sha256", "chain_head", "events", "receipts_sha256", "key_id", "signature"];
const CREATED = ["setup", "rules_version", "created_at_ms"];
/** docs/record-format.md, "Event lines": each kind's fields in the order of its table. */
const KIND_KEYS: Record<string, string[]> = {
  GameCreated: CREATED,
  GameImported: [...CREATED, "source_game_id", "imported_at_ms"],
  CommandAccepted: ["command_id", "seat", "action", "context", "effects"],
  DisputeOpened: ["dispute_id", "seat", "event_version", "reason", "recheck"],
  DisputeResolved: ["dispute_id", "upheld", "note", "restored_state", "voided_from", "voided_to", "reopened_deadline_ms"],
  GameStopped: ["reason", "places", "scores", "seed"],
};

/** Whether an object's keys are among `order` and come in that order (some may be left out). */
function inOrder(obj: JsonObject, order: string[] | undefined): boolean {
  if (order === undefined) return true;
  const keys = obj.keys();
  const expected = order.filter((k) => obj.has(k));
  return keys.length === expected.length && keys.every((k, n) => k === expected[n]);
}

function eventKeys(kind: Json | undefined): string[] | undefined {
  const fields = typeof kind === "string" && Object.hasOwn(KIND_KEYS, kind) ? KIND_KEYS[kind] : undefined;
  return fields === undefined ? undefined : ["version", "kind", "recorded_at_ms", ...fields, ...CHAIN_KEYS];
}

/** Something altered or missing, at a line of the record (1-based). */
export interface Problem {
  line: number;
  message: string;
}

export interface RecordReport {
  /** No problem found. */
  ok: boolean;
  /** A dealt game whose seed is not revealed yet: its chance cannot be checked until it ends. */
  seedPending: boolean;
  /** Problems sorted by line. */
  problems: Problem[];
  /** The line where the record was first altered (undefined when intact). */
  firstLine: number | undefined;
  events: number;
  receipts: number;
  /** Whether the key was pinned by the caller; otherwise the header's own key was used. */
  pinned: boolean;
}

const sha256 = (data: Uint8Array | string): string => createHash("sha256").update(data).digest("hex");

/** The key id of a raw Ed25519 public key: the first 16 hex digits of its SHA-256. */
export function keyId(publicKey: Uint8Array): string {
  return sha256(publicKey).slice(0, 16);
}

function signedBy(publicKey: Uint8Array, signature: Json | undefined, message: Uint8Array): boolean {
  if (typeof signature !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(signature)) return false;
  const raw = Buffer.from(signature, "base64");
  if (raw.toString("base64") !== signature) return false; // only the canonical spelling
  try {
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") }, format: "jwk",
    });
    return verifySignature(null, message, key, raw);
  } catch {
    return false;
  }
}

const isInt = (v: Json | undefined): v is bigint => typeof v === "bigint";
const str = (v: Json | undefined): string | undefined => (typeof v === "string" ? v : undefined);

/** Check a complete record (its bytes); `pinnedKey` is the server's raw 32-byte Ed25519 key. */
export function verifyRecord(data: Uint8Array, pinnedKey?: Uint8Array): RecordReport {
  const problems: Problem[] = [];
  const report = (events: number, receipts: number, seedPending: boolean): RecordReport => {
    problems.sort((a, b) => a.line - b.line);
    const ok = problems.length === 0;
    return {
      ok, seedPending: ok && seedPending, problems, firstLine: ok ? undefined : problems[0].line, events, receipts,
      pinned: pinnedKey !== undefined,
    };
  };
  const parts: Buffer[] = [];
  const bytes = Buffer.from(data);
  let start = 0;
  for (let k = 0; k <= bytes.length; k += 1) {
    if (k === bytes.length || bytes[k] === 0x0a) {
      parts.push(bytes.subarray(start, k));
      start = k + 1;
    }
  }
  if (parts.length > 0 && parts[parts.length - 1].length === 0) parts.pop();
  if (parts.length === 0) {
    problems.push({ line: 1, message: "the record is empty" });
    return report(0, 0, false);
  }
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parse = (line: number, raw: Buffer): JsonObject | undefined => {
    let text: string;
    try {
      text = decoder.decode(raw);
    } catch {
      problems.push({ line, message: "not valid UTF-8" });
      return undefined;
    }
    let value: Json;
    try {
      if (text.length > MAX_LINE_CHARS) throw new JsonError("the line is too long");
      value = parseJson(text);
    } catch (error) {
      problems.push({ line, message: `not JSON: ${error instanceof Error ? error.message : error}` });
      return undefined;
    }
    if (!(value instanceof JsonObject) || writeCompact(value) !== text) {
      problems.push({ line, message: "not written as the judge writes it" });
      return undefined;
    }
    return value;
  };
  const startsWith = (raw: Buffer, prefix: string) => raw.subarray(0, prefix.length).toString("latin1") === prefix;

  // The header.
  const header = parse(1, parts[0]);
  let gameId: string | undefined;
  let announcedEvents: number | undefined;
  let announcedReceipts: number | undefined;
  let named: Buffer | undefined;
  if (header !== undefined && !inOrder(header, HEADER_KEYS)) {
    problems.push({ line: 1, message: "keys not in the order the judge writes them" });
  }
  if (header !== undefined) {
    if (header.get("format") !== "judge-record" || header.get("format_version") !== 2n) {
      problems.push({ line: 1, message: "not a judge-record of format version 2" });
    }
    if (header.get("redacted_for") !== null) problems.push({ line: 1, message: "a redacted record carries no chain" });
    gameId = str(header.get("game_id"));
    if (gameId === undefined) problems.push({ line: 1, message: "game_id: expected a string" });
    const events = header.get("events");
    const receipts = header.has("receipts") ? header.get("receipts") : 0n;
    if (isInt(events) && events >= 0n) announcedEvents = Number(events);
    else problems.push({ line: 1, message: "events: expected a non-negative integer" });
    if (isInt(receipts) && receipts >= 0n) announcedReceipts = Number(receipts);
    else problems.push({ line: 1, message: "receipts: expected a non-negative integer" });
    const serverKey = header.get("server_key");
    const hex = serverKey instanceof JsonObject ? str(serverKey.get("public_key")) : undefined;
    if (hex !== undefined && /^[0-9a-fA-F]{64}$/.test(hex)) named = Buffer.from(hex, "hex");
    else problems.push({ line: 1, message: "server_key: missing or not a key" });
  }
  const key = pinnedKey ?? named;
  if (pinnedKey !== undefined && named !== undefined && !Buffer.from(pinnedKey).equals(named)) {
    problems.push({ line: 1, message: `signed by key ${keyId(named)}, not by the pinned key ${keyId(pinnedKey)}` });
  }

  // Events, then receipts, then the seal.
  const hashes = new Map<number, string>();
  const eventObjects: [number, JsonObject][] = [];
  let prev: string | undefined = gameId === undefined ? undefined
    : createHash("sha256").update(GENESIS_PREFIX).update(Buffer.from(gameId, "utf8")).digest("hex");
  const receiptLines: Buffer[] = [];
  let seal: [number, JsonObject] | undefined;
  let events = 0;
  let receipts = 0;
  let stopped = 0; // the version of a GameStopped event: nothing is judged after it
  for (let index = 1; index < parts.length; index += 1) {
    const number = index + 1;
    const line = parts[index];
    const trailer = startsWith(line, '{"receipt":') || startsWith(line, '{"seal":');
    if (seal !== undefined) {
      problems.push({ line: number, message: "a line after the seal" });
      continue;
    }
    if (!trailer && receiptLines.length === 0
        && (announcedEvents === undefined || events < announcedEvents || startsWith(line, '{"version":'))) {
      events += 1;
      const version = events;
      const event = parse(number, line);
      if (event === undefined) {
        prev = undefined;
        continue;
      }
      if (!inOrder(event, eventKeys(event.get("kind")))) {
        problems.push({ line: number, message: "keys not in the order the judge writes them" });
      }
      if (event.get("version") !== BigInt(version)) problems.push({ line: number, message: `version: expected ${version}` });
      const kind = event.get("kind");
      if (stopped > 0 && (kind === "CommandAccepted" || kind === "GameStopped")) {
        problems.push({ line: number, message: `${kind} after the game was stopped at version ${stopped}` });
      }
      if (kind === "GameStopped" && stopped === 0) stopped = version;
      if (!CHAIN_KEYS.every((k) => typeof event.get(k) === "string")) {
        problems.push({ line: number, message: "salt, prev_hash or hash missing" });
        prev = undefined;
        continue;
      }
      const hash = event.get("hash") as string;
      if (hash !== sha256(canonicalBytes(event.without("hash")))) {
        problems.push({ line: number, message: `event ${version} does not hash to its hash` });
      } else if (prev !== undefined && event.get("prev_hash") !== prev) {
        problems.push({ line: number, message: `event ${version}: prev_hash is not the hash before it` });
      }
      hashes.set(version, hash);
      prev = hash;
      eventObjects.push([number, event]);
      continue;
    }
    if (startsWith(line, '{"seal":')) {
      const obj = parse(number, line);
      const body = obj?.get("seal");
      if (obj !== undefined && !(body instanceof JsonObject)) problems.push({ line: number, message: "seal: expected an object" });
      seal = [number, body instanceof JsonObject ? body : new JsonObject([])];
      if (body instanceof JsonObject && !inOrder(body, SEAL_KEYS)) {
        problems.push({ line: number, message: "keys not in the order the judge writes them" });
      }
      continue;
    }
    receiptLines.push(line);
    receipts += 1;
    const obj = parse(number, line);
    if (obj === undefined) continue;
    const receipt = obj.get("receipt");
    let problem = receiptProblem(receipt, gameId, hashes, key);
    if (problem === "" && receipt instanceof JsonObject
        && (receipt.get("from_version") !== BigInt(receipts) || receipt.get("to_version") !== BigInt(receipts))) {
      problem = `expected the receipt of version ${receipts}`;
    }
    if (problem === "" && receipt instanceof JsonObject && !inOrder(receipt, RECEIPT_KEYS)) {
      problem = "keys not in the order the judge writes them";
    }
    if (problem !== "") problems.push({ line: number, message: problem });
  }

  const end = parts.length + 1;
  const chainHead = hashes.get(events) ?? "";
  if (seal === undefined) {
    problems.push({ line: end, message: "the seal (last line) is missing" });
  } else {
    const [number, body] = seal;
    if (receipts < events) problems.push({ line: number, message: `the receipt of version ${receipts + 1} is missing` });
    const signed = body.without("key_id", "signature");
    const message = canonicalBytes(new JsonObject([
      ["format", signed.get("format") ?? "judge-seal/1"], ...signed.without("format").entries,
    ]));
    const valid = key !== undefined && body.get("key_id") === keyId(key) && signedBy(key, body.get("signature"), message);
    if (body.entries.length > 0 && !valid) {
      problems.push({ line: number, message: "the seal's signature is not valid" });
    } else if (body.entries.length > 0) {
      if (body.get("header_sha256") !== sha256(parts[0])) problems.push({ line: 1, message: "the header differs from the sealed one" });
      if (body.get("chain_head") !== chainHead || body.get("events") !== BigInt(events)) {
        problems.push({ line: end, message: "events were added or removed since the seal" });
      }
      if (body.get("receipts_sha256") !== sha256(Buffer.concat(receiptLines.flatMap((l, k) => (k ? [Buffer.from("\n"), l] : [l]))))) {
        problems.push({ line: end, message: "receipts were added, removed or altered" });
      }
    }
  }
  if (announcedEvents !== undefined && announcedEvents !== events) {
    problems.push({ line: end, message: `the header announces ${announcedEvents} events` });
  }
  if (announcedReceipts !== undefined && announcedReceipts !== receipts) {
    problems.push({ line: end, message: `the header announces ${announcedReceipts} receipts` });
  }

  // Chance: a finished dealt game's shuffles, draws and rolls follow from its revealed seed.
  let seedPending = false;
  if (header !== undefined) {
    const chance = new ChanceWalk(header).check(eventObjects);
    seedPending = chance.dealt && !chance.seedRevealed;
    problems.push(...chance.problems);
  }
  return report(events, receipts, seedPending);
}

function receiptProblem(receipt: Json | undefined, gameId: string | undefined, hashes: Map<number, string>,
                        key: Uint8Array | undefined): string {
  const fields: [string, "string" | "bigint"][] = [
    ["game_id", "string"], ["from_version", "bigint"], ["to_version", "bigint"], ["chain_head", "string"],
    ["key_id", "string"], ["signature", "string"],
  ];
  if (!(receipt instanceof JsonObject) || fields.some(([name, type]) => typeof receipt.get(name) !== type)) {
    return "not a receipt";
  }
  if (key === undefined) return "no server key to check the receipt with";
  const message = canonicalBytes(new JsonObject([
    ["format", "judge-receipt/1"], ...fields.slice(0, 5).map(([name]) => [name, receipt.get(name)!] as [string, Json]),
  ]));
  if (receipt.get("key_id") !== keyId(key) || !signedBy(key, receipt.get("signature"), message)) {
    return "forged: not signed by the server key";
  }
  if (gameId !== undefined && receipt.get("game_id") !== gameId) return "a receipt of another game";
  const from = receipt.get("from_version") as bigint;
  const to = receipt.get("to_version") as bigint;
  if (!(1n <= from && from <= to)) return "bad version range";
  const head = hashes.get(Number(to));
  if (head === undefined) return `version ${to} is not in the record`;
  if (head !== receipt.get("chain_head")) return `the chain head at version ${to} is not the acknowledged one`;
  return "";
}
