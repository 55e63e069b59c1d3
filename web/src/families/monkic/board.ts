// The monkic board: each seat's life points large, its hand (the cards that attack and are
// attacked, each with the guard under it), its table and graveyard; the round, the stack, what
// the game waits for, the bars on attacking. Every card lies face up (002 Spielfeld).
import type { GameView } from "../../../gen/judge/v1/judge_pb";
import type { MonkicCard, MonkicSeatView } from "../../../gen/judge/v1/monkic_pb";
import { cardChip } from "../../cards";
import { cardName, seatName, type Table } from "../../context";
import { box, el, stat } from "../../dom";
import { plural, W } from "../../words";
import { instances } from "./cards";
import { K, pendingName } from "./words";

function chips(table: Table, view: GameView, cards: MonkicCard[], testid: string): HTMLElement {
  const row = box("div", "chips");
  row.setAttribute("data-testid", testid);
  const attacks = view.monkic?.attacks ?? {};
  const traps = new Set(view.monkic?.activatedTraps ?? []);
  for (const c of cards) {
    const notes = [c.guard ? `${W.protectedBy} ${cardName(table, c.guard.card)}` : "",
                   attacks[c.id] ? `${K.attacks} ×${attacks[c.id]}` : "", traps.has(c.id) ? K.trapActive : "",
                   view.monkic?.borrowed[c.id] !== undefined ? K.borrowed : ""].filter(Boolean).join(" · ");
    row.append(cardChip(table, c.card, { key: c.id, note: notes, cls: c.guard ? "guarded" : "" }));
  }
  if (!cards.length) row.append(el("span", K.empty, { class: "muted" }));
  return row;
}

function side(table: Table, view: GameView, s: MonkicSeatView, mine: boolean): HTMLElement {
  const panel = box("section", `${mine ? "me" : "opponent"}${s.seat === view.activeSeat ? " active" : ""}`);
  panel.setAttribute("data-testid", mine ? "me" : `seat-${s.seat}`);
  const head = box("header", "", el("h2", seatName(view, s.seat)), el("small", mine ? W.you : ""));
  if (s.seat === view.activeSeat) head.append(el("span", W.turnBadge, { class: "badge" }));
  panel.append(head, box("div", "stats",
    stat(W.life, String(s.life), `life-${s.seat}`),
    stat(W.hand, String(s.hand.length)), stat(W.table, String(s.table.length)), stat(W.graveyard, String(s.graveyard.length))));
  const known = instances(view);
  for (const bar of view.monkic?.barred ?? []) {
    if (bar.seat === s.seat && bar.turn === view.turn) {
      panel.append(el("p", `${seatName(view, s.seat)} ${bar.what === "hand" ? K.barredHand : K.barredAll}`, { class: "warnline" }));
    }
  }
  panel.append(el("h4", W.hand), chips(table, view, s.hand, mine ? "hand" : `hand-${s.seat}`));
  panel.append(el("h4", W.table), chips(table, view, s.table, `table-${s.seat}`));
  if (s.graveyard.length) {
    const grave = el("details", undefined, { class: "grave" });
    grave.append(el("summary", `${W.graveyard}: ${plural(s.graveyard.length, W.cards)} · ${cardName(table, known.get(s.graveyard[s.graveyard.length - 1].id) ?? s.graveyardTop)}`),
                 chips(table, view, [...s.graveyard].reverse(), `graveyard-${s.seat}`));
    panel.append(grave);
  }
  return panel;
}

export function board(table: Table, view: GameView): HTMLElement {
  const root = box("div", "board monkic");
  const m = view.monkic;
  if (!m) return root;
  const turnBits = [`${W.round} ${m.round}`, `${W.stack} ${m.stackLeft}`];
  if (m.drew) turnBits.push(K.drew);
  if (m.took) turnBits.push(K.took);
  if (m.xxlLeft) turnBits.push(`${K.xxl} ${m.xxlLeft}`);
  root.append(el("p", turnBits.join(" · "), { class: "muted", "data-testid": "round" }));
  for (const p of m.pending) {
    const card = p.card ? ` · ${cardName(table, instances(view).get(p.card) ?? p.card)}` : "";
    root.append(el("p", `${K.pending}: ${seatName(view, p.seat)} – ${pendingName(p.kind)}${card}`, { class: "warnline" }));
  }
  const seats = [...m.seats];
  const mine = seats.findIndex((s) => table.role === "seat" && s.seat === table.seat);
  if (mine > 0) seats.unshift(...seats.splice(mine, 1));
  for (const s of seats) root.append(side(table, view, s, table.role === "seat" && s.seat === table.seat));
  return root;
}
