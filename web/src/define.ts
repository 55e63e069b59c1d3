// A card the judge does not know, defined from the page the moment it turns up: the refusal's
// UNKNOWN_CARD detail opens a compact form right where the card was typed (its kind, limited to the
// kinds the action allows, and the numbers that kind prints, as the judge describes them in the
// caller's language: ListRulesets card_forms), and the page sends the same command again with the
// definition (SubmitRequest.define). Every page learns
// the cards a game defines from its events (the CardsDefined and CardCorrected effects, as the judge
// shows them to this caller: a face-down card's definition stays hidden), so a defined card shows
// by its printed name and numbers like a catalogue card; the organizer corrects one from its sheet
// (CorrectCard).
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { CardInfoSchema } from "../gen/judge/v1/cards_pb";
import type { Event } from "../gen/judge/v1/judge_pb";
import type { CardFieldForm, CardKindForm } from "../gen/judge/v1/rulesets_pb";
import { ErrorInfoSchema } from "../gen/google/rpc/error_details_pb";
import type { Table } from "./context";
import { box, commandId, el, errorBox } from "./dom";
import { familyOf } from "./families";
import { W } from "./words";

type Definition = Record<string, unknown>;

/** The card a refusal says the judge does not know (ErrorInfo UNKNOWN_CARD), or null. */
export function unknownCardOf(e: unknown): string | null {
  const error = ConnectError.from(e);
  if (error.code !== Code.InvalidArgument) return null;
  const info = error.findDetails(ErrorInfoSchema).find((i) => i.reason === "UNKNOWN_CARD");
  return info ? info.metadata.card ?? "" : null;
}

/** The cards a game defined, by id, as this page was shown them: (re)learnt from every event. */
export function learnCards(table: Table, event: Event): void {
  let payload: { effects?: Definition[]; setup?: { custom_cards?: Definition[] } };
  try { payload = JSON.parse(event.payloadJson || "{}"); } catch { return; }
  // A game's own cards and those its collection's library lent it, pinned at its creation.
  for (const card of payload.setup?.custom_cards ?? []) remember(table, card);
  for (const effect of payload.effects ?? []) {
    if (effect.type === "CardsDefined") for (const card of (effect.cards as Definition[]) ?? []) remember(table, card);
    if (effect.type === "CardCorrected" && effect.after) remember(table, effect.after as Definition);
  }
}

function idOf(card: Definition): string {
  return String(card.id ?? card.card ?? "");
}

const NUMBERS = ["level", "bonus", "treasures", "levels", "value", "level_gain", "attack", "shield"];

function remember(table: Table, card: Definition): void {
  const id = idOf(card);
  if (!id) return;
  table.defined[id] = card;
  const was = table.cards[id];
  // What the definition gives, over what the page knew of the card (a value a library gives a printed card).
  const text = (key: string, fallback: string) => (typeof card[key] === "string" ? String(card[key]) : fallback);
  const flag = (key: string, fallback: boolean) => (typeof card[key] === "boolean" ? card[key] === true : fallback);
  const info = create(CardInfoSchema, {
    id, name: text("name", was?.name ?? ""), kind: text("kind", was?.kind ?? ""), deck: text("deck", was?.deck ?? ""),
    set: was?.set ?? "", text: text("text", was?.text ?? ""), slot: text("slot", was?.slot ?? ""),
    big: flag("big", was?.big ?? false), undead: flag("undead", was?.undead ?? false), fromLibrary: true,
  });
  const numbers = info as unknown as Record<string, number>;
  for (const name of NUMBERS) {
    const key = name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
    const value = card[name];
    numbers[key] = typeof value === "number" ? value : Number((was as unknown as Record<string, number> | undefined)?.[key] ?? 0);
  }
  if (info.kind === "monster" && card.levels === undefined && !was) info.levels = 1;
  info.currency = info.value ? text("currency", was?.currency || "gold") : "";
  table.cards[id] = info;
  const names = document.getElementById("card-names"); // typed by its printed name from now on
  if (names && info.name && ![...names.querySelectorAll("option")].some((o) => o.value === info.name)) {
    names.append(el("option", undefined, { value: info.name }));
  }
}

function valueAt(card: Definition, path: string): unknown {
  return path.split(".").reduce<unknown>((at, key) => (at as Definition | undefined)?.[key], card);
}

