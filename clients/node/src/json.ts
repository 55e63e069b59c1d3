/**
 * JSON as docs/record-format.md defines it for records ("JSON as the judge writes it", "Canonical
 * JSON"): objects keep their key order (JavaScript's own objects would move integer-like keys to
 * the front), integers are exact (`bigint`), and there are two writings: compact in the written
 * key order, and canonical with every object's keys sorted by code point.
 */

/** A JSON value read from a record. */
export type Json = null | boolean | bigint | string | Json[] | JsonObject;

/** A JSON object with its keys in the order they were written. */
export class JsonObject {
  constructor(readonly entries: [string, Json][]) {}

  get(key: string): Json | undefined {
    for (const [k, v] of this.entries) if (k === key) return v;
    return undefined;
  }

  has(key: string): boolean {
    return this.entries.some(([k]) => k === key);
  }

  keys(): string[] {
    return this.entries.map(([k]) => k);
  }

  /** The same object without some keys. */
  without(...keys: string[]): JsonObject {
    return new JsonObject(this.entries.filter(([k]) => !keys.includes(k)));
  }
}

/** Text that is not one JSON value (or repeats a key in an object). */
export class JsonError extends Error {
  override name = "JsonError";
}

const MAX_DEPTH = 1000;

/** Parse one JSON value; integers only (a fraction or exponent is not a record's JSON). */
export function parseJson(text: string): Json {
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonError(`${what} at character ${i + 1}`);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i += 1;
  };
  const value = (depth: number): Json => {
    if (depth > MAX_DEPTH) fail("nested too deeply");
    space();
    const c = text[i];
    if (c === "{") {
      i += 1;
      const entries: [string, Json][] = [];
      const seen = new Set<string>();
      space();
      if (text[i] === "}") {
        i += 1;
        return new JsonObject(entries);
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail("expected a key");
        const key = string();
        if (seen.has(key)) fail(`the key ${JSON.stringify(key)} twice`);
        seen.add(key);
        space();
        if (text[i] !== ":") fail("expected ':'");
        i += 1;
        entries.push([key, value(depth + 1)]);
        space();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "}") {
          i += 1;
          return new JsonObject(entries);
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i += 1;
      const items: Json[] = [];
      space();
      if (text[i] === "]") {
        i += 1;
        return items;
      }
      for (;;) {
        items.push(value(depth + 1));
        space();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === "]") {
          i += 1;
          return items;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return result;
      }
    }
    const number = /^-?(0|[1-9][0-9]*)/.exec(text.slice(i, i + 400));
    if (number === null) return fail("not a JSON value");
    i += number[0].length;
    if (i < text.length && ".eE".includes(text[i])) fail("a number that is not an integer");
    return BigInt(number[0]);
  };
  const string = (): string => {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail("a control character in a string");
      i += text[i] === "\\" ? 2 : 1;
    }
    if (i >= text.length) fail("an unterminated string");
    i += 1;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail("a bad escape in a string");
    }
  };
  try {
    const result = value(0);
    space();
    if (i !== text.length) fail("text after the value");
    return result;
  } catch (error) {
    if (error instanceof RangeError) throw new JsonError("nested too deeply");
    throw error;
  }
}

const ESCAPES: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };

function writeString(s: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${s.replace(/["\\\u0000-\u001f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}"`;
}

/** Compare by Unicode code point (Python's string order), not by UTF-16 code unit. */
export function byCodePoint(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let k = 0; k < Math.min(x.length, y.length); k += 1) {
    const d = x[k].codePointAt(0)! - y[k].codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

function write(value: Json, sorted: boolean): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string") return writeString(value);
  if (Array.isArray(value)) return `[${value.map((v) => write(v, sorted)).join(",")}]`;
  const entries = sorted ? [...value.entries].sort(([a], [b]) => byCodePoint(a, b)) : value.entries;
  return `{${entries.map(([k, v]) => `${writeString(k)}:${write(v, sorted)}`).join(",")}}`;
}

/** The compact writing: no white space, keys in their order. */
export function writeCompact(value: Json): string {
  return write(value, false);
}

/** The canonical writing, as UTF-8: keys of every object sorted by code point. */
export function canonicalBytes(value: Json): Buffer {
  return Buffer.from(write(value, true), "utf8");
}

/** Plain data (strings, integers as numbers or bigints, lists, objects) as a Json value. */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === "boolean" || typeof value === "string" || typeof value === "bigint") {
    return value;
  }
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new JsonError(`${value} is not an integer`);
    return BigInt(value);
  }
  if (Array.isArray(value)) return value.map(toJson);
  if (value instanceof JsonObject) return value;
  if (typeof value === "object") return new JsonObject(Object.entries(value as object).map(([k, v]) => [k, toJson(v)]));
  throw new JsonError(`${typeof value} is not JSON`);
}
