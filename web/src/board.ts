// An event's live board (docs/events.md, "The board"), for the organizer and for a big screen:
// every table of the current round (whose turn, who leads, open disputes, the running window,
// done or stopped), following BoardStream live; the standings after each round; and, on the
// organizer's page, the dispute queue across every table, each resolved from here.
//
// The page reads the event id, the token and the role from the URL's fragment
// (#event=...&token=...&role=organizer or &role=spectator), which the browser never sends to a
// server, and speaks gRPC-Web to the judge's bridge (same origin). The organizer's page takes its
// token out of the address bar at once (it is kept for this tab only), so a screen showing the
// page never shows the token; the big screen opens the spectators' link, whose token only reads.
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import {
  EventService, type BoardStreamResponse, type BoardTable, type EventDispute, type GetEventResponse,
  type StandingLine,
} from "../gen/judge/v1/events_pb";
import { B, disputeLine, scoreWord } from "./board-words";
import { box, el, errorBox } from "./dom";
import { LANG, W, plural, rulesetTitle } from "./words";

document.documentElement.lang = LANG;

type Role = "organizer" | "spectator";

type Board = {
  client: Client<typeof EventService>;
  headers: Record<string, string>;
  event: string;
  role: Role;
  info: GetEventResponse | null;
  board: BoardStreamResponse | null;
};

const KEPT = "judge.board.token:";

function params(): { event: string; token: string; role: string } {
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  const event = p.get("event") ?? "";
  let token = p.get("token") ?? "";
  try {
    if (token) sessionStorage.setItem(KEPT + event, token);
    else token = sessionStorage.getItem(KEPT + event) ?? "";
  } catch { /* private mode: the token stays in the address bar */ }
  return { event, token, role: p.get("role") ?? "" };
}

function showStatus(text: string, state: string): void {
  const status = document.getElementById("status")!;
  status.textContent = text;
  status.setAttribute("data-state", state);
}

/** The organizer's page asks for the dispute queue; a spectator's token may not (PERMISSION_DENIED). */
async function roleOf(board: Board, given: string): Promise<Role> {
  if (given === "organizer" || given === "spectator") return given;
  try {
    await board.client.listEventDisputes({ eventId: board.event }, { headers: board.headers });
    return "organizer";
  } catch {
    return "spectator";
  }
}

// ------------------------------------------------------------------ the head

function roundLine(board: Board): string {
  const b = board.board;
  const info = board.info;
  if (!b || !b.round) return B.noRound;
  const current = info?.roundList.find((r) => r.number === b.round);
  let line = current?.final ? B.final : `${B.round} ${b.round} ${B.of} ${info?.rounds ?? "?"}`;
  line += ` · ${plural(b.tables.length, B.tables)}`;
  if (current?.byes.length) line += ` · ${B.bye}: ${current.byes.join(", ")}`;
  return line;
}

function renderHead(board: Board): void {
  const head = document.getElementById("head")!;
  const info = board.info;
  const title = box("div", "title", el("strong", info?.name ?? ""),
                    el("span", board.role === "organizer" ? B.organizer : B.spectator,
                       { class: "who", "data-testid": "role", "data-role": board.role }));
  const items: HTMLElement[] = [title];
  if (info) {
    items.push(el("p", `${rulesetTitle(info.ruleset)} · ${plural(info.players.length - info.dropped.length, B.players)}`,
                  { class: "summary" }));
  }
  items.push(el("p", roundLine(board), { class: "round", "data-testid": "round" }));
  if (board.board?.finished) items.push(el("p", B.finished, { class: "banner", "data-testid": "finished" }));
  else if (board.board?.timeCalled) items.push(el("p", B.timeCalled, { class: "banner", "data-testid": "time-called" }));
  head.replaceChildren(...items);
}

// ------------------------------------------------------------------ the tables

function tableState(t: BoardTable): [string, string] {
  if (t.stopped) return ["stopped", B.stopped];
  if (t.done) return ["done", B.done];
  return ["playing", B.playing];
}

