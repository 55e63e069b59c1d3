/**
 * A finished dealt game's chance, checked from its record alone (docs/record-format.md, "Chance at
 * a dealt table"): the revealed seed against the commitment, every die, every draw from the
 * Munchkin family's piles and every card taken from monkic's stack, with no catalogue and no rules.
 */

import { createHash, createHmac } from "node:crypto";

import { byCodePoint, type Json, JsonObject } from "./json.js";
import type { Problem } from "./record.js";

const TWO_64 = 1n << 64n;

/** The seed's endless stream of 64-bit integers for a label. */
function* stream(seed: Buffer, label: string): Generator<bigint> {
  for (let counter = 0; ; counter += 1) {
    const digest = createHmac("sha256", seed).update(`${label}#${counter}`, "utf8").digest();
    for (let k = 0; k < 32; k += 8) yield digest.readBigUInt64BE(k);
  }
}

function below(numbers: Generator<bigint>, n: number): number {
  const limit = TWO_64 - (TWO_64 % BigInt(n));
  for (;;) {
    const x = numbers.next().value as bigint;
    if (x < limit) return Number(x % BigInt(n));
  }
}

/** The seed's Fisher–Yates shuffle of `items` under `label`. */
export function shuffled<T>(seed: Buffer, label: string, items: readonly T[]): T[] {
  const out = [...items];
  const numbers = stream(seed, label);
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = below(numbers, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The game's die number `k` (1 to 6). */
export function die(seed: Buffer, k: number): number {
  return below(stream(seed, `die:${k}`), 6) + 1;
}

/** Effects that show cards drawn from a pile, and the pile (`CardsDrawn` names its own deck). */
const DRAWN_BY: Record<string, string> = { DoorKicked: "door", TreasuresRevealed: "treasure" };

interface Pile {
  base: string[];
  shuffles: number;
  taken: number;
}

const num = (v: Json | undefined): number | undefined => (typeof v === "bigint" ? Number(v) : undefined);
const isStrings = (v: Json | undefined): v is string[] => Array.isArray(v) && v.every((c) => typeof c === "string");
const same = (a: Json[], b: string[]) => a.length === b.length && a.every((c, k) => c === b[k]);
const show = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? Number(x) : x));
const effectsOf = (event: JsonObject): JsonObject[] => {
  const effects = event.get("effects");
  return Array.isArray(effects) ? effects.filter((e): e is JsonObject => e instanceof JsonObject) : [];
};

export class ChanceWalk {
  dealt = false;
  seedRevealed = false;
  private seed = Buffer.alloc(0);
  private opening = new Map<string, string[]>();
  private piles = new Map<string, Pile>();
  private orders = new Map<string, string[]>();

  constructor(private readonly header: JsonObject) {}

  /** Walk the event lines (`[line, object]`, in version order); the first problem stops it. */
  check(events: [number, JsonObject][]): { dealt: boolean; seedRevealed: boolean; problems: Problem[] } {
    const problems: Problem[] = [];
    const result = () => ({ dealt: this.dealt, seedRevealed: this.seedRevealed, problems });
    const setup = this.header.get("setup");
    if (!(setup instanceof JsonObject) || setup.get("mode") !== "dealt") return result();
    this.dealt = true;
    let revealed: [number, string] | undefined;
    for (const [line, event] of events) {
      if (revealed !== undefined) continue;
      const stopSeed = event.get("seed");
      if (event.get("kind") === "GameStopped" && typeof stopSeed === "string") {
        revealed = [line, stopSeed]; // a table stopped when time was called reveals its seed
        continue;
      }
      if (event.get("kind") !== "CommandAccepted") continue;
      const effect = effectsOf(event).find((e) => e.get("type") === "SeedRevealed");
      if (effect !== undefined) revealed = [line, String(effect.get("seed") ?? "")];
    }
    if (revealed === undefined) return result(); // still running: nothing to check yet
    this.seedRevealed = true;
    const [line, text] = revealed;
    const options = setup.get("options");
    const committed = options instanceof JsonObject ? options.get("seed_sha256") : undefined;
    if (!/^[0-9a-f]{64}$/.test(text)
        || createHash("sha256").update(Buffer.from(text, "hex")).digest("hex") !== committed) {
      problems.push({ line, message: "the revealed seed does not match the commitment setup.options.seed_sha256" });
      return result();
    }
    this.seed = Buffer.from(text, "hex");
    const opening = this.header.get("opening_decks");
    if (opening instanceof JsonObject) {
      for (const [label, cards] of opening.entries) {
        if (!isStrings(cards)) continue;
        this.opening.set(label, cards);
        const m = /^(.+):(\d+)$/.exec(label);
        if (m !== null) this.piles.set(m[1], { base: [...cards], shuffles: Number(m[2]), taken: 0 });
      }
    }
    for (const [eventLine, event] of events) {
      let problem: string;
      try {
        problem = this.event(event);
      } catch (error) {
        problem = `unreadable chance data: ${error instanceof Error ? error.message : error}`;
      }
      if (problem !== "") {
        problems.push({ line: eventLine, message: problem });
        break; // the piles are unknown past a wrong draw
      }
    }
    return result();
  }

