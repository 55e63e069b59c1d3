// The table page: one seat's (or the organizer's, or a spectator's) view of a game, live.
//
// The page reads the game id, the token and the seat or role from the URL's fragment
// (#game=...&token=...&seat=1, or &role=organizer / &role=spectator), which the browser never
// sends to a server, and speaks gRPC-Web to the judge's own bridge (same origin) through
// @connectrpc/connect-web. It shows the GetView answer, then follows Watch (live.ts). The board
// comes from the game's family (families/), the offers and the window from play.ts and
// window.ts, the history drawer and the disputes from history.ts.
import { createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { ConnectError } from "@connectrpc/connect";
import { EventService } from "../gen/judge/v1/events_pb";
import { GameStatus, JudgeService, type GameView } from "../gen/judge/v1/judge_pb";
import { closeSheet } from "./cards";
import { seatName, type Role, type Table } from "./context";
import { box, el } from "./dom";
import { familyOf } from "./families";
import { historyButton, loadHistory, recentEvents, showDisputes, showEvents } from "./history";
import { follow, showStatus } from "./live";
import { loadOffers, renderActions } from "./play";
import { renderWindow } from "./window";
import { LANG, W, phaseName, rulesetTitle } from "./words";

document.documentElement.lang = LANG;

type Params = { game: string; token: string; seat: number | null; role: string; event: string };

const LAST = "judge.table.last";
/** Whether the page was opened with a player's event link (#event=...), not a game's. */
let fromEvent = false;

function params(): Params {
  let hash = location.hash.replace(/^#/, "");
  // Opened from the home screen (the installed app starts without the fragment): the last game.
  if (!hash) {
    try { hash = localStorage.getItem(LAST) ?? ""; } catch { hash = ""; }
    if (hash) history.replaceState(null, "", `#${hash}`);
  }
  const p = new URLSearchParams(hash);
  const seat = p.get("seat");
  if ((p.get("game") || p.get("event")) && p.get("token")) {
    try { localStorage.setItem(LAST, hash); } catch { /* private mode: no matter */ }
  }
  return { game: p.get("game") ?? "", token: p.get("token") ?? "", seat: seat === null ? null : Number(seat),
           role: p.get("role") ?? "", event: p.get("event") ?? "" };
}

/** A player's one link for a whole event (#event=...&token=PLAYER_TOKEN) opens the player's current
 * table: the judge answers the player's token with that table's game, seat and seat token (MyTable). */
async function currentTable(given: Params): Promise<Params> {
  if (given.game || !given.event) return given;
  const events = createClient(EventService, createGrpcWebTransport({ baseUrl: location.origin }));
  const mine = await events.myTable({ eventId: given.event },
                                    { headers: { authorization: `Bearer ${given.token}`, "accept-language": navigator.language } });
  return { ...given, game: mine.gameId, token: mine.seatToken, seat: mine.seat, role: "" };
}

function topBar(table: Table, view: GameView): void {
  const title = rulesetTitle(view.ruleset);
  const who = table.role === "seat" ? seatName(view, table.seat ?? undefined)
    : table.role === "organizer" ? W.organizer : W.spectator;
  const head = document.getElementById("head")!;
  const line = box("div", "title", el("strong", title),
                   el("span", who, { "data-testid": "role", "data-role": table.role, class: "who" }));
  if (table.role !== "spectator") line.append(historyButton(table));
  const finished = view.status === GameStatus.FINISHED;
  const summary = el("p", `${W.turnOf} ${view.turn} · ${finished ? W.finished : phaseName(view.phase)}`,
                     { "data-testid": "summary", class: "summary" });
  summary.append(el("span", ` · ${W.turn}: `), el("b", seatName(view, view.activeSeat), { "data-testid": "turn" }));
  const waiting = view.waitingForTold[LANG] || view.waitingFor;
  const items: HTMLElement[] = [line, summary];
  if (finished && fromEvent) { // a player's event link: the same link opens the next round's table
    const next = el("button", W.openNext, { class: "quiet", "data-testid": "next-table" });
    next.addEventListener("click", () => location.reload());
    items.push(box("p", "next-table", el("span", `${W.nextTable} `), next));
  }
  if (view.winners.length) {
    items.push(el("p", `${W.winners}: ${view.winners.map((w) => seatName(view, w)).join(", ")}`,
                  { "data-testid": "winners", class: "winners" }));
  } else if (waiting) {
    items.push(el("p", `${W.waiting}: ${waiting}`, { "data-testid": "waiting", class: "waiting" }));
  }
  head.replaceChildren(...items);
}

function render(table: Table, view: GameView): void {
  topBar(table, view);
  const root = document.getElementById("view")!;
  root.setAttribute("data-version", String(view.version));
  root.replaceChildren(familyOf(view.family).board(table, view));
  if (table.role === "spectator") root.append(recentEvents(table, 4));
  renderWindow(table);
  renderActions(table);
}

async function roleOf(table: Table, given: Params, view: GameView): Promise<Role> {
  if (given.seat !== null) return "seat";
  if (given.role === "organizer" || given.role === "spectator") return given.role;
  try { // only a seat itself and the organizer may ask about a seat
    await table.client.legalActions({ gameId: table.game, seat: view.activeSeat }, { headers: table.headers });
    return "organizer";
  } catch {
    return "spectator";
  }
}

/** The ruleset's cards (ListCards): names, kinds, numbers and texts; without them the page shows plain ids. */
async function loadCards(table: Table, ruleset: string): Promise<void> {
  try {
    const { cards } = await table.client.listCards({ ruleset }, { headers: table.headers });
    table.cards = Object.fromEntries(cards.map((c) => [c.id, c]));
  } catch {
    table.cards = {};
  }
  try { // how a card that turns up unknown is defined, in the page's language
    const { rulesets } = await table.client.listRulesets({}, { headers: table.headers });
    table.forms = rulesets.find((r) => r.name === ruleset)?.cardForms ?? [];
  } catch {
    table.forms = [];
  }
  const list = el("datalist", undefined, { id: "card-names" });
  for (const card of Object.values(table.cards)) list.append(el("option", undefined, { value: card.name }));
  document.getElementById("card-names")?.remove();
  document.body.append(list);
}

/** Keep the screen on while a game is played, where the browser allows. */
let wakeLock: { release: () => Promise<void> } | null = null;
async function keepAwake(active: boolean): Promise<void> {
  const nav = navigator as Navigator & { wakeLock?: { request: (t: "screen") => Promise<{ release: () => Promise<void> }> } };
  try {
    if (active && !wakeLock && nav.wakeLock && document.visibilityState === "visible") {
      wakeLock = await nav.wakeLock.request("screen");
      (wakeLock as unknown as EventTarget).addEventListener?.("release", () => { wakeLock = null; });
    } else if (!active && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch { /* not allowed here (no user gesture, low battery ...): no matter */ }
}

async function main(): Promise<void> {
  let given = params();
  if (!(given.game || given.event) || !given.token) {
    showStatus(W.open, "idle");
    return;
  }
  fromEvent = !given.game;
  try {
    given = await currentTable(given);
  } catch (e) {
    showStatus(ConnectError.from(e).rawMessage, "failed");
    return;
  }
  let openDisputes = -1;
  let offersQueued = false;
  let started = false;
  const table: Table = {
    client: createClient(JudgeService, createGrpcWebTransport({ baseUrl: location.origin })),
    headers: { authorization: `Bearer ${given.token}`, "accept-language": navigator.language },
    game: given.game, seat: given.seat, role: "spectator", view: null, cards: {}, forms: [], defined: {}, offers: [], offersVersion: -1n,
    changed: (view) => { if (view) apply(view); },
  };
  function apply(view: GameView): void {
    if (table.view && view.version < table.view.version) return;
    const newer = !table.view || view.version !== table.view.version;
    table.view = view;
    document.body.classList.toggle("finished", view.status === GameStatus.FINISHED);
    render(table, view);
    showEvents(table);
    void keepAwake(view.status === GameStatus.ACTIVE);
    if (view.openDisputes !== openDisputes) {
      openDisputes = view.openDisputes;
      void showDisputes(table);
    }
    if (table.role === "seat" && !offersQueued) { // one LegalActions call at a time, for the newest view
      offersQueued = true;
      queueMicrotask(async () => {
        offersQueued = false;
        try {
          if (await loadOffers(table)) {
            renderActions(table);
            renderWindow(table);
            document.querySelectorAll(".board .chip[data-key]").forEach((chip) => chip.classList.toggle(
              "playable", table.offers.some((o) => o.key === (chip as HTMLElement).dataset.key)));
          }
        } catch { /* the next view asks again */ }
      });
    }
  }
  document.body.classList.add(`role-${given.seat !== null ? "seat" : given.role || "unknown"}`);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeSheet(); });
  await follow(table, {
    async start(view) {
      if (!started) {
        table.role = await roleOf(table, given, view);
        document.body.className = document.body.className.replace(/role-\S+/, `role-${table.role}`);
        await loadCards(table, view.ruleset);
        await loadHistory(table, view.version);
        started = true;
      }
      apply(view);
    },
    apply,
    event: () => showEvents(table),
    disputes: () => void showDisputes(table),
    hidden: () => void keepAwake(false),
  });
}

void main();
