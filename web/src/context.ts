// What every part of the page shares: the client, the caller, the newest view, the card texts.
import type { Client } from "@connectrpc/connect";
import type { CardInfo } from "../gen/judge/v1/cards_pb";
import type { CardKindForm } from "../gen/judge/v1/rulesets_pb";
import type { Command, GameView, JudgeService } from "../gen/judge/v1/judge_pb";
import { plain } from "./words";

/** A seat plays; the organizer sees everything and resolves disputes; a spectator only reads. */
export type Role = "seat" | "organizer" | "spectator";

export type Table = {
  client: Client<typeof JudgeService>;
  headers: Record<string, string>;
  game: string;
  seat: number | null;
  role: Role;
  view: GameView | null;
  /** The ruleset's cards by id (ListCards): printed name, kind, numbers, text. */
  cards: Record<string, CardInfo>;
  /** How a card of the game's ruleset is defined from the page (ListRulesets card_forms), by kind. */
  forms: CardKindForm[];
  /** The cards this game defined (SubmitRequest.define, CorrectCard), as this page was shown them, by id. */
  defined: Record<string, Record<string, unknown>>;
  /** What LegalActions offered this seat (and its other character) for `offersVersion`. */
  offers: Offer[];
  offersVersion: bigint;
  /** Called after the page's own call changed the game, with the view it answered. */
  changed: (view: GameView | undefined) => void;
};

/** One command LegalActions offers, in words (families/types.ts Described). */
export type Offer = {
  seat: number; kind: string; command: Command; key: string; card: string; label: string;
  /** A template's kinds of card ("kind:monster" ...), where the card is typed by name. */
  domains?: string[];
};

export function seatName(view: GameView | null, seat: number | undefined): string {
  if (seat === undefined) return "";
  return view?.seats.find((s) => s.seat === seat)?.name ?? `${seat + 1}.`;
}

/** A card's printed name; a card the catalogue does not list (a custom card) reads as its id made plain. */
export function cardName(table: Table, id: string): string {
  return table.cards[id]?.name || plain(id);
}
