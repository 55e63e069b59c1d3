// Playing from the page: what LegalActions offers, grouped by kind and by
// card (with the card's name and text), each submitted as a Submit; a hand
// card can also be played directly or asked about ("may I play this now?",
// Ask, which records nothing). A refusal shows its ruling.
import { toJson } from "@bufbuild/protobuf";
import { CommandSchema, type Command, type LegalAction } from "../gen/judge/v1/judge_pb";
import { cardName, seatName, type Table } from "./context";
import { commandId, el, errorBox, rulingBox } from "./dom";
import { kindWord, W } from "./words";

type Json = { [key: string]: unknown };

/** The action's own fields (the oneof's value) as JSON: enum values by name, defaults left out. */
function actionFields(command: Command): [string, Json] {
  const json = toJson(CommandSchema, command) as Json;
  for (const [key, value] of Object.entries(json)) {
    if (!["commandId", "seat", "expectedVersion"].includes(key)) return [key, (value ?? {}) as Json];
  }
  return ["", {}];
}

function cardOf(command: Command): string {
  const value = command.action.value as { card?: unknown } | undefined;
  return typeof value?.card === "string" ? value.card : "";
}

/** One field of an action as a player reads it: seats by name, cards by name, enums by their word. */
function fieldLabel(table: Table, key: string, value: unknown): string {
  if (/seat$|Seat$|^helper$|^target$/.test(key) && typeof value === "number") return `→ ${seatName(table.view, value)}`;
  if (typeof value === "string" && /^[A-Z]+_[A-Z_]+$/.test(value)) {
    return value.replace(/^[A-Z]+_/, "").toLowerCase().replace(/_/g, " ");
  }
  if (Array.isArray(value)) return `${key}: ${value.map((v) => fieldLabel(table, "", v)).join(", ")}`;
  if (typeof value === "boolean") return key;
  if (typeof value === "string") return key ? `${key}: ${cardName(table, value)}` : cardName(table, value);
  if (value && typeof value === "object") {
    const inner = Object.entries(value).map(([k, v]) => fieldLabel(table, k, v)).join(", ");
    return key ? `${key}: ${inner || "–"}` : inner;
  }
  return key ? `${key}: ${String(value)}` : String(value);
}

/** What tells apart the actions offered for one card: target, side, a second card ... */
function variantLabel(table: Table, command: Command): string {
  const [, fields] = actionFields(command);
  return Object.entries(fields).filter(([key]) => key !== "card").map(([k, v]) => fieldLabel(table, k, v)).join(" · ");
}

function kindLabel(kind: string): string {
  return kindWord(kind);
}

/** Submit a command as this seat; shows the outcome (events or the ruling) in the play section's result line. */
export async function submit(table: Table, command: Command): Promise<void> {
  const result = document.getElementById("result")!;
  result.replaceChildren();
  const sent: Command = { ...command, commandId: commandId(), seat: table.seat ?? command.seat };
  try {
    const answer = await table.client.submit({ gameId: table.game, command: sent }, { headers: table.headers });
    const summary = answer.events.map((e) => e.summary).filter(Boolean).join("; ");
    result.append(el("p", `${W.done} ${summary}`, { "data-testid": "done", "data-version": String(answer.version) }));
    table.changed(answer.view);
  } catch (e) {
    result.append(errorBox(e));
  }
  result.scrollIntoView({ block: "nearest" });
}

async function ask(table: Table, seat: number, card: string): Promise<HTMLElement> {
  const box = el("div", undefined, { "data-answer": card });
  try {
    const { allowed, ruling } = await table.client.ask(
      { gameId: table.game, command: { seat, action: { case: "playCard", value: { card } } } }, { headers: table.headers });
    if (allowed || !ruling) box.append(el("p", W.yes, { "data-testid": "allowed" }));
    else box.append(rulingBox(ruling, W.no));
  } catch (e) {
    box.append(errorBox(e));
  }
  return box;
}

/** One hand card: its name and text, "Play" (Submit) and "May I play it?" (Ask) for its own seat. */
export function handCard(table: Table, seat: number, card: string, mine: boolean): HTMLLIElement {
  const item = el("li", undefined, { "data-card": card });
  const info = table.cards[card];
  item.append(el("strong", cardName(table, card)));
  if (info?.text) item.append(el("span", ` – ${info.text}`, { class: "text" }));
  if (mine && table.role === "seat") {
    const play = el("button", W.play, { "data-play": card });
    play.addEventListener("click", () => void submit(table, { seat, action: { case: "playCard", value: { card } } } as Command));
    const asking = el("button", W.ask, { "data-ask": card });
    asking.addEventListener("click", async () => {
      const answer = await ask(table, seat, card);
      item.querySelector("[data-answer]")?.remove();
      item.append(answer);
    });
    item.append(" ", play, " ", asking);
  }
  return item;
}