function tableCard(t: BoardTable, ruleset: string): HTMLElement {
  const [state, stateWord] = tableState(t);
  const card = box("section", `board-table ${state}`);
  card.setAttribute("data-table", String(t.table));
  card.setAttribute("data-version", String(t.version));
  card.setAttribute("data-state", state);
  const header = box("header", "", el("h2", `${B.table} ${t.table}`),
                     el("span", stateWord, { class: `badge ${state}`, "data-testid": "table-state" }));
  card.append(header);
  const players = el("ol", undefined, { class: "players" });
  const word = scoreWord(ruleset);
  const someLead = t.leaders.length < t.players.length; // where everyone is equal, nobody leads
  for (const name of t.players) {
    const item = el("li", undefined, { "data-player": name });
    item.append(el("span", name, { class: "name" }));
    if (!t.done && name === t.turnPlayer) {
      item.classList.add("turn");
      item.append(el("span", B.turn, { class: "badge", "data-testid": "turn" }));
    }
    if (someLead && t.leaders.includes(name)) {
      item.classList.add("leader");
      item.append(el("span", `★ ${B.leads}`, { class: "badge lead", "data-testid": "leader" }));
    }
    const score = t.scores[name];
    if (score !== undefined) {
      item.append(box("span", "score", el("small", word), el("b", String(score), { "data-testid": "score" })));
    }
    players.append(item);
  }
  card.append(players);
  const foot = box("footer", "");
  foot.append(el("span", plural(Number(t.version), B.events), { class: "muted", "data-testid": "events" }));
  if (t.openDisputes) {
    foot.append(el("span", plural(t.openDisputes, B.openDisputes), { class: "badge dispute", "data-testid": "open-disputes" }));
  }
  card.append(foot);
  const closes = Number(t.windowClosesAtMs);
  if (closes && !t.done) {
    const clock = el("p", "", { class: "window", "data-testid": "window", "data-closes": String(closes) });
    card.insertBefore(clock, foot);
  }
  return card;
}

let ticking: number | undefined;

/** Every table's window counting down to the tenth of a second, one timer for the page. */
function tick(): void {
  const clocks = document.querySelectorAll<HTMLElement>("[data-closes]");
  for (const clock of clocks) {
    const left = Math.max(0, Number(clock.dataset.closes) - Date.now());
    clock.textContent = `${B.windowCloses} ${(left / 1000).toLocaleString(LANG, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${B.seconds}`;
  }
  if (!clocks.length) {
    window.clearInterval(ticking);
    ticking = undefined;
  } else if (ticking === undefined) {
    ticking = window.setInterval(tick, 100);
  }
}

function renderTables(board: Board): void {
  const root = document.getElementById("tables")!;
  const b = board.board;
  root.setAttribute("data-round", String(b?.round ?? 0));
  root.replaceChildren(...(b?.tables ?? []).map((t) => tableCard(t, board.info?.ruleset ?? "")));
  tick();
}

// ------------------------------------------------------------------ standings

/** Points as the judge writes them ("2.5"), as the page's language writes them ("2,5"). */
function points(text: string): string {
  const n = Number(text);
  return Number.isFinite(n) ? n.toLocaleString(LANG, { maximumFractionDigits: 2 }) : text;
}

/** The last round every table of which has its result. */
function lastCompleteRound(info: GetEventResponse): number {
  let last = 0;
  for (const r of info.roundList) {
    if (r.final) continue;
    if (r.tables.every((t) => info.results.some((x) => x.round === r.number && x.table === t.table))) last = r.number;
  }
  return last;
}

