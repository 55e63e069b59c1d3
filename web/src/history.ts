// The game's past: every event (from Replay, then live from Watch), each
// open to a dispute by a seat; the disputes with their automatic re-check,
// which the organizer resolves (uphold: roll back, or dismiss).
import { DisputeStatus, type Dispute, type Event } from "../gen/judge/v1/judge_pb";
import { seatName, type Table } from "./context";
import { el, errorBox, rulingBox } from "./dom";
import { W } from "./words";

const events = new Map<bigint, Event>();

function voided(table: Table, version: bigint): boolean {
  for (const range of table.view?.voided ?? []) {
    const [from, to] = range.split("-").map((v) => BigInt(v));
    if (from <= version && version <= to) return true;
  }
  return false;
}

/** Load every event so far (Replay), once, at the start. */
export async function loadHistory(table: Table, upTo: bigint): Promise<void> {
  if (upTo === 0n) return;
  for await (const step of table.client.replay({ gameId: table.game, fromVersion: 1n, toVersion: upTo },
                                               { headers: table.headers })) {
    if (step.event) events.set(step.event.version, step.event);
  }
}

export function addEvent(event: Event): void {
  events.set(event.version, event);
}

function disputeForm(table: Table, event: Event, item: HTMLElement): void {
  item.querySelector("form")?.remove();
  const form = el("form", undefined, { "data-dispute-form": String(event.version) });
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
  form.append(reason, " ", send, outcome);
  item.append(form);
}

export function showEvents(table: Table): void {
  const root = document.getElementById("events")!;
  const typing = root.querySelector<HTMLFormElement>("form[data-dispute-form]"); // kept as typed in
  const list = el("ol", undefined, { "data-testid": "events" });
  for (const event of [...events.values()].sort((a, b) => Number(b.version - a.version))) {
    const who = event.seat === undefined ? "" : `${seatName(table.view, event.seat)}: `;
    const item = el("li", undefined, { "data-event": String(event.version), value: String(event.version) });
    item.append(el("span", `${who}${event.summary || event.action || event.kind}`));
    if (event.voided || voided(table, event.version)) {
      item.classList.add("voided");
      item.append(el("em", ` (${W.voided})`));
    }
    if (table.role === "seat") {
      const open = el("button", W.dispute, { "data-dispute": String(event.version) });
      open.addEventListener("click", () => disputeForm(table, event, item));
      item.append(" ", open);
      if (typing?.dataset.disputeForm === String(event.version)) item.append(typing);
    }
    list.append(item);
  }
  root.replaceChildren(el("h2", W.events), list);
}

function statusWord(status: DisputeStatus): string {
  if (status === DisputeStatus.OPEN) return W.open_;
  if (status === DisputeStatus.UPHELD) return W.upheld;
  if (status === DisputeStatus.DISMISSED) return W.dismissed;
  return "";
}

function resolveForm(table: Table, dispute: Dispute): HTMLElement {
  const form = el("div", undefined, { "data-resolve": String(dispute.disputeId) });
  const note = el("input", undefined, { placeholder: W.note, "data-resolve-note": "" });
  const outcome = el("div");
  for (const [uphold, label] of [[true, W.uphold], [false, W.dismiss]] as const) {
    const button = el("button", label, { [uphold ? "data-uphold" : "data-dismiss"]: "" });
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
    form.append(button, " ");
  }
  form.prepend(note, " ");
  form.append(outcome);
  return form;
}

/** Every dispute of the game (ListDisputes); the organizer's page resolves the open ones. */
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
  const notes = new Map<string, HTMLElement>(); // the organizer's notes, kept as typed in
  for (const form of root.querySelectorAll<HTMLElement>("[data-resolve]")) notes.set(form.dataset.resolve ?? "", form);
  const list = el("ul", undefined, { "data-testid": "disputes" });
  for (const d of disputes) {
    const item = el("li", undefined, { "data-dispute-id": String(d.disputeId), "data-status": statusWord(d.status) });
    item.append(el("p", `#${d.disputeId} (${statusWord(d.status)}) · ${seatName(table.view, d.openedBy)} · ` +
                        `${W.byOn} ${d.eventVersion}: ${d.reason}`));
    item.append(el("p", `${d.recheckLegal ? W.recheckLegal : W.recheckIllegal} – ${d.recheckSummary}`,
                   { "data-testid": "recheck" }));
    if (d.recheckRuling?.ruleId) item.append(rulingBox(d.recheckRuling, W.no));
    if (d.resolutionNote) item.append(el("p", `${W.note}: ${d.resolutionNote}`));
    if (table.role === "organizer" && d.status === DisputeStatus.OPEN) {
      item.append(notes.get(String(d.disputeId)) ?? resolveForm(table, d));
    }
    list.append(item);
  }
  root.replaceChildren(el("h2", W.disputes), list);
}