/** Any card by its printed name or id: "may I play this now?" (Ask) and Play (Submit), for a card the
 * page does not know in the hand (a reported table: the judge never sees the hands). */
function anyCard(table: Table, seat: number): HTMLElement {
  const form = el("form", undefined, { "data-testid": "any-card" });
  const input = cardInput(table);
  const asking = el("button", W.ask, { type: "submit", "data-any-ask": "" });
  const play = el("button", W.play, { type: "button", "data-any-play": "" });
  const answer = el("div", undefined, { "data-testid": "any-answer" });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    answer.replaceChildren(await ask(table, seat, cardIdFrom(table, input.value)));
  });
  play.addEventListener("click", () => void submit(
    table, { seat, action: { case: "playCard", value: { card: cardIdFrom(table, input.value) } } } as Command));
  form.append(input, " ", asking, " ", play, answer);
  return form;
}

/** A card choice the judge leaves open (a reported table: which door was drawn): typed by name or id. */
function cardInput(table: Table): HTMLInputElement {
  const input = el("input", undefined, { list: "card-names", placeholder: W.cardId, "data-card-input": "" });
  return input;
}

function cardIdFrom(table: Table, typed: string): string {
  const wanted = typed.trim().toLowerCase();
  for (const [id, card] of Object.entries(table.cards)) {
    if (id === wanted || card.name.toLowerCase() === wanted) return id;
  }
  return typed.trim();
}

let shownFor = -1n;

/** What LegalActions offers this seat now, grouped by kind and card. */
export async function showActions(table: Table): Promise<void> {
  const root = document.getElementById("actions")!;
  const view = table.view;
  if (table.role !== "seat" || table.seat === null || !view) {
    root.replaceChildren();
    return;
  }
  const version = view.version;
  let actions: LegalAction[];
  try {
    actions = (await table.client.legalActions({ gameId: table.game, seat: table.seat }, { headers: table.headers })).actions;
  } catch (e) {
    root.replaceChildren(errorBox(e));
    return;
  }
  if (table.view && table.view.version !== version) return; // a newer view is on its way: its list follows
  shownFor = version;
  if (!root.querySelector("#offers")) { // the form stays as typed in while the offers follow the game
    root.replaceChildren(el("h2", W.actions), anyCard(table, table.seat), el("div", undefined, { id: "offers" }));
  }
  root.setAttribute("data-version", String(shownFor));
  const offers = root.querySelector("#offers")!;
  offers.replaceChildren();
  if (!actions.length) offers.append(el("p", W.noActions, { "data-testid": "no-actions" }));
  const byKind = new Map<string, Map<string, LegalAction[]>>();
  for (const action of actions) {
    const cards = byKind.get(action.kind) ?? new Map<string, LegalAction[]>();
    const card = action.command ? cardOf(action.command) : "";
    cards.set(card, [...(cards.get(card) ?? []), action]);
    byKind.set(action.kind, cards);
  }
  for (const [kind, cards] of byKind) {
    const count = [...cards.values()].reduce((n, list) => n + list.length, 0);
    const group = el("details", undefined, { "data-kind": kind });
    group.open = kind !== "reveal_card" && count <= 12; // a long list (a reported table: the whole catalogue) opens on a tap
    const first = [...cards.values()][0][0];
    group.append(el("summary", `${kindLabel(kind)} (${count})`, { title: first.description }));
    for (const [card, list] of cards) {
      const row = el("div", undefined, { class: "offer", "data-offer": `${kind}:${card}` });
      if (card) {
        row.append(el("strong", cardName(table, card)));
        const text = table.cards[card]?.text;
        if (text) row.append(el("span", ` – ${text}`, { class: "text" }));
        row.append(el("br"));
      }
      for (const action of list) {
        const command = action.command;
        if (!command) continue;
        const label = variantLabel(table, command) || kindLabel(kind);
        const button = el("button", label, { "data-action": kind, title: action.description });
        const value = command.action.value as { card?: unknown } | undefined;
        let input: HTMLInputElement | null = null;
        if (value && "card" in value && value.card === "") {
          input = cardInput(table);
          row.append(input, " ");
        }
        button.addEventListener("click", () => {
          const chosen = input ? { ...command, action: { ...command.action, value: { ...value, card: cardIdFrom(table, input.value) } } }
            : command;
          void submit(table, chosen as Command);
        });
        row.append(button, " ");
      }
      group.append(row);
    }
    offers.append(group);
  }
}
