/**
 * Requests checked against their message schema before they are sent: an enum field takes the
 * enum's number (`Side.PLAYERS`), its word (`"players"`) or its name (`"SIDE_PLAYERS"`), and a value
 * that is none of these is refused here, naming the field (`playCard.side`) and the values it takes,
 * instead of failing deep inside the encoder (`invalid int32: NaN`).
 */

import { type DescEnum, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";

/** Whether T is exactly `number` (an enum is a number too, but not exactly). */
type IsNumber<T> = (<G>() => G extends T ? 1 : 2) extends (<G>() => G extends number ? 1 : 2) ? true : false;

/** A request as typed by hand: wherever an enum is expected, its word or name is taken too. */
export type Loose<T> = T extends bigint | boolean | string | Uint8Array
  ? T
  : T extends number
    ? IsNumber<T> extends true ? T : T | string
    : T extends readonly (infer U)[]
      ? Loose<U>[]
      : T extends object
        ? { [K in keyof T]: Loose<T[K]> }
        : T;

/** One refused field of a request, as the judge reports a malformed one. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** Thrown by `invalidRequest`; the client wraps it into a JudgeError with code InvalidArgument. */
export class InvalidRequest extends Error {
  override name = "InvalidRequest";
  readonly code = Code.InvalidArgument;

  constructor(readonly violation: FieldViolation) {
    super(`${violation.field}: ${violation.description}`);
  }
}

/** The words an enum takes: its values' short names in lower case, "unspecified" left out. */
export function enumWords(desc: DescEnum): string[] {
  return desc.values.filter((v) => v.number !== 0).map((v) => word(v.localName));
}

function word(localName: string): string {
  return localName.toLowerCase().replaceAll("_", "-");
}

function enumNumber(desc: DescEnum, value: unknown, field: string): number {
  if (typeof value === "number" && desc.values.some((v) => v.number === value)) return value;
  if (typeof value === "string") {
    const wanted = value.trim();
    const found = desc.values.find((v) =>
      v.name === wanted || v.localName === wanted || word(v.localName) === word(wanted));
    if (found !== undefined) return found.number;
  }
  const words = enumWords(desc).map((w) => JSON.stringify(w)).join(", ");
  const names = desc.values.filter((v) => v.number !== 0).map((v) => `${desc.name}.${v.localName}`).join(", ");
  throw new InvalidRequest({
    field,
    description: `${JSON.stringify(value)} is not a ${desc.name}: give one of ${words} (or ${names})`,
  });
}

function checkScalar(value: unknown, field: string, desc: DescField): unknown {
  const kind = typeof value;
  const expected = scalarKind(desc);
  if (expected === "number" && kind !== "number") {
    throw new InvalidRequest({ field, description: `${JSON.stringify(value)} is not a number` });
  }
  if (expected === "string" && kind !== "string") {
    throw new InvalidRequest({ field, description: `${String(value)} is not a string` });
  }
  return value;
}

/** "number", "string" or undefined (bigint, bool, bytes: left to the encoder). */
function scalarKind(desc: DescField): "number" | "string" | undefined {
  const scalar = desc.fieldKind === "scalar" ? desc.scalar : desc.fieldKind === "list" ? desc.scalar : undefined;
  if (scalar === undefined) return undefined;
  if (scalar === ScalarType.STRING) return "string";
  const numbers = [ScalarType.DOUBLE, ScalarType.FLOAT, ScalarType.INT32, ScalarType.UINT32, ScalarType.FIXED32,
    ScalarType.SFIXED32, ScalarType.SINT32];
  if (numbers.includes(scalar)) return "number";
  return undefined;
}

function fieldValue(desc: DescField, value: unknown, path: string): unknown {
  if (value === undefined || value === null) return value;
  switch (desc.fieldKind) {
    case "enum":
      return enumNumber(desc.enum, value, path);
    case "message":
      return messageInit(desc.message, value, path);
    case "scalar":
      return checkScalar(value, path, desc);
    case "list": {
      if (!Array.isArray(value)) throw new InvalidRequest({ field: path, description: "a list is expected" });
      return value.map((item, i) => {
        const at = `${path}[${i}]`;
        if (desc.listKind === "enum") return enumNumber(desc.enum, item, at);
        if (desc.listKind === "message") return messageInit(desc.message, item, at);
        return checkScalar(item, at, desc);
      });
    }
    case "map": {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const at = `${path}[${JSON.stringify(key)}]`;
        out[key] = desc.mapKind === "enum" ? enumNumber(desc.enum, item, at)
          : desc.mapKind === "message" ? messageInit(desc.message, item, at) : item;
      }
      return out;
    }
  }
}

/**
 * A copy of `init` (a message's init object) with every enum given as a word or name turned into
 * its number; throws InvalidRequest naming the first field whose value the message cannot take.
 */
export function messageInit<T>(desc: DescMessage, init: T, path = ""): T {
  if (typeof init !== "object" || init === null) {
    throw new InvalidRequest({ field: path || desc.name, description: `a ${desc.name} object is expected` });
  }
  const source = init as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  const at = (name: string) => (path ? `${path}.${name}` : name);
  for (const field of desc.fields) {
    if (field.oneof !== undefined) continue;
    if (field.localName in source) out[field.localName] = fieldValue(field, source[field.localName], at(field.localName));
  }
  for (const oneof of desc.oneofs) {
    const chosen = source[oneof.localName] as { case?: string; value?: unknown } | undefined;
    if (chosen === undefined || chosen === null || chosen.case === undefined) continue;
    const field = oneof.fields.find((f) => f.localName === chosen.case);
    if (field === undefined) {
      const cases = oneof.fields.map((f) => JSON.stringify(f.localName)).join(", ");
      throw new InvalidRequest({
        field: at(oneof.localName),
        description: `${JSON.stringify(chosen.case)} is not one of ${cases}`,
      });
    }
    out[oneof.localName] = { case: chosen.case, value: fieldValue(field, chosen.value, at(chosen.case)) };
  }
  return out as T;
}
