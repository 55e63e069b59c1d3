/**
 * A typed client for the judge over gRPC, on the code protoc-gen-es generates
 * from the repository's protos (src/gen, `npm run generate`) and Connect's
 * gRPC transport for Node.
 *
 * - A client is bound to one token (sent as `authorization: Bearer <token>`)
 *   and one language for explanations (`accept-language`).
 * - `createGame` and `submit` take an enum as its number (`Side.PLAYERS`), word (`"players"`) or
 *   name (`"SIDE_PLAYERS"`); any other value is refused before sending, as a JudgeError with code
 *   InvalidArgument naming the field (`playCard.side`) in `fieldViolations` (src/fields.ts).
 * - `submit` chooses a command id (a UUID) unless given one; pass the same id
 *   to retry safely (the judge answers a repeated id with the first result).
 * - A refusal is a `JudgeError` carrying the ruling (rule id, citation, German
 *   and English explanation, when it would be legal) or the field violations
 *   of a malformed request, decoded from the standard error details.
 * - `verifyReceipt` checks a receipt against the server's Ed25519 key with
 *   node:crypto, over the canonical JSON docs/record-format.md defines.
 * - `verifyRecord` (src/record.ts) checks an exported record without the judge: chain, receipts,
 *   seal, and a finished dealt game's every shuffle, draw and roll; `judge-verify-record` runs it.
 * - `EventsClient` (src/events.ts) runs an event of many tables: rounds, time called, standings, the board.
 * - `watch` follows a game from a version, marks where the stored history ends
 *   (caught up) and resumes after the last version seen if the stream breaks.
 */

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { createPublicKey, randomUUID, verify } from "node:crypto";

import { BadRequestSchema, ErrorInfoSchema, LocalizedMessageSchema } from "./gen/google/rpc/error_details_pb.js";
import { InvalidRequest, type Loose, messageInit } from "./fields.js";
import {
  CommandSchema,
  CreateGameRequestSchema,
  type CreateGameResponse,
  type Event,
  type GameView,
  type GetServerKeyResponse,
  JudgeService,
  type Receipt,
  type SubmitResponse,
} from "./gen/judge/v1/judge_pb.js";

export * from "./gen/judge/v1/judge_pb.js";
export * from "./gen/judge/v1/events_pb.js";
export { EventsClient } from "./events.js";
export { keyId, type Problem, type RecordReport, verifyRecord } from "./record.js";
export { die, shuffled } from "./chance.js";
export { enumWords, type Loose } from "./fields.js";

/** The judge's ruling on a refused action. */
export interface Ruling {
  ruleId: string;
  source: string;
  section: string;
  quote: string;
  explanation: string;
  explanationDe: string;
  explanationEn: string;
  legalWhen: string;
}

/** A failed call: its code and message, and the ruling or field violations it carries. */
export class JudgeError extends Error {
  constructor(
    readonly code: Code,
    readonly rawMessage: string,
    readonly ruling: Ruling | undefined,
    readonly fieldViolations: { field: string; description: string }[],
  ) {
    super(`${Code[code]}: ${rawMessage}`);
    this.name = "JudgeError";
  }

  /** The id of the rule that forbids the action ("" for other errors). */
  get ruleId(): string {
    return this.ruling?.ruleId ?? "";
  }

  /** Decode a Connect error (the `grpc-status-details-bin` trailer) into a JudgeError. */
  static from(error: unknown, language: string): JudgeError | unknown {
    if (error instanceof InvalidRequest) {
      return new JudgeError(error.code, error.message, undefined, [error.violation]);
    }
    if (!(error instanceof ConnectError)) return error;
    const info = error.findDetails(ErrorInfoSchema)[0];
    const localized = new Map(error.findDetails(LocalizedMessageSchema).map((m) => [m.locale.split("-")[0], m.message]));
    const violations = error.findDetails(BadRequestSchema).flatMap((b) =>
      b.fieldViolations.map((v) => ({ field: v.field, description: v.description })),
    );
    let ruling: Ruling | undefined;
    if (error.code === Code.FailedPrecondition && info !== undefined && info.domain === "judge") {
      ruling = {
        ruleId: info.reason,
        source: info.metadata.source ?? "",
        section: info.metadata.section ?? "",
        quote: info.metadata.quote ?? "",
        explanation: localized.get(language) ?? error.rawMessage,
        explanationDe: localized.get("de") ?? "",
        explanationEn: localized.get("en") ?? "",
        legalWhen: info.metadata.legal_when ?? "",
      };
    }
    return new JudgeError(error.code, error.rawMessage, ruling, violations);
  }
}

/** A receipt whose signature or game does not hold. */
export class UntrustedReceipt extends Error {
  override name = "UntrustedReceipt";
}

export interface JudgeClientOptions {
  /** `http://host:port` (plaintext) or `https://host:port` (TLS). */
  baseUrl: string;
  token?: string;
  language?: "en" | "de";
}

/** An action for `submit`: `{ case: "playCard", value: { card, side: "players" } }`. */
export type ActionInit = Loose<MessageInitShape<typeof CommandSchema>["action"]>;
/** A request for `createGame`, its enums given as numbers, words or names. */
export type CreateGameInit = Loose<MessageInitShape<typeof CreateGameRequestSchema>>;

/** A connection to a judge, acting with one token in one language. */
export class JudgeClient {
  readonly rpc: Client<typeof JudgeService>;
  readonly language: string;

