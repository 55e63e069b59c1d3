// The Munchkin family (the base game, Babys, Star and the Mixer): its board and words.
import type { Command } from "../../../gen/judge/v1/judge_pb";
import type { Table } from "../../context";
import { plural, W } from "../../words";
import type { Family } from "../types";
import { describe } from "./actions";
import { board } from "./board";
import { definitionId } from "./define";
import { kindName, M } from "./words";

function numbers(table: Table, card: string): string {
  const c = table.cards[card];
  if (!c) return "";
  const parts: string[] = [];
  if (c.level) parts.push(`${W.level} ${c.level}`);
  if (c.bonus) parts.push(c.bonus > 0 ? `+${c.bonus}` : String(c.bonus));
  if (c.treasures) parts.push(plural(c.treasures, W.treasures));
  if (c.levels) parts.push(plural(c.levels, W.levels));
  if (c.value) parts.push(`${c.value} ${c.currency && c.currency !== "gold" ? c.currency : M.gold}`);
  if (c.big) parts.push(M.big);
  return parts.join(" · ");
}

export const munchkin: Family = {
  board,
  describe,
  windowKinds: ["play_card", "use_ability"],
  askCommand: (seat: number, card: string) => ({ seat, action: { case: "playCard", value: { card } } } as Command),
  kindName,
  numbers,
  definitionId,
};
