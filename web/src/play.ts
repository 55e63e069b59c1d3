// Playing from the page: what LegalActions offers, in words. Actions without a card are big
// buttons; card actions are card chips, a tap on one opens its variants (a second tap only where
// a target must be chosen). A refusal shows its ruling in the result line.
import { GameStatus, TableMode, type Command } from "../gen/judge/v1/judge_pb";
import { cardChip, closeSheet, openSheet } from "./cards";
import { cardName, seatName, type Offer, type Table } from "./context";
import { defineForm, learnCards, unknownCardOf } from "./define";
import { box, commandId, el, errorBox } from "./dom";
import { familyOf } from "./families";
import { tidy } from "./history";
import { SUBMIT_SHOWN } from "./shown";
import { kindWord, W } from "./words";

export type SubmitOptions = {
  /** Definitions of cards the command names that the game does not know yet, as JSON. */
  define?: string[];
  /** Called when the judge does not know the card the command names; true: it took care of it (a form),
   * false: the refusal is shown as any other. */
  onUnknown?: (card: string) => boolean;
};

/** Submit a command as its seat; shows the outcome (events or the ruling) in the result line. */
export async function submit(table: Table, command: Command, options: SubmitOptions = {}): Promise<boolean> {
  const result = document.getElementById("result")!;
  result.replaceChildren();
  const sent: Command = { ...command, commandId: commandId(), seat: command.seat ?? table.seat ?? 0 };
  try {
    const define = (options.define ?? []).map((json) => ({ json }));
    const answer = await table.client.submit({ gameId: table.game, command: sent, define, readMask: SUBMIT_SHOWN },
                                             { headers: table.headers });
    for (const event of answer.events) learnCards(table, event);
    const summary = answer.events.map((e) => tidy(table, e.summary)).filter(Boolean).join("; ");
    result.append(el("p", `${W.done} ${summary}`, { "data-testid": "done", "data-version": String(answer.version) }));
    closeSheet();
    table.changed(answer.view);
    return true;
  } catch (e) {
    const unknown = options.onUnknown ? unknownCardOf(e) : null;
    if (unknown !== null && options.onUnknown!(unknown)) return false;
    result.append(errorBox(e));
    // A refusal of a command sent from a card's sheet shows in the sheet too, where the player looks.
    document.querySelector("#sheet .sheet")?.append(errorBox(e));
    return false;
  } finally {
    result.classList.toggle("shown", result.childElementCount > 0);
  }
}

export function offersFor(table: Table, key: string): Offer[] {
  return table.offers.filter((o) => o.key === key);
}

/** The seats whose offers this page shows: its own and, in the two-player variant, its other character. */
export function mySeats(table: Table): number[] {
  if (table.role !== "seat" || table.seat === null) return [];
  const other = table.view?.alterEgos[table.seat];
  return other === undefined || other === table.seat ? [table.seat] : [table.seat, other];
}

/** Ask the judge what this seat may do now (LegalActions), for the newest view. */
export async function loadOffers(table: Table): Promise<boolean> {
  const view = table.view;
  if (!view) return false;
  const family = familyOf(view.family);
  const offers: Offer[] = [];
  for (const seat of mySeats(table)) {
    const answer = await table.client.legalActions({ gameId: table.game, seat }, { headers: table.headers });
    const templates = new Map<string, Offer>();
    for (const action of answer.actions) {
      if (!action.command) continue;
      const command = { ...action.command, seat } as Command;
      const open = action.open.find((o) => o.field === "card");
      if (!open) {
        offers.push({ seat, kind: action.kind, command, ...family.describe(table, command) });
        continue;
      }
      // A template (a reported table's unseen card): one chip per card of its domain the page knows,
      // and once per kind of action the card typed by name (a card of the group's own library).
      for (const id of cardsOf(table, open.domain)) {
        const one = withCard(command, id);
        offers.push({ seat, kind: action.kind, command: one, ...family.describe(table, one) });
      }
      const shape = `${action.kind}:${JSON.stringify(action.command.action.value ?? {}, (_, v) => typeof v === "bigint" ? String(v) : v)}`;
      const typed = templates.get(shape);
      if (typed) {
        typed.domains!.push(open.domain);
        continue;
      }
      const offer: Offer = { seat, kind: action.kind, command, ...family.describe(table, command), domains: [open.domain] };
      templates.set(shape, offer);
      offers.push(offer);
    }
  }
  if (table.view && table.view.version !== view.version) return false; // a newer view is on its way
  table.offers = offers;
  table.offersVersion = view.version;
  return true;
}

