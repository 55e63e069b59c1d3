// The monkic family (002): life points, the table, the hand, the graveyard, protections, rounds.
import type { Command } from "../../../gen/judge/v1/judge_pb";
import { MonkicPlace } from "../../../gen/judge/v1/monkic_pb";
import { cardName, type Table } from "../../context";
import { actionOf, fieldsText, type FieldReader } from "../fields";
import type { Described, Family } from "../types";
import { board } from "./board";
import { instances } from "./cards";
import { K, kindName } from "./words";

function names(table: Table, v: unknown): string {
  const known = instances(table.view);
  const ids = Array.isArray(v) ? v : [v];
  return ids.filter((x) => typeof x === "string" && x).map((x) => cardName(table, known.get(x as string) ?? (x as string))).join(", ");
}

function named(prefix: string): FieldReader {
  return (v, table) => { const t = names(table, v); return t ? `${prefix} ${t}`.trim() : null; };
}

const READERS: Record<string, FieldReader> = {
  targets: named(K.on),
  dice: (v) => (Array.isArray(v) && v.length ? `${K.rolled} ${v.join(", ")}` : null),
  defenceDice: (v) => (Array.isArray(v) && v.length ? `${K.defence} ${v.join(", ")}` : null),
  sacrifice: named(K.giving),
  extra: named(K.also),
  place: (v) => (v === MonkicPlace.TABLE ? K.toTable : v === MonkicPlace.HAND ? K.toHand : null),
  joker: (v, table) => (typeof v === "string" ? cardName(table, v) : null),
  xxl: (v, table) => (typeof v === "string" ? cardName(table, v) : null),
  cards: named(""),
  card: named(K.under),
};

function describe(table: Table, command: Command): Described {
  const { kind, value } = actionOf(command);
  const known = instances(table.view);
  // Protect lays a guard under a hand card: the guard is what the player plays.
  const keyField = kind === "protect" ? "guard" : "card";
  const key = typeof value[keyField] === "string" ? (value[keyField] as string) : "";
  let label = fieldsText(table, value, READERS, [keyField, "sacrificeGuard"]);
  if (value.sacrificeGuard === false) label = [label, K.guardStays].filter(Boolean).join(" · ");
  return { key, card: known.get(key) ?? key, label };
}

export const monkic: Family = {
  board,
  describe,
  windowKinds: [],
  kindName,
  numbers: () => "",
};
