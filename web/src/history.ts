// The game's past in a drawer: every event (Replay, then live from Watch), newest first, voided
// ones struck through; a seat taps an event to dispute it there. The disputes with the judge's
// automatic re-check; on the organizer's page the open ones are a queue at the top, each with the
// disputed event, to uphold (roll back) or dismiss.
import { DisputeStatus, type Dispute, type Event } from "../gen/judge/v1/judge_pb";
import { cardName, seatName, type Table } from "./context";
import { learnCards } from "./define";
import { box, el, errorBox, rulingBox } from "./dom";
import { REPLAY_SHOWN } from "./shown";
import { plural, W } from "./words";

const events = new Map<bigint, Event>();

function voided(table: Table, version: bigint): boolean {
  for (const range of table.view?.voided ?? []) {
    const [from, to] = range.split("-").map((v) => BigInt(v));
    if (from <= version && version <= to) return true;
  }
  return false;
}

/** Events per message of the history's Replay (the judge allows up to 1,000). */
const HISTORY_BATCH = 200;

/** Load every event so far (Replay, in batches), once, at the start. */
export async function loadHistory(table: Table, upTo: bigint): Promise<void> {
  if (upTo === 0n) return;
  for await (const step of table.client.replay({ gameId: table.game, fromVersion: 1n, toVersion: upTo,
                                                 readMask: REPLAY_SHOWN, maxBatch: HISTORY_BATCH },
                                               { headers: table.headers })) {
    for (const event of step.events) addEvent(table, event);
  }
}

export function addEvent(table: Table, event: Event): void {
  events.set(event.version, event);
  learnCards(table, event);
}

/** The newest events, for the spectator's ticker. */
export function recentEvents(table: Table, count: number): HTMLElement {
  const list = el("ol", undefined, { class: "ticker", "data-testid": "ticker" });
  for (const event of [...events.values()].sort((a, b) => Number(b.version - a.version)).slice(0, count)) {
    const item = el("li", eventText(table, event), { "data-event": String(event.version) });
    if (event.voided || voided(table, event.version)) item.classList.add("voided");
    list.append(item);
  }
  return list;
}

/** A summary as a player reads it: where the judge's text still names a card in play by its
 * instance and catalogue ids (monkic's "takes ['c8', 'roboter']"), the card's printed name. */
export function tidy(table: Table, summary: string): string {
  return summary
    .replace(/\['c\d+', '([a-z0-9-]+)'\]/g, (_, id: string) => cardName(table, id))
    .replace(/ \(c\d+\)/g, "");
}

function eventText(table: Table, event: Event): string {
  const who = event.seat === undefined || (event.summary ?? "").startsWith(seatName(table.view, event.seat))
    ? "" : `${seatName(table.view, event.seat)}: `;
  return `${who}${tidy(table, event.summary || "")}`;
}

/** The drawer's button in the top bar, with the number of events. */
export function historyButton(table: Table): HTMLElement {
  const button = el("button", `${W.history} (${events.size})`, { "data-testid": "history-button", class: "quiet" });
  button.addEventListener("click", () => {
    const drawer = document.getElementById("drawer")!;
    drawer.hidden = !drawer.hidden;
    if (!drawer.hidden) showEvents(table);
  });
  return button;
}

function disputeForm(table: Table, event: Event, item: HTMLElement): void {
  item.querySelector("form")?.remove();
  const form = el("form", undefined, { "data-dispute-form": String(event.version), class: "dispute-form" });
  const reason = el("input", undefined, { placeholder: W.reason, required: "", maxlength: "1000",
                                          "data-dispute-reason": "" });
  const send = el("button", W.send, { type: "submit", "data-dispute-send": "" });
  const outcome = el("div");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    outcome.replaceChildren();
    try {
      await table.client.openDispute({ gameId: table.game, seat: table.seat ?? 0, eventVersion: event.version,
                                       reason: reason.value }, { headers: table.headers });
      form.remove();
      await showDisputes(table);
    } catch (error) {
      outcome.append(errorBox(error));
    }
  });
  form.append(reason, send, outcome);
  item.append(form);
  reason.focus();
}