/** One button per offer: its variant in words (the kind's name where there is none); a choice
 * the judge leaves open (which card a reported table drew) is typed by name. */
export function offerButtons(table: Table, offers: Offer[], kindFirst = true): HTMLElement {
  const list = box("div", "variants");
  const several = new Set(offers.map((o) => o.seat)).size > 1;
  for (const offer of offers) {
    const row = box("div", "variant");
    const who = several ? `${seatName(table.view, offer.seat)}: ` : "";
    const words = [kindFirst || !offer.label ? kindWord(offer.kind) : "", offer.label].filter(Boolean).join(" · ");
    const button = el("button", who + words, { "data-action": offer.kind, "data-variant": offer.label });
    const value = offer.command.action.value as { card?: unknown } | undefined;
    let input: HTMLInputElement | null = null;
    // A reported table's open choice (which card was drawn) is typed by name; a dealt table's judge draws itself.
    if (value && "card" in value && value.card === "" && table.view?.mode === TableMode.REPORTED && !offer.key) {
      input = cardInput();
      row.setAttribute("data-domains", (offer.domains ?? []).join(" "));
      row.append(input);
    }
    button.addEventListener("click", async () => {
      const command = input ? withCard(offer.command, cardIdFrom(table, input.value)) : offer.command;
      button.disabled = true; // one tap sends once
      row.querySelector("form.define")?.remove();
      // A typed card the judge does not know: its definition form, right here; then the same command again.
      const onUnknown = (name: string) => {
        const form = defineForm(table, {
          name: name || input!.value.trim(), domains: offer.domains ?? [], lead: W.newCard, sendLabel: W.defineSend,
          send: (card) => submit(table, command, { define: [JSON.stringify(card)] }),
        });
        if (!form) return false; // a family without a form: the refusal says what is unknown
        row.append(form);
        form.scrollIntoView({ block: "nearest" });
        // The first printed number is what is left to type (a monster's level): ready for it.
        const first = form.querySelector<HTMLInputElement>("input[type=number]");
        first?.focus();
        first?.select();
        return true;
      };
      try { await submit(table, command, input ? { onUnknown } : {}); } finally { button.disabled = false; }
    });
    row.append(button);
    list.append(row);
  }
  return list;
}

/** The ids of the cards a template's domain names ("kind:monster": every card of that kind). */
function cardsOf(table: Table, domain: string): string[] {
  const kind = domain.startsWith("kind:") ? domain.slice("kind:".length) : null;
  return kind === null ? [] : Object.values(table.cards).filter((c) => c.kind === kind).map((c) => c.id).sort();
}

function withCard(command: Command, card: string): Command {
  const value = command.action.value as Record<string, unknown>;
  return { ...command, action: { ...command.action, value: { ...value, card } } } as Command;
}

function cardInput(): HTMLInputElement {
  return el("input", undefined, { list: "card-names", placeholder: W.cardId, "data-card-input": "", autocomplete: "off" });
}

export function cardIdFrom(table: Table, typed: string): string {
  const wanted = typed.trim().toLowerCase();
  for (const [id, card] of Object.entries(table.cards)) {
    if (id === wanted || card.name.toLowerCase() === wanted) return id;
  }
  return typed.trim();
}

/** The kinds the player opened or closed (a long list opens only on a tap, and stays as left). */
const chosen = new Map<string, boolean>();