  constructor(readonly options: JudgeClientOptions) {
    this.language = options.language ?? "en";
    const headers: Interceptor = (next) => async (request) => {
      request.header.set("accept-language", this.language);
      if (options.token) request.header.set("authorization", `Bearer ${options.token}`);
      return next(request);
    };
    const transport = createGrpcTransport({ baseUrl: options.baseUrl, interceptors: [headers] });
    this.rpc = createClient(JudgeService, transport);
  }

  /** A client for another token over the same server and language. */
  withToken(token: string): JudgeClient {
    return new JudgeClient({ ...this.options, token });
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw JudgeError.from(error, this.language);
    }
  }

  /** Create a game; a seat's `sex` is `Sex.FEMALE`, `"female"` or `"SEX_FEMALE"`. */
  createGame(request: CreateGameInit): Promise<CreateGameResponse> {
    return this.call(async () => this.rpc.createGame(
      messageInit(CreateGameRequestSchema, request) as MessageInitShape<typeof CreateGameRequestSchema>));
  }

  /** Submit an action for a seat; the command id is a fresh UUID unless given (reuse it to retry). */
  submit(gameId: string, seat: number, action: ActionInit,
         options: { commandId?: string; expectedVersion?: bigint } = {}): Promise<SubmitResponse> {
    return this.call(async () => {
      const checked = messageInit(CommandSchema, { action } as MessageInitShape<typeof CommandSchema>);
      const command = create(CommandSchema, {
        commandId: options.commandId ?? randomUUID(), seat, action: checked.action,
        expectedVersion: options.expectedVersion,
      });
      return this.rpc.submit({ gameId, command });
    });
  }

  getServerKey(): Promise<GetServerKeyResponse> {
    return this.call(() => this.rpc.getServerKey({}));
  }

  /**
   * The game's events after `afterVersion`, then live ones as they are stored, each with the view
   * after it; `{ caughtUp: true, view }` comes once, where the stored history ends and live events
   * begin. If the stream breaks or ends (the judge restarting, the network), the watch opens again
   * after the last version seen, so no event is missed or repeated; a refusal
   * (unknown game, a token rotated out) ends it with a JudgeError. End it with `signal` or by
   * leaving the loop.
   */
  async *watch(gameId: string, options: WatchOptions = {}): AsyncGenerator<WatchItem> {
    let after = options.afterVersion ?? 0n;
    let caughtUp = false;
    let retries = 0;
    const maxRetries = options.maxRetries ?? 5;
    while (!options.signal?.aborted) {
      try {
        for await (const response of this.rpc.watch({ gameId, afterVersion: after }, { signal: options.signal })) {
          retries = 0;
          if (response.caughtUp) {
            if (!caughtUp) {
              caughtUp = true;
              yield { caughtUp: true, view: response.view };
            }
            continue;
          }
          if (response.event !== undefined) {
            after = response.event.version;
            yield { caughtUp: false, event: response.event, view: response.view };
          }
        }
        // A Watch never ends while its game is served: the judge is shutting down. Open it again.
        if (retries >= maxRetries) return;
      } catch (error) {
        if (options.signal?.aborted) return;
        const transient = error instanceof ConnectError && RETRIED.has(error.code);
        if (!transient || retries >= maxRetries) throw JudgeError.from(error, this.language);
      }
      retries += 1;
      await new Promise((done) => setTimeout(done, Math.min(2000, 100 * 2 ** retries)));
    }
  }
}

/** Codes after which `watch` opens the stream again after the last version it saw. */
const RETRIED = new Set([Code.Unavailable, Code.Internal, Code.Unknown, Code.DeadlineExceeded]);

export interface WatchOptions {
  /** Start after this version (0: from the game's first event). */
  afterVersion?: bigint;
  /** Ends the watch. */
  signal?: AbortSignal;
  /** Reopenings in a row before a broken stream is an error (default 5). */
  maxRetries?: number;
}

/** One item of `watch`: an event with the view after it, or the caught-up marker with the view then. */
export type WatchItem =
  | { caughtUp: false; event: Event; view: GameView | undefined }
  | { caughtUp: true; view: GameView | undefined };

/** The canonical JSON of docs/record-format.md for a flat object of strings and integers. */
function canonicalJson(fields: Record<string, string | bigint>): Buffer {
  const keys = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const body = keys.map((k) => {
    const value = fields[k];
    return `${JSON.stringify(k)}:${typeof value === "bigint" ? value.toString() : JSON.stringify(value)}`;
  });
  return Buffer.from(`{${body.join(",")}}`, "utf8");
}

/** The key id of a raw Ed25519 public key: the first 16 hex digits of its SHA-256. */
export async function keyIdOf(publicKey: Uint8Array): Promise<string> {
  const { createHash } = await import("node:crypto");
  return createHash("sha256").update(publicKey).digest("hex").slice(0, 16);
}

/** Check a receipt against the server's raw Ed25519 public key (and game); throws UntrustedReceipt. */
export async function verifyReceipt(receipt: Receipt, publicKey: Uint8Array, gameId?: string): Promise<void> {
  const message = canonicalJson({
    format: "judge-receipt/1", game_id: receipt.gameId, from_version: receipt.fromVersion,
    to_version: receipt.toVersion, chain_head: receipt.chainHead, key_id: receipt.keyId,
  });
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") }, format: "jwk",
  });
  const signed = receipt.keyId === (await keyIdOf(publicKey)) && verify(null, message, key, receipt.signature);
  if (!signed) {
    throw new UntrustedReceipt(
      `the receipt for versions ${receipt.fromVersion}-${receipt.toVersion} is not signed by the server key`);
  }
  if (gameId !== undefined && receipt.gameId !== gameId) {
    throw new UntrustedReceipt(`the receipt is for game ${receipt.gameId}, not ${gameId}`);
  }
}
