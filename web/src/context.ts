// What every part of the page shares: the client, the caller, the newest view, the card texts.
import type { Client } from "@connectrpc/connect";
import type { GameView, JudgeService } from "../gen/judge/v1/judge_pb";

/** A seat plays; the organizer sees everything and resolves disputes; a spectator only reads. */
export type Role = "seat" | "organizer" | "spectator";

export type Card = { name: string; kind: string; text: string };

export type Table = {
  client: Client<typeof JudgeService>;
  headers: Record<string, string>;
  game: string;
  seat: number | null;
  role: Role;
  view: GameView | null;
  cards: Record<string, Card>;
  /** Called after the page's own call changed the game, with the view it answered. */
  changed: (view: GameView | undefined) => void;
};

export function seatName(view: GameView | null, seat: number | undefined): string {
  if (seat === undefined) return "";
  return view?.seats.find((s) => s.seat === seat)?.name ?? `#${seat}`;
}

export function cardName(table: Table, id: string): string {
  return table.cards[id]?.name || id;
}
