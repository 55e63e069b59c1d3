// The table page: one seat's (or the organizer's, or a spectator's) view of a game, live.
//
// The page reads the game id, the token and the seat or role from the URL's
// fragment (#game=...&token=...&seat=1, or &role=organizer / &role=spectator),
// which the browser never sends to a server, and speaks gRPC-Web to the
// judge's own bridge (same origin) through @connectrpc/connect-web with the
// types protoc-gen-es generated from protos/. It shows the GetView answer,
// then follows Watch from that version, re-connecting from the last version
// it saw if the stream ends. A seat plays from it (play.ts), anyone with a
// seat opens disputes and the organizer resolves them (history.ts).
import { ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { GameStatus, JudgeService, type Command, type GameView, type SeatView } from "../gen/judge/v1/judge_pb";
import type { Breakdown, BreakdownTerm } from "../gen/judge/v1/position_pb";
import { cardName, seatName, type Card, type Role, type Table } from "./context";
import { el } from "./dom";
import { addEvent, loadHistory, showDisputes, showEvents } from "./history";
import { handCard, showActions, submit } from "./play";
import { LANG, W, phaseName, stageName } from "./words";

document.documentElement.lang = LANG;

type Params = { game: string; token: string; seat: number | null; role: string };

function params(): Params {
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  const seat = p.get("seat");
  return { game: p.get("game") ?? "", token: p.get("token") ?? "", seat: seat === null ? null : Number(seat),
           role: p.get("role") ?? "" };
}

/** A seat's strength out of combat, as GameView.analysis breaks it down (its terms on hover). */
function strengthCell(table: Table, view: GameView, seat: number): HTMLTableCellElement {
  const b = view.seats.find((x) => x.seat === seat)?.breakdown
    ?? view.analysis?.breakdowns.find((x) => x.context === "table" && x.subject === `seat:${seat}`);
  const cell = el("td", b ? String(b.total) : "–", { "data-testid": `strength-${seat}` });
  if (b) cell.title = b.terms.map((t) => termText(table, t)).join(" ");
  return cell;
}

function seatRow(table: Table, view: GameView, s: SeatView, me: number | null): HTMLTableRowElement {
  const row = el("tr", undefined, { "data-testid": `seat-${s.seat}` });
  if (s.seat === view.activeSeat) row.classList.add("active");
  if (s.seat === me) row.classList.add("me");
  const items = s.items.map((i) => (i.inUse ? i.card : `(${i.card})`)).join(", ");
  for (const text of [s.name, String(s.level), s.races.join(", ") || "–", s.classes.join(", ") || "–", items || "–",
                      String(s.handSize), s.dead ? "†" : ""]) {
    row.append(el("td", text));
  }
  row.append(strengthCell(table, view, s.seat));
  row.children[1].setAttribute("data-testid", `level-${s.seat}`);
  return row;
}

let countdown: number | undefined;

function subjectName(table: Table, view: GameView, subject: string): string {
  const [what, index] = subject.split(":");
  if (what === "seat") return seatName(view, Number(index));
  if (what === "monster") return cardName(table, view.combat?.monsters[Number(index)]?.card ?? subject);
  if (what === "players") return W.players;
  if (what === "monsters") return W.monsters;
  if (what === "treasures") return W.treasures;
  return subject;
}

function termText(table: Table, t: BreakdownTerm): string {
  const sign = t.amount < 0 ? `${t.amount}` : `+${t.amount}`;
  const card = t.cardName || (t.card ? cardName(table, t.card) : "");
  return `${t.label}${card ? ` ${card}` : ""} ${sign}`;
}

/** A strength as the judge adds it up: its total and each term, with the term's rule id on hover. */
function breakdownRow(table: Table, view: GameView, b: Breakdown): HTMLElement {
  const row = el("li", undefined, { "data-breakdown": b.subject });
  row.append(el("strong", `${subjectName(table, view, b.subject)} ${b.total}`), " = ");
  b.terms.forEach((t, i) => {
    if (i) row.append(" ");
    row.append(el("span", termText(table, t), { title: t.rule, "data-term": t.label }));
  });
  return row;
}

function combatBox(table: Table, view: GameView): HTMLElement | null {
  const combat = view.combat;
  if (!combat) return null;
  const box = el("section", undefined, { "data-testid": "combat" });
  const helper = combat.helper === undefined ? "" : ` ${W.with} ${seatName(view, combat.helper)}`;
  box.append(el("h2", `${W.combat}: ${seatName(view, combat.fighter)}${helper} (${stageName(combat.stage)})`));
  box.append(el("p", `${W.players} ${combat.playersStrength} : ${combat.monstersStrength} ${W.monsters}`,
                { "data-testid": "strength" }));
  const monsters = el("ul");
  for (const m of combat.monsters) {
    const mods = m.modifiers.length ? ` (${m.modifiers.map((c) => cardName(table, c)).join(", ")})` : "";
    monsters.append(el("li", `${cardName(table, m.card)}: ${W.level} ${m.level}, ${W.strength} ${m.strength}${mods}` +
                               `${m.eliminated ? ` – ${W.gone}` : ""}`));
  }
  box.append(monsters);
  const analysis = view.analysis;
  // Each side's and each monster's breakdown: CombatView's own, else the analysis's.
  const own = [combat.playersBreakdown, combat.monstersBreakdown,
               ...combat.monsters.map((m, i) => (m.breakdown ? { ...m.breakdown, subject: `monster:${i}` } : undefined))]
    .filter((b): b is Breakdown => b !== undefined);
  const combatBreakdowns = own.length ? own : analysis?.breakdowns.filter((b) => b.context === "combat") ?? [];
  if (combatBreakdowns.length) {
    const list = el("ul", undefined, { "data-testid": "breakdown" });
    for (const b of combatBreakdowns) list.append(breakdownRow(table, view, b));
    box.append(list);
  }
  const forecast = analysis?.forecast;
  if (forecast) {
    const winner = forecast.winner === "players" ? W.players : W.monsters;
    const gain = forecast.winner === "players" ? ` · ${forecast.levels} ${W.levels}` +
      (forecast.treasures ? `, ${forecast.treasures.total} ${W.treasures}` : "") : "";
    const need = forecast.playersNeed > 0 ? ` · ${W.playersNeed} ${forecast.playersNeed}` : "";
    box.append(el("p", `${W.forecast}: ${winner} ${W.wins} (${forecast.players} : ${forecast.monsters}, ${W.margin} ` +
                       `${forecast.margin})${gain}${need}`, { "data-testid": "forecast", title: forecast.rule }));
    if (forecast.runs.length) {
      const runs = el("ul", undefined, { "data-testid": "runs" });
      for (const r of forecast.runs) {
        const outcome = !r.pursues ? W.escapes : r.needs > 6 ? W.noDie : `${W.needs} ${r.needs}+ (${r.escapeSixths}/6)`;
        runs.append(el("li", `${W.runs}: ${seatName(view, r.seat)} – ${cardName(table, r.card)}: ${outcome}`,
                       { title: r.rule }));
      }
      box.append(runs);
    }
  }
  // The fighter claims the win whenever they think it won: the judge opens the window or says why not.
  if (table.role === "seat" && table.seat === combat.fighter && combat.stage === "fighting") {
    const claim = el("button", W.claim, { "data-testid": "claim" });
    claim.addEventListener("click", () => void submit(table, { action: { case: "claimVictory", value: {} } } as Command));
    box.append(claim);
  }
  const closes = Number(combat.windowClosesAtMs);
  if (closes > 0) {
    const clock = el("p", "", { "data-testid": "countdown" });
    const tick = () => {
      const left = Math.max(0, closes - Date.now());
      clock.textContent = left > 0 ? `${W.closesIn} ${(left / 1000).toFixed(1)} s` : W.closed;
      clock.classList.toggle("closed", left <= 0);
      if (left <= 0) window.clearInterval(countdown);
    };
    tick();
    countdown = window.setInterval(tick, 100);
    box.append(clock);
  }
  return box;
}

function render(table: Table, view: GameView): void {
  const me = table.seat;
  const root = document.getElementById("view")!;
  root.replaceChildren();
  const status = view.status === GameStatus.FINISHED ? W.finished : W.active;
  const who = table.role === "seat" ? `${W.seatOf} ${seatName(view, me ?? undefined)}`
    : table.role === "organizer" ? W.organizer : W.spectator;
  root.append(el("p", who, { "data-testid": "role", "data-role": table.role }));
  root.append(el("p", `${view.ruleset} · ${W.turnNumber} ${view.turn} · ${phaseName(view.phase)} · ${status} · ${W.version} ${view.version}`,
                 { "data-testid": "summary" }));
  root.append(el("p", `${W.turn}: ${seatName(view, view.activeSeat)}`, { "data-testid": "turn" }));
  const waiting = view.waitingForTold[LANG] || view.waitingFor;
  root.append(el("p", `${W.waiting}: ${waiting || "–"}`, { "data-testid": "waiting" }));
  if (view.winners.length) {
    root.append(el("p", `${W.winners}: ${view.winners.map((w) => seatName(view, w)).join(", ")}`, { "data-testid": "winners" }));
  }

  const seats = el("table", undefined, { "data-testid": "seats" });
  const head = el("tr");
  for (const h of [W.player, W.level, W.race, W.class, W.items, W.hand, "", W.power]) head.append(el("th", h));
  seats.append(head);
  for (const s of view.seats) seats.append(seatRow(table, view, s, me));
  root.append(seats);

  window.clearInterval(countdown);
  const combat = combatBox(table, view);
  if (combat) root.append(combat);

  // A seat sees its own hand; the organizer every hand the judge shows it.
  const shown = table.role === "seat" ? view.seats.filter((s) => s.seat === me)
    : table.role === "organizer" ? view.seats.filter((s) => s.hand.length > 0 || s.handUnknown > 0) : [];
  for (const s of shown) {
    const mine = s.seat === me;
    root.append(el("h2", mine ? `${W.yourHand} (${s.name})` : `${W.handOf} ${s.name}`));
    const hand = el("ul", undefined, { "data-testid": mine ? "hand" : `hand-${s.seat}` });
    for (const card of s.hand) hand.append(handCard(table, s.seat, card, mine));
    if (s.handUnknown) hand.append(el("li", `${s.handUnknown} ${W.unknown}`));
    root.append(hand);
  }
}

function showStatus(text: string): void {
  document.getElementById("status")!.textContent = text;
}

function cardList(cards: Record<string, Card>): void {
  const list = el("datalist", undefined, { id: "card-names" });
  for (const card of Object.values(cards)) list.append(el("option", undefined, { value: card.name }));
  document.getElementById("card-names")?.remove();
  document.body.append(list);
}

/** The ruleset's card names and texts (ListCards, the same API as everything else). */
async function loadCards(table: Table, ruleset: string): Promise<Record<string, Card>> {
  try {
    const { cards } = await table.client.listCards({ ruleset }, { headers: table.headers });
    return Object.fromEntries(cards.map((c) => [c.id, { name: c.name, kind: c.kind, text: c.text }]));
  } catch {
    return {}; // names and texts are a help: without them the page shows card ids
  }
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

async function main(): Promise<void> {
  const given = params();
  if (!given.game || !given.token) {
    showStatus(W.open);
    return;
  }
  let openDisputes = -1;
  let actionsQueued = false;
  const table: Table = {
    client: createClient(JudgeService, createGrpcWebTransport({ baseUrl: location.origin })),
    headers: { authorization: `Bearer ${given.token}`, "accept-language": navigator.language },
    game: given.game, seat: given.seat, role: "spectator", view: null, cards: {},
    changed: (view) => { if (view) apply(view); },
  };
  function apply(view: GameView): void {
    if (table.view && view.version < table.view.version) return;
    table.view = view;
    render(table, view);
    showEvents(table);
    if (view.openDisputes !== openDisputes) {
      openDisputes = view.openDisputes;
      void showDisputes(table);
    }
    if (!actionsQueued) { // one LegalActions call at a time, for the newest view
      actionsQueued = true;
      queueMicrotask(async () => {
        actionsQueued = false;
        await showActions(table);
      });
    }
  }
  let version = 0n;
  let started = false;
  for (;;) {
    try {
      const { view } = await table.client.getView({ gameId: table.game }, { headers: table.headers });
      if (view) {
        if (!started) {
          table.role = await roleOf(table, given, view);
          table.cards = await loadCards(table, view.ruleset);
          cardList(table.cards);
          await loadHistory(table, view.version);
          started = true;
        }
        version = view.version;
        apply(view);
      }
      showStatus(W.live);
      for await (const update of table.client.watch({ gameId: table.game, afterVersion: version },
                                                    { headers: table.headers })) {
        if (update.event) addEvent(update.event);
        if (update.view) {
          version = update.view.version;
          apply(update.view);
        }
        if (update.event?.kind.startsWith("Dispute")) void showDisputes(table);
      }
    } catch (e) {
      const error = ConnectError.from(e);
      showStatus(`${error.rawMessage} (${error.code})`);
      if (error.code === 16 /* unauthenticated */ || error.code === 5 /* not found */ || error.code === 7) return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

void main();