/** The offers, by kind: a kind without cards as big buttons, a kind with cards as card chips. */
export function renderActions(table: Table): void {
  const root = document.getElementById("actions")!;
  const view = table.view;
  if (table.role !== "seat" || !view || view.status === GameStatus.FINISHED) {
    root.replaceChildren();
    return;
  }
  // Offers for an older view stay on screen (dimmed) until the new ones are here: no flicker.
  const stale = table.offersVersion !== view.version;
  root.classList.toggle("stale", stale);
  if (stale && root.childElementCount) return;
  const typed = new Map([...root.querySelectorAll<HTMLInputElement>("input[data-filter]")].map((i) => [i.dataset.filter, i.value]));
  root.setAttribute("data-version", String(table.offersVersion));
  const body = box("div", "offers");
  body.id = "offers";
  // A card of a hand the board shows is played from there (a tap on it): the list leaves it out.
  const inHand = new Set([...document.querySelectorAll<HTMLElement>("#view [data-testid=hand] [data-key], #view [data-testid=alter] [data-key]")]
    .map((chip) => chip.dataset.key ?? ""));
  const byKind = new Map<string, Offer[]>();
  let fromHand = 0;
  for (const offer of table.offers) {
    if (offer.key && inHand.has(offer.key)) { fromHand += 1; continue; }
    byKind.set(offer.kind, [...(byKind.get(offer.kind) ?? []), offer]);
  }
  if (fromHand) body.append(el("p", W.fromHand, { class: "muted", "data-testid": "from-hand" }));
  else if (!byKind.size) body.append(el("p", W.noActions, { "data-testid": "no-actions", class: "muted" }));
  const plainButtons = box("div", "big-actions");
  for (const [kind, offers] of byKind) {
    const keys = [...new Set(offers.map((o) => o.key))];
    if (keys.length === 1 && keys[0] === "") { // no card: one button per variant
      const group = box("div", "kind-plain");
      group.setAttribute("data-kind", kind);
      group.append(offers.length === 1 ? offerButtons(table, offers) : variantsOpener(table, kindWord(kind), offers));
      plainButtons.append(group);
      continue;
    }
    const group = el("details", undefined, { "data-kind": kind, class: "kind-group" });
    group.open = chosen.get(kind) ?? (kind !== "reveal_card" && keys.length <= 12);
    const summary = el("summary", `${kindWord(kind)} (${keys.length})`);
    summary.addEventListener("click", () => chosen.set(kind, !group.open)); // the player's choice stays
    group.append(summary);
    const chips = box("div", "chips");
    if (keys.length > 12) {
      const filter = el("input", undefined, { placeholder: W.filter, "data-filter": kind, type: "search" });
      filter.value = typed.get(kind) ?? "";
      const apply = () => {
        const wanted = filter.value.trim().toLowerCase();
        for (const chip of chips.querySelectorAll<HTMLElement>(".chip")) {
          chip.hidden = wanted !== "" && !chip.textContent!.toLowerCase().includes(wanted);
        }
      };
      filter.addEventListener("input", apply);
      group.append(filter);
      queueMicrotask(apply);
    }
    for (const key of keys) {
      const mine = offers.filter((o) => o.key === key);
      if (!key) { chips.append(variantsOpener(table, kindWord(kind), mine)); continue; }
      // A tap opens the card's sheet with only this kind's variants.
      const card = mine[0].card || key;
      const chip = cardChip(table, card, { key, cls: "offer", onTap: () => {
        const text = table.cards[card]?.text;
        openSheet(cardName(table, card), ...(text ? [el("p", text, { class: "text" })] : []), offerButtons(table, mine, false));
      } });
      chip.setAttribute("data-offer", `${kind}:${key}`);
      chips.append(chip);
    }
    group.append(chips);
    body.append(group);
  }
  root.replaceChildren(el("h2", W.actions), plainButtons, body);
}

function variantsOpener(table: Table, title: string, offers: Offer[]): HTMLElement {
  const button = el("button", `${title} …`, { "data-action": offers[0].kind, class: "opener" });
  button.addEventListener("click", () => openSheet(title, offerButtons(table, offers, false)));
  return button;
}
