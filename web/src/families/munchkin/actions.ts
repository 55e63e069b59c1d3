// The Munchkin family's commands in words: each field of each action as a player says it
// ("on Ben", "for the monsters", "Ben gets 2 cards"), never by its field or enum name.
import { Side, type Command } from "../../../gen/judge/v1/judge_pb";
import { cardName, seatName, type Table } from "../../context";
import { plural, W } from "../../words";
import { actionOf, cardsText, fieldsText, type FieldReader, type Fields } from "../fields";
import type { Described } from "../types";
import { abilityName, M } from "./words";

function seat(prefix: string): FieldReader {
  return (v, table) => (typeof v === "number" ? `${prefix} ${seatName(table.view, v)}` : null);
}

function monster(v: unknown, table: Table): string | null {
  if (typeof v !== "number") return null;
  const card = table.view?.combat?.monsters[v]?.card;
  return `${M.on} ${card ? cardName(table, card) : `${v + 1}.`}`;
}

function cards(prefix: string): FieldReader {
  return (v, table) => {
    const text = cardsText(table, v);
    return text ? (prefix ? `${prefix} ${text}` : text) : null;
  };
}

function unknown(v: unknown): string | null {
  return typeof v === "number" && v > 0 ? plural(v, W.unknownCards) : null;
}

function gifts(v: unknown, table: Table): string | null {
  if (!Array.isArray(v)) return null;
  return v.map((g: Fields) => {
    const what = [cardsText(table, g.cards), unknown(g.unknown)].filter(Boolean).join(", ");
    return `${seatName(table.view, g.toSeat as number)} ${M.gets} ${what}`;
  }).join("; ");
}

function bribe(v: unknown, table: Table): string | null {
  const b = v as Fields | undefined;
  if (!b) return null;
  const parts = [cardsText(table, b.items), typeof b.treasures === "number" && b.treasures > 0 ? plural(b.treasures, W.treasures) : ""]
    .filter(Boolean);
  if (!parts.length && !b.helperPicksFirst) return null;
  const first = b.helperPicksFirst ? ` (${M.helperFirst})` : "";
  return `${M.offers} ${parts.join(", ") || "–"}${first}`;
}

export const READERS: Record<string, FieldReader> = {
  targetSeat: seat(M.onSeat),
  toSeat: seat(M.toSeat),
  withSeat: seat(M.toSeat),
  helper: seat(M.toSeat),
  monsterIndex: monster,
  side: (v) => (v === Side.PLAYERS ? M.forPlayers : v === Side.MONSTERS ? M.forMonsters : null),
  withCard: cards(M.withCard),
  fromTable: () => M.fromTable,
  inUse: (v) => (v ? M.use : M.carry),
  toBackpack: cards(M.toBackpack),
  die: (v) => (typeof v === "number" && v > 0 ? `${M.rolled} ${v}` : null),
  accept: (v) => (v ? M.accept : M.decline),
  gifts,
  discard: cards(M.discards),
  discardUnknown: (v) => { const u = unknown(v); return u ? `${M.discards} ${u}` : null; },
  discardFromTable: cards(`${M.discards} ${M.fromTable}`),
  give: cards(M.tradeGive),
  receive: cards(M.tradeGet),
  bribe,
  ability: (v) => (typeof v === "string" ? abilityName(v) : null),
  item: cards(""),
  cards: cards(""),
  setLevel: (v) => (typeof v === "number" && v > 0 ? `${M.setLevel} ${v}` : null),
  addToHand: cards("+"),
  unknownDelta: (v) => (typeof v === "number" && v !== 0 ? plural(v, W.unknownCards) : null),
  reason: (v) => (typeof v === "string" ? v : null),
  treasures: (v) => (typeof v === "number" && v > 0 ? plural(v, W.treasures) : null),
};

/** The card an action is about (its `card` field; for a lone list of cards none). */
export function describe(table: Table, command: Command): Described {
  const { kind, value } = actionOf(command);
  const card = typeof value.card === "string" ? value.card : "";
  // The ask for help's helper and the runaway's monster are what the player picks: keep them in the label.
  const label = fieldsText(table, value, READERS, ["card"]);
  void kind;
  return { key: card, card, label };
}
