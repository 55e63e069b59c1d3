// Reading a command's fields without showing their names: each family says how each of its fields
// reads (families/<family>/actions.ts); a field it does not name shows its value only (cards by
// name), never its name, and an enum never as its identifier.
import type { Command } from "../../gen/judge/v1/judge_pb";
import { cardName, type Table } from "../context";

export type Fields = Record<string, unknown>;

/** The action's kind (the oneof case, unwrapped from a family's section) and its own fields. */
export function actionOf(command: Command): { kind: string; value: Fields } {
  let action = command.action as { case?: string; value?: unknown };
  for (;;) {
    const value = (action.value ?? {}) as Fields;
    const inner = value.action as { case?: string; value?: unknown } | undefined;
    if (inner && typeof inner === "object" && "case" in inner && inner.case) action = inner;
    else return { kind: action.case ?? "", value: own(value) };
  }
}

function own(value: Fields): Fields {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith("$")));
}

/** How one field reads: a text, or null to leave it out. */
export type FieldReader = (value: unknown, table: Table) => string | null;

export function cardsText(table: Table, value: unknown): string {
  const ids = Array.isArray(value) ? value : [value];
  return ids.filter((v) => typeof v === "string" && v).map((v) => cardName(table, v as string)).join(", ");
}

/** Every field but `skip`, each as its reader says; an unknown field by its value alone. */
export function fieldsText(table: Table, value: Fields, readers: Record<string, FieldReader>, skip: string[] = []): string {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (skip.includes(key) || v === undefined || v === "" || v === false || (Array.isArray(v) && !v.length)) continue;
    const reader = readers[key];
    const text = reader ? reader(v, table) : typeof v === "string" || Array.isArray(v) ? cardsText(table, v) : null;
    if (text) parts.push(text);
  }
  return parts.join(" · ");
}