function renderStandings(board: Board, lines: StandingLine[]): void {
  const root = document.getElementById("standings")!;
  const info = board.info;
  if (!info) return;
  const after = lastCompleteRound(info);
  const title = el("h2", after ? `${B.standings} ${B.after} ${after}` : B.standings, { "data-testid": "standings-title" });
  if (!info.results.length) {
    root.replaceChildren(title, el("p", B.noResults, { class: "muted" }));
    return;
  }
  const table = el("table", undefined, { "data-testid": "standings" });
  const head = el("tr");
  for (const word of [B.rank, B.player, B.points, B.score, B.opponents, B.played]) head.append(el("th", word));
  table.append(box("thead", "", head));
  const body = el("tbody");
  for (const line of lines) {
    const row = el("tr", undefined, { "data-player": line.player });
    if (line.dropped) row.classList.add("dropped");
    row.append(el("td", `${line.rank}.`), el("td", line.dropped ? `${line.player} (${B.dropped})` : line.player),
               el("td", points(line.points), { class: "points" }), el("td", String(line.score)), el("td", points(line.opponents)),
               el("td", String(line.tables)));
    body.append(row);
  }
  table.append(body);
  const items: HTMLElement[] = [title, table];
  const final = info.roundList.find((r) => r.final);
  const result = final && info.results.find((x) => x.round === final.number);
  if (result) {
    const list = el("ol", undefined, { class: "final", "data-testid": "final" });
    for (const place of result.places) list.append(el("li", place.players.join(", ")));
    items.unshift(el("h2", B.finalOrder, { "data-testid": "final-title" }), list);
  }
  root.replaceChildren(...items);
}

async function loadEvent(board: Board): Promise<void> {
  try {
    const [info, standings] = await Promise.all([
      board.client.getEvent({ eventId: board.event }, { headers: board.headers }),
      board.client.getStandings({ eventId: board.event }, { headers: board.headers }),
    ]);
    board.info = info;
    renderHead(board);
    renderStandings(board, standings.lines);
  } catch (e) {
    document.getElementById("standings")!.replaceChildren(errorBox(e));
  }
}

// ------------------------------------------------------------------ the dispute queue

function resolveForm(board: Board, d: EventDispute, kept: HTMLInputElement | undefined): HTMLElement {
  const form = box("div", "resolve");
  const note = kept ?? el("input", undefined, { placeholder: B.note, maxlength: "1000", "data-resolve-note": "",
                                                 "aria-label": B.note });
  const outcome = el("div");
  const buttons = box("div", "row");
  for (const [uphold, label] of [[true, B.uphold], [false, B.dismiss]] as const) {
    const button = el("button", label, { [uphold ? "data-uphold" : "data-dismiss"]: "", class: uphold ? "warn" : "" });
    button.addEventListener("click", async () => {
      outcome.replaceChildren();
      buttons.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      try {
        const { dispute } = await board.client.resolveTableDispute(
          { eventId: board.event, gameId: d.gameId, disputeId: d.disputeId, uphold, note: note.value },
          { headers: board.headers });
        const done = dispute?.status === "upheld" ? B.upheld : B.dismissed;
        document.getElementById("result")!.replaceChildren(
          el("p", `${W.done} ${done} · ${B.table} ${d.table}: ${disputeLine(d.openedBy, d.eventVersion)}`,
             { "data-testid": "done" }));
        await loadQueue(board);
      } catch (error) {
        outcome.append(errorBox(error));
        buttons.querySelectorAll("button").forEach((b) => { b.disabled = false; });
      }
    });
    buttons.append(button);
  }
  form.append(note, buttons, outcome);
  return form;
}

let queueKey = "";

async function loadQueue(board: Board): Promise<void> {
  if (board.role !== "organizer") return;
  const root = document.getElementById("queue")!;
  let disputes: EventDispute[];
  try {
    disputes = (await board.client.listEventDisputes({ eventId: board.event }, { headers: board.headers })).disputes;
  } catch (e) {
    root.replaceChildren(errorBox(e));
    return;
  }
  const notes = new Map<string, HTMLInputElement>(); // the organizer's notes, kept as typed in
  for (const item of root.querySelectorAll<HTMLElement>("[data-dispute]")) {
    const note = item.querySelector<HTMLInputElement>("[data-resolve-note]");
    if (note) notes.set(item.dataset.dispute ?? "", note);
  }
  const list = el("ul", undefined, { class: "queue", "data-testid": "queue" });
  for (const d of disputes) {
    const key = `${d.gameId}:${d.disputeId}`;
    const item = el("li", undefined, { "data-dispute": key, "data-table": String(d.table) });
    item.append(el("p", `${B.table} ${d.table} · ${B.round} ${d.round}`, { class: "where" }));
    item.append(el("p", disputeLine(d.openedBy, d.eventVersion), { class: "who" }));
    if (d.eventSummary) item.append(el("p", d.eventSummary, { class: "event", "data-testid": "disputed-event" }));
    if (d.reason) item.append(el("p", `„${d.reason}“`, { class: "reason" }));
    item.append(el("p", d.recheckLegal ? B.recheckLegal : B.recheckIllegal,
                   { class: "muted", "data-testid": "recheck", title: d.recheckRuleId }));
    item.append(resolveForm(board, d, notes.get(key)));
    list.append(item);
  }
  const title = el("h2", disputes.length ? `${B.queue} (${disputes.length})` : B.queue);
  root.replaceChildren(title, disputes.length ? list : el("p", B.noDisputes, { class: "muted", "data-testid": "queue-empty" }));
}