function setAt(card: Definition, path: string, value: unknown, drop: boolean): void {
  const keys = path.split(".");
  let at = card;
  for (const key of keys.slice(0, -1)) {
    at[key] = { ...((at[key] as Definition | undefined) ?? {}) };
    at = at[key] as Definition;
  }
  const last = keys[keys.length - 1];
  if (drop) delete at[last];
  else at[last] = value;
}

/** A number with a large − and + beside it, for a thumb. */
function stepper(field: CardFieldForm, start: number): { node: HTMLElement; read: () => number } {
  const min = field.minimum === undefined ? -1e6 : Number(field.minimum);
  const input = el("input", undefined, { type: "number", inputmode: "numeric", "data-define-field": field.path,
                                         "aria-label": field.label, ...(field.minimum !== undefined ? { min: String(min) } : {}) });
  input.value = String(start);
  const read = () => {
    const n = Math.trunc(Number(input.value));
    return Number.isFinite(n) && input.value.trim() !== "" ? Math.max(min, n) : Number(initialOf(field));
  };
  const step = (by: number) => () => { input.value = String(Math.max(min, read() + by)); };
  const minus = el("button", "−", { type: "button", class: "step", "aria-label": `${field.label} −1` });
  const plus = el("button", "+", { type: "button", class: "step", "aria-label": `${field.label} +1` });
  minus.addEventListener("click", step(-1));
  plus.addEventListener("click", step(1));
  return { node: box("div", "stepper", minus, input, plus), read };
}

type Reader = () => unknown;

function initialOf(field: CardFieldForm): unknown {
  try { return JSON.parse(field.initialJson || "null"); } catch { return null; }
}

/** The form's fields for one kind, started from `card` where it gives them (a correction). */
function fieldsOf(form: CardKindForm | undefined, card: Definition | null): { node: HTMLElement; readers: Map<CardFieldForm, Reader> } {
  const holder = box("div", "define-fields");
  const readers = new Map<CardFieldForm, Reader>();
  for (const field of form?.fields ?? []) {
    const given = card ? valueAt(card, field.path) : undefined;
    const initial = initialOf(field);
    const label = el("label", undefined, { class: `define-field ${field.type}` });
    label.append(box("span", "label", field.label));
    if (field.type === "int") {
      const { node, read } = stepper(field, typeof given === "number" ? given : Number(initial));
      label.append(node);
      readers.set(field, read);
    } else if (field.type === "bool") {
      const input = el("input", undefined, { type: "checkbox", "data-define-field": field.path });
      input.checked = typeof given === "boolean" ? given : initial === true;
      label.prepend(input);
      readers.set(field, () => input.checked);
    } else if (field.type === "choice") {
      const select = el("select", undefined, { "data-define-field": field.path });
      for (const choice of field.choices ?? []) select.append(el("option", choice.label, { value: choice.value }));
      select.value = typeof given === "string" ? given : String(initial ?? "");
      label.append(select);
      readers.set(field, () => select.value);
    } else {
      const input = el("input", undefined, { "data-define-field": field.path });
      input.value = typeof given === "string" ? given : String(initial ?? "");
      label.append(input);
      readers.set(field, () => input.value.trim());
    }
    holder.append(label);
  }
  return { node: holder, readers };
}

export type DefineOptions = {
  /** The printed name as typed (a new card), or the definition to correct. */
  name: string;
  card?: Definition;
  /** The kinds the action allows ("kind:monster" ...); empty: every kind of the form. */
  domains: string[];
  /** What the page does with the definition: submit the command again, or correct the card. */
  send: (definition: Definition) => Promise<boolean>;
  lead: string;
  sendLabel: string;
};

