/**
 * A small typed wrapper of the judge's EventService (protos/judge/v1/events.proto, docs/events.md):
 * an event of many tables of one game, its rounds drawn from a committed seed, time called, the
 * standings and a live board. Bound to one token like `JudgeClient`: the event's organizer token
 * writes, the spectator token reads the board and the standings, a player's event token opens the
 * player's current table (`myTable`).
 */

import { type MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";

import {
  type BoardStreamResponse,
  type CallTimeResponse,
  type CreateEventRequestSchema,
  type CreateEventResponse,
  type EventDispute,
  EventService,
  type ExportEventResponse,
  type GetEventResponse,
  type MyTableResponse,
  type Round,
  type StandingLine,
  type TableResult,
} from "./gen/judge/v1/events_pb.js";
import { JudgeError, type JudgeClientOptions } from "./index.js";

/** A connection to a judge's EventService, acting with one token in one language. */
export class EventsClient {
  readonly rpc: Client<typeof EventService>;
  readonly language: string;

  constructor(readonly options: JudgeClientOptions) {
    this.language = options.language ?? "en";
    const headers: Interceptor = (next) => async (request) => {
      request.header.set("accept-language", this.language);
      if (options.token) request.header.set("authorization", `Bearer ${options.token}`);
      return next(request);
    };
    this.rpc = createClient(EventService, createGrpcTransport({ baseUrl: options.baseUrl, interceptors: [headers] }));
  }

  /** A client for another token (organizer, spectator or player) over the same server and language. */
  withToken(token: string): EventsClient {
    return new EventsClient({ ...this.options, token });
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw JudgeError.from(error, this.language);
    }
  }

  /** Create an event; the answer holds its organizer and spectator tokens (shown once). */
  createEvent(request: MessageInitShape<typeof CreateEventRequestSchema>): Promise<CreateEventResponse> {
    return this.call(() => this.rpc.createEvent(request));
  }

  /** Register a player (organizer); returns the player's event token. */
  async registerPlayer(eventId: string, player: string, traits: Record<string, string> = {}): Promise<string> {
    const answer = await this.call(() => this.rpc.registerPlayer({ eventId, player, traitsJson: JSON.stringify(traits) }));
    return answer.playerToken;
  }

  /** Drop a player between rounds (organizer). */
  async dropPlayer(eventId: string, player: string): Promise<void> {
    await this.call(() => this.rpc.dropPlayer({ eventId, player }));
  }

  /** Draw and start the next round, or the final table (organizer). */
  async startRound(eventId: string, final = false): Promise<Round | undefined> {
    return (await this.call(() => this.rpc.startRound({ eventId, final }))).round;
  }

  /** Time is up: every table of the round not yet done ends as it stands (organizer). */
  callTime(eventId: string): Promise<CallTimeResponse> {
    return this.call(() => this.rpc.callTime({ eventId }));
  }

  /** Record the results of the round's tables that are done (organizer). */
  async recordResults(eventId: string): Promise<TableResult[]> {
    return (await this.call(() => this.rpc.recordResults({ eventId }))).results;
  }

  /** End the event (organizer); returns its revealed seed (hex). */
  async finishEvent(eventId: string): Promise<string> {
    return (await this.call(() => this.rpc.finishEvent({ eventId }))).seed;
  }

  /** The standings (spectator or organizer). */
  async standings(eventId: string): Promise<StandingLine[]> {
    return (await this.call(() => this.rpc.getStandings({ eventId }))).lines;
  }

  /** The event (spectator or organizer). */
  getEvent(eventId: string): Promise<GetEventResponse> {
    return this.call(() => this.rpc.getEvent({ eventId }));
  }

  /** The current table of the player whose event token this client carries. */
  myTable(eventId: string): Promise<MyTableResponse> {
    return this.call(() => this.rpc.myTable({ eventId }));
  }

  /** The board, then again whenever a table changes, until the event finishes or `signal` ends it. */
  async *board(eventId: string, signal?: AbortSignal): AsyncGenerator<BoardStreamResponse> {
    try {
      for await (const board of this.rpc.boardStream({ eventId }, { signal })) yield board;
    } catch (error) {
      if (signal?.aborted) return;
      throw JudgeError.from(error, this.language);
    }
  }

  /** The organizer's dispute queue across every table (open ones, unless `includeResolved`). */
  async disputes(eventId: string, includeResolved = false): Promise<EventDispute[]> {
    return (await this.call(() => this.rpc.listEventDisputes({ eventId, includeResolved }))).disputes;
  }

  /** Resolve a dispute at one of the event's tables (organizer): uphold rolls the table back. */
  async resolveDispute(eventId: string, gameId: string, disputeId: number, uphold: boolean,
                       note = ""): Promise<EventDispute | undefined> {
    return (await this.call(() => this.rpc.resolveTableDispute({ eventId, gameId, disputeId, uphold, note }))).dispute;
  }

  /** The event's record and every table's game record (organizer). */
  exportEvent(eventId: string): Promise<ExportEventResponse> {
    return this.call(() => this.rpc.exportEvent({ eventId }));
  }
}
