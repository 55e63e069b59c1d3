// Cards as chips (printed name, kind, numbers) and a card's sheet on a tap: its text and what
// the seat may do with it now, each variant one tap, and "may I play it?" where the family asks.
import type { Command } from "../gen/judge/v1/judge_pb";
import { cardName, type Table } from "./context";
import { correctButton } from "./define";
import { box, el, errorBox, rulingBox } from "./dom";
import { familyOf } from "./families";
import { offerButtons, offersFor } from "./play";
import { W } from "./words";

export type ChipOptions = { key?: string; note?: string; testid?: string; cls?: string; onTap?: () => void };

/** A card as a chip: its printed name, kind and numbers; a tap opens its sheet. */
export function cardChip(table: Table, card: string, options: ChipOptions = {}): HTMLElement {
  const family = familyOf(table.view?.family ?? "");
  const info = table.cards[card];
  const key = options.key ?? card;
  // A spectator's page has no control at all: its cards are not buttons.
  const chip = el(table.role === "spectator" ? "span" : "button", undefined,
                  { class: `chip ${options.cls ?? ""} kind-${info?.kind ?? "other"}`, "data-card": card, "data-key": key });
  if (options.testid) chip.setAttribute("data-testid", options.testid);
  chip.append(box("span", "name", cardName(table, card)));
  const meta = [info ? family.kindName(info.kind) : "", family.numbers(table, card)].filter(Boolean).join(" · ");
  if (meta) chip.append(box("span", "meta", meta));
  if (options.note) chip.append(box("span", "note", options.note));
  if (table.role === "seat" && offersFor(table, key).length) chip.classList.add("playable");
  if (table.role !== "spectator") chip.addEventListener("click", options.onTap ?? (() => openCard(table, card, key)));
  return chip;
}

/** A bottom sheet over the page (one at a time); closed by its button or a tap beside it. */
export function openSheet(title: string, ...content: Node[]): HTMLElement {
  closeSheet();
  const shade = el("div", undefined, { class: "shade", id: "sheet", "data-testid": "sheet" });
  const sheet = box("div", "sheet", box("header", "", el("h3", title),
                                         el("button", "×", { class: "x", "aria-label": W.close, "data-close": "" })));
  sheet.append(...content);
  shade.append(sheet);
  shade.addEventListener("click", (e) => {
    if (e.target === shade || (e.target as HTMLElement).hasAttribute("data-close")) closeSheet();
  });
  document.body.append(shade);
  return sheet;
}

export function closeSheet(): void {
  document.getElementById("sheet")?.remove();
}

/** A card's sheet: kind, numbers, text, the offers for it now, and Ask for a hand card. */
export function openCard(table: Table, card: string, key: string): void {
  const family = familyOf(table.view?.family ?? "");
  const info = table.cards[card];
  const body = box("div", "card-sheet");
  body.setAttribute("data-sheet-card", key);
  const meta = [info ? family.kindName(info.kind) : "", family.numbers(table, card)].filter(Boolean).join(" · ");
  if (meta) body.append(el("p", meta, { class: "meta" }));
  if (info?.text) body.append(el("p", info.text, { class: "text" }));
  if (table.role === "seat") {
    const offers = offersFor(table, key);
    if (offers.length) body.append(offerButtons(table, offers));
    const seat = table.seat;
    const command = seat === null ? null : family.askCommand?.(seat, card) ?? null;
    if (command && !offers.some((o) => o.kind === "play_card")) body.append(askButton(table, command));
  }
  const correct = correctButton(table, card);
  if (correct) body.append(correct);
  openSheet(cardName(table, card), body);
}

function askButton(table: Table, command: Command): HTMLElement {
  const holder = box("div", "ask");
  const button = el("button", W.ask, { class: "quiet", "data-ask": "" });
  const answer = el("div", undefined, { "data-answer": "" });
  button.addEventListener("click", async () => {
    answer.replaceChildren();
    try {
      const { allowed, ruling } = await table.client.ask({ gameId: table.game, command }, { headers: table.headers });
      answer.append(allowed || !ruling ? el("p", W.yes, { "data-testid": "allowed" }) : rulingBox(ruling, W.no));
    } catch (e) {
      answer.append(errorBox(e));
    }
  });
  holder.append(button, answer);
  return holder;
}