/** The drawer's list (only while it is open: a closed drawer costs nothing). */
export function showEvents(table: Table): void {
  const drawer = document.getElementById("drawer")!;
  document.querySelector<HTMLElement>("[data-testid=history-button]")?.replaceWith(historyButton(table));
  if (drawer.hidden) return;
  const typing = drawer.querySelector<HTMLFormElement>("form[data-dispute-form]"); // kept as typed in
  const selected = drawer.querySelector<HTMLElement>("li.selected")?.dataset.event;
  const list = el("ol", undefined, { "data-testid": "events", class: "events" });
  for (const event of [...events.values()].sort((a, b) => Number(b.version - a.version))) {
    const item = el("li", undefined, { "data-event": String(event.version), value: String(event.version) });
    item.append(el("span", eventText(table, event), { class: "what" }));
    if (event.voided || voided(table, event.version)) {
      item.classList.add("voided");
      item.append(el("em", ` (${W.voided})`));
    }
    if (table.role === "seat") {
      item.addEventListener("click", (e) => {
        if ((e.target as HTMLElement).closest("form, button")) return;
        for (const other of list.querySelectorAll("li.selected")) other.classList.remove("selected");
        item.classList.add("selected");
        list.querySelectorAll("button[data-dispute]").forEach((b) => b.remove());
        item.append(" ", disputeOpener(table, event, item));
      });
      if (selected === String(event.version)) {
        item.classList.add("selected");
        item.append(" ", disputeOpener(table, event, item));
      }
      if (typing?.dataset.disputeForm === String(event.version)) item.append(typing);
    }
    list.append(item);
  }
  const head = box("header", "", el("h2", `${W.history} · ${plural(events.size, W.events)}`),
                   el("button", "×", { class: "x", "aria-label": W.close, "data-close-drawer": "" }));
  head.querySelector("[data-close-drawer]")!.addEventListener("click", () => { drawer.hidden = true; });
  drawer.replaceChildren(head, list);
}

function disputeOpener(table: Table, event: Event, item: HTMLElement): HTMLElement {
  const open = el("button", W.dispute, { "data-dispute": String(event.version), class: "quiet" });
  open.addEventListener("click", () => disputeForm(table, event, item));
  return open;
}

function statusWord(status: DisputeStatus): string {
  if (status === DisputeStatus.OPEN) return W.statusOpen;
  if (status === DisputeStatus.UPHELD) return W.statusUpheld;
  if (status === DisputeStatus.DISMISSED) return W.statusDismissed;
  return "";
}

function resolveForm(table: Table, dispute: Dispute): HTMLElement {
  const form = box("div", "resolve");
  form.setAttribute("data-resolve", String(dispute.disputeId));
  const note = el("input", undefined, { placeholder: W.note, "data-resolve-note": "" });
  const outcome = el("div");
  const buttons = box("div", "row");
  for (const [uphold, label] of [[true, W.uphold], [false, W.dismiss]] as const) {
    const button = el("button", label, { [uphold ? "data-uphold" : "data-dismiss"]: "", class: uphold ? "warn" : "" });
    button.addEventListener("click", async () => {
      outcome.replaceChildren();
      try {
        const answer = await table.client.resolveDispute(
          { gameId: table.game, disputeId: dispute.disputeId, uphold, note: note.value }, { headers: table.headers });
        table.changed(answer.view);
        await showDisputes(table);
      } catch (error) {
        outcome.append(errorBox(error));
      }
    });
    buttons.append(button);
  }
  form.append(note, buttons, outcome);
  return form;
}

/** Every dispute of the game (ListDisputes): the open ones first; the organizer resolves them. */
export async function showDisputes(table: Table): Promise<void> {
  const root = document.getElementById("disputes")!;
  let disputes: Dispute[];
  try {
    disputes = (await table.client.listDisputes({ gameId: table.game }, { headers: table.headers })).disputes;
  } catch (e) {
    root.replaceChildren(errorBox(e));
    return;
  }
  if (!disputes.length) {
    root.replaceChildren();
    return;
  }
  const forms = new Map<string, HTMLElement>(); // the organizer's notes, kept as typed in
  for (const form of root.querySelectorAll<HTMLElement>("[data-resolve]")) forms.set(form.dataset.resolve ?? "", form);
  const open = disputes.filter((d) => d.status === DisputeStatus.OPEN);
  const list = el("ul", undefined, { "data-testid": "disputes", class: "disputes" });
  for (const d of [...open, ...disputes.filter((d) => d.status !== DisputeStatus.OPEN).reverse()]) {
    const item = el("li", undefined, { "data-dispute-id": String(d.disputeId), "data-status": statusWord(d.status),
                                       class: d.status === DisputeStatus.OPEN ? "open" : "" });
    const event = events.get(d.eventVersion);
    item.append(el("p", `${seatName(table.view, d.openedBy)} · ${statusWord(d.status)}`, { class: "who" }));
    item.append(el("p", `„${d.reason}“`, { class: "reason" }));
    if (event) item.append(el("p", `${W.onEvent}: ${eventText(table, event)}`, { class: "event", "data-testid": "disputed-event" }));
    item.append(el("p", `${d.recheckLegal ? W.recheckLegal : W.recheckIllegal}${d.recheckSummary ? ` – ${d.recheckSummary}` : ""}`,
                   { "data-testid": "recheck", class: "muted" }));
    if (d.recheckRuling?.ruleId) item.append(rulingBox(d.recheckRuling, W.no));
    if (d.resolutionNote) item.append(el("p", `${W.note}: ${d.resolutionNote}`));
    if (table.role === "organizer" && d.status === DisputeStatus.OPEN) {
      item.append(forms.get(String(d.disputeId)) ?? resolveForm(table, d));
    }
    list.append(item);
  }
  const title = table.role === "organizer" && open.length ? `${W.queue} (${open.length})`
    : `${W.disputes}${open.length ? ` · ${plural(open.length, W.openDisputes)}` : ""}`;
  root.replaceChildren(el("h2", title), list);
}