// ------------------------------------------------------------------ following the board

/** Codes after which trying again cannot help: a wrong token or an unknown event. */
const FINAL = new Set([Code.Unauthenticated, Code.NotFound, Code.PermissionDenied, Code.InvalidArgument]);

async function follow(board: Board): Promise<void> {
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  const visible = () => document.visibilityState === "visible";
  window.addEventListener("pagehide", () => controller?.abort());
  document.addEventListener("visibilitychange", () => {
    if (!visible()) {
      controller?.abort();
      showStatus(W.offline, "paused");
    } else {
      wake?.();
    }
  });
  let failures = 0;
  let eventVersion = -1n;
  for (;;) {
    if (!visible()) {
      await new Promise<void>((resolve) => { wake = () => { wake = null; resolve(); }; });
      continue;
    }
    const mine = new AbortController();
    controller = mine;
    try {
      for await (const update of board.client.boardStream({ eventId: board.event },
                                                            { headers: board.headers, signal: mine.signal })) {
        failures = 0;
        showStatus(W.live, "live");
        const disputesBefore = board.board?.tables.map((t) => `${t.gameId}:${t.openDisputes}`).join() ?? "";
        board.board = update;
        if (update.eventVersion !== eventVersion) {
          eventVersion = update.eventVersion;
          await loadEvent(board);
        } else {
          renderHead(board);
        }
        renderTables(board);
        const disputesNow = update.tables.map((t) => `${t.gameId}:${t.openDisputes}`).join();
        if (disputesNow !== disputesBefore || disputesNow !== queueKey) {
          queueKey = disputesNow;
          await loadQueue(board);
        }
      }
      if (board.board?.finished) {
        showStatus("", "done"); // the banner says the event is over; nothing more will change
        return;
      }
    } catch (e) {
      if (mine.signal.aborted) continue;
      const error = ConnectError.from(e);
      if (FINAL.has(error.code)) {
        showStatus(error.rawMessage, "failed");
        return;
      }
      failures += 1;
      const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)) + Math.floor(Math.random() * 400);
      const lead = error.code === Code.ResourceExhausted ? W.refusedStream : W.retrying;
      showStatus(`${lead} ${Math.ceil(wait / 1000)} ${W.seconds} (${W.lastKnown})`, "retrying");
      await new Promise<void>((resolve) => {
        const timer = window.setTimeout(() => { wake = null; resolve(); }, wait);
        wake = () => { window.clearTimeout(timer); wake = null; resolve(); };
      });
    } finally {
      if (controller === mine) controller = null;
    }
  }
}

async function main(): Promise<void> {
  const given = params();
  if (!given.event || !given.token) {
    showStatus(B.open, "idle");
    return;
  }
  const board: Board = {
    client: createClient(EventService, createGrpcWebTransport({ baseUrl: location.origin })),
    headers: { authorization: `Bearer ${given.token}`, "accept-language": navigator.language },
    event: given.event, role: "spectator", info: null, board: null,
  };
  board.role = await roleOf(board, given.role);
  document.body.classList.add(`role-${board.role}`);
  if (board.role === "organizer") {
    // The organizer's token leaves the address bar (kept for this tab): a shared or filmed screen never shows it.
    history.replaceState(null, "", `#event=${encodeURIComponent(board.event)}&role=organizer`);
  } else {
    document.getElementById("queue")!.remove();
  }
  await follow(board);
}

void main();