  private order(label: string, cards: string[]): string[] {
    const key = `${label}\u0000${cards.length}`;
    let order = this.orders.get(key);
    if (order === undefined) {
      order = shuffled(this.seed, label, cards);
      this.orders.set(key, order);
    }
    return order;
  }

  private event(event: JsonObject): string {
    const kind = event.get("kind");
    if (kind === "DisputeResolved") {
      const restored = event.get("restored_state");
      const piles = restored instanceof JsonObject ? restored.get("piles") : undefined;
      if (piles instanceof JsonObject) {
        for (const [deck, pile] of piles.entries) {
          if (!(pile instanceof JsonObject)) continue;
          const base = pile.get("base");
          this.piles.set(deck, {
            base: isStrings(base) ? [...base] : [], shuffles: num(pile.get("shuffles")) ?? 0, taken: num(pile.get("taken")) ?? 0,
          });
          this.orders.clear();
        }
      }
      return "";
    }
    if (kind !== "CommandAccepted") return "";
    const drawn = new Map<string, string[]>();
    for (const effect of effectsOf(event)) {
      const problem = this.effect(effect, drawn);
      if (problem !== "") return problem;
    }
    const left = [...drawn].filter(([, cards]) => cards.length > 0).sort(([a], [b]) => (a < b ? -1 : 1));
    if (left.length > 0) return `${left[0][1].length} card(s) drawn from the ${left[0][0]} pile are not shown where they went`;
    return "";
  }

  private effect(effect: JsonObject, drawn: Map<string, string[]>): string {
    const type = effect.get("type");
    if (type === "DieCast") {
      const k = num(effect.get("number"));
      const value = num(effect.get("value"));
      if (k === undefined || value !== die(this.seed, k)) {
        return `die ${show(effect.get("number"))} shows ${show(effect.get("value"))}, the seed gives another value`;
      }
    } else if (type === "PileShuffled") {
      const deck = String(effect.get("deck"));
      const cards = effect.get("cards");
      const pile = this.piles.get(deck);
      if (pile === undefined || num(effect.get("shuffle")) !== pile.shuffles + 1 || pile.taken < pile.base.length) {
        return `the ${deck} pile was shuffled out of turn`;
      }
      if (!isStrings(cards) || !same(cards, [...cards].sort(byCodePoint))) return `the ${deck} pile's discards are not listed in id order`;
      this.piles.set(deck, { base: [...cards], shuffles: pile.shuffles + 1, taken: 0 });
    } else if (type === "PileDrawn") {
      const deck = String(effect.get("deck"));
      const count = num(effect.get("count"));
      const pile = this.piles.get(deck);
      if (pile === undefined || count === undefined || count < 1 || pile.taken + count > pile.base.length) {
        return `${show(effect.get("count"))} card(s) drawn from the ${deck} pile, which does not hold them`;
      }
      const order = this.order(`${deck}:${pile.shuffles}`, pile.base);
      drawn.set(deck, [...(drawn.get(deck) ?? []), ...order.slice(pile.taken, pile.taken + count)]);
      pile.taken += count;
    } else if ((typeof type === "string" && type in DRAWN_BY) || (type === "CardsDrawn" && effect.get("hidden") === true)) {
      const deck = DRAWN_BY[type as string] ?? String(effect.get("deck"));
      const shown = type === "DoorKicked" ? [effect.get("card") ?? null] : effect.get("cards");
      if (!Array.isArray(shown)) return `${type} names no cards`;
      const queue = drawn.get(deck) ?? [];
      const next = queue.slice(0, shown.length);
      if (!same(shown, next)) return `${type} shows ${show(shown)}, the seed's ${deck} pile gives ${show(next)}`;
      drawn.set(deck, queue.slice(shown.length));
    } else if (type === "CardsCreated" && (effect.get("source") === "stack" || effect.get("source") === "xxl")) {
      const source = effect.get("source") as string;
      const positions = effect.get("positions");
      const cards = effect.get("cards");
      if (positions === null || positions === undefined) return "";
      const order = this.order(source, this.opening.get(source) ?? []);
      if (!Array.isArray(positions) || !Array.isArray(cards) || positions.length !== cards.length) {
        return "CardsCreated: positions and cards do not match";
      }
      for (let k = 0; k < positions.length; k += 1) {
        const position = num(positions[k]);
        const card = cards[k];
        const named = Array.isArray(card) && card.length === 2 ? card[1] : null;
        if (position === undefined || position < 0 || position >= order.length || order[position] !== named) {
          return `position ${show(positions[k])} of the ${source} holds another card than ${show(named)}`;
        }
      }
    }
    return "";
  }
}