/** The definition form: the kind as a row of big buttons, the kind's numbers, a free text, one button. */
export function defineForm(table: Table, options: DefineOptions): HTMLElement | null {
  const family = familyOf(table.view?.family ?? "");
  if (!family.definitionId || !table.forms.length) return null;
  const forms = new Map(table.forms.map((f) => [f.kind, f]));
  const known = table.forms.filter((f) => f.common || f.kind === options.card?.kind).map((f) => f.kind);
  const allowed = options.domains.filter((d) => d.startsWith("kind:")).map((d) => d.slice("kind:".length));
  const kinds = allowed.length
    ? [...table.forms.map((f) => f.kind).filter((k) => allowed.includes(k)), ...allowed.filter((k) => !forms.has(k)).sort()]
    : known;
  const old = options.card ?? null;
  let kind = old ? String(old.kind ?? kinds[0]) : kinds[0];
  if (!kinds.includes(kind)) kinds.unshift(kind);
  const root = el("form", undefined, { class: "define", "data-define-form": options.name });
  root.append(el("p", options.lead, { class: "lead" }));
  const kindRow = box("div", "define-kinds");
  kindRow.setAttribute("role", "radiogroup");
  kindRow.setAttribute("aria-label", W.defineKind);
  let fields = fieldsOf(forms.get(kind), old);
  const text = el("textarea", undefined, { rows: "2", placeholder: W.defineTextHint, "data-define-field": "text" });
  text.value = old && typeof old.text === "string" ? old.text : "";
  const pick = (chosen: string) => {
    kind = chosen;
    for (const b of kindRow.querySelectorAll<HTMLElement>("button")) b.setAttribute("aria-pressed", String(b.dataset.defineKind === kind));
    const next = fieldsOf(forms.get(kind), old && old.kind === kind ? old : null);
    fields.node.replaceWith(next.node);
    fields = next;
  };
  for (const k of kinds) {
    const b = el("button", forms.get(k)?.label || family.kindName(k), { type: "button", class: "kind", "data-define-kind": k, role: "radio",
                                                   "aria-pressed": String(k === kind) });
    b.addEventListener("click", () => pick(k));
    kindRow.append(b);
  }
  const textLabel = el("label", undefined, { class: "define-field text" });
  textLabel.append(box("span", "label", W.defineText), text);
  const send = el("button", options.sendLabel, { type: "submit", class: "primary", "data-define-send": "" });
  const outcome = el("div", undefined, { "data-define-result": "" });
  root.append(kindRow, fields.node, textLabel, send, outcome);
  root.addEventListener("submit", async (e) => {
    e.preventDefault();
    outcome.replaceChildren();
    const card: Definition = old ? structuredClone(old) : { ...family.definitionId!(options.name), name: options.name };
    let base: Definition = { deck: "door" };
    try { base = JSON.parse(forms.get(kind)?.baseJson || "{}") as Definition; } catch { /* the judge names what is missing */ }
    for (const [key, value] of Object.entries(base)) {
      if (!(key in card) || typeof value !== "object") card[key] = value; // a correction keeps its effects
    }
    card.kind = kind;
    for (const [field, read] of fields.readers) {
      const value = read();
      setAt(card, field.path, value, !field.required && value === initialOf(field) && !(old && valueAt(old, field.path) !== undefined));
    }
    if (text.value.trim()) card.text = text.value.trim();
    else delete card.text;
    send.disabled = true;
    try {
      if (!await options.send(card)) outcome.append(el("p", W.defineFailed, { class: "muted" }));
    } catch (error) {
      outcome.append(errorBox(error));
    } finally {
      send.disabled = false;
    }
  });
  return root;
}

/** The organizer's correction of a card the game defined, from the card's sheet (CorrectCard). */
export function correctButton(table: Table, card: string): HTMLElement | null {
  const old = table.defined[card];
  if (table.role !== "organizer" || !old || !familyOf(table.view?.family ?? "").definitionId || !table.forms.length) return null;
  const holder = box("div", "correct");
  const open = el("button", W.correct, { type: "button", class: "quiet", "data-correct": card });
  open.addEventListener("click", () => {
    const form = defineForm(table, {
      name: String(old.name ?? card), card: old, domains: [], lead: W.correctLead, sendLabel: W.correctSend,
      send: async (definition) => {
        const answer = await table.client.correctCard(
          { gameId: table.game, commandId: commandId(), cardJson: JSON.stringify(definition) }, { headers: table.headers });
        for (const event of answer.events) learnCards(table, event);
        holder.replaceChildren(el("p", W.corrected, { "data-testid": "corrected" }));
        table.changed(answer.view);
        return true;
      },
    });
    if (form) holder.replaceChildren(form);
  });
  holder.append(open);
  return holder;
}
