// The Munchkin family's board: my character on top (level, strength and hand large; race, class,
// items, the cards in front of me by kind: hirelings, rooms, portals ...; my hand as card chips),
// in the two-player variant my other character beside it, the other seats compact, and the combat
// as monsters against players with both strengths, how they add up and the forecast.
import type { Breakdown, BreakdownTerm } from "../../../gen/judge/v1/position_pb";
import type { CombatView, GameView, SeatView } from "../../../gen/judge/v1/judge_pb";
import { cardChip } from "../../cards";
import { cardName, seatName, type Table } from "../../context";
import { box, el, stat } from "../../dom";
import { submit } from "../../play";
import { plural, stageName, W } from "../../words";
import { kindName, M, termName } from "./words";

function strengthOf(view: GameView, seat: number): Breakdown | undefined {
  return view.seats.find((x) => x.seat === seat)?.breakdown
    ?? view.analysis?.breakdowns.find((x) => x.context === "table" && x.subject === `seat:${seat}`);
}

function termText(table: Table, t: BreakdownTerm): string {
  const sign = t.amount < 0 ? `${t.amount}` : `+${t.amount}`;
  const card = t.cardName || (t.card ? cardName(table, t.card) : "");
  return `${card || termName(t.label)} ${sign}`;
}

function subjectName(table: Table, view: GameView, subject: string): string {
  const [what, index] = subject.split(":");
  if (what === "seat") return seatName(view, Number(index));
  if (what === "monster") return cardName(table, view.combat?.monsters[Number(index)]?.card ?? "");
  if (what === "players") return W.players;
  if (what === "monsters") return W.monsters;
  return "";
}

/** A strength as the judge adds it up: its total and each term (the term's rule id on hover). */
function breakdownRow(table: Table, view: GameView, b: Breakdown): HTMLElement {
  const row = el("li", undefined, { "data-breakdown": b.subject });
  row.append(el("strong", `${subjectName(table, view, b.subject)} ${b.total}`), " = ");
  b.terms.forEach((t, i) => {
    if (i) row.append(" ");
    row.append(el("span", termText(table, t), { title: t.rule, "data-term": t.label }));
  });
  return row;
}

function chipsOf(table: Table, cards: string[], cls = ""): HTMLElement {
  const row = box("div", `chips ${cls}`);
  for (const c of cards) row.append(cardChip(table, c));
  return row;
}

/** The cards in front of a character: race and class, items (in use or carried), the rest by kind. */
function inFront(table: Table, s: SeatView): HTMLElement {
  const front = box("div", "front");
  const identity = [...s.races, ...s.classes];
  if (identity.length) front.append(chipsOf(table, identity, "identity"));
  if (s.items.length) {
    const items = box("div", "chips items");
    for (const i of s.items) items.append(cardChip(table, i.card, { note: i.inUse ? "" : W.carried, cls: i.inUse ? "" : "carried" }));
    front.append(el("h4", W.items), items);
  }
  const byKind = new Map<string, string[]>();
  for (const c of s.otherCards) {
    const kind = table.cards[c]?.kind ?? "other";
    byKind.set(kind, [...(byKind.get(kind) ?? []), c]);
  }
  for (const [kind, cards] of byKind) front.append(el("h4", kindName(kind)), chipsOf(table, cards));
  return front;
}

function character(table: Table, view: GameView, s: SeatView, title: string, testid: string): HTMLElement {
  const panel = box("section", `me${s.seat === view.activeSeat ? " active" : ""}`);
  panel.setAttribute("data-testid", testid);
  panel.setAttribute("data-seat", String(s.seat));
  const head = box("header", "", el("h2", s.name), el("small", title));
  if (s.seat === view.activeSeat) head.append(el("span", W.turnBadge, { class: "badge" }));
  if (s.dead) head.append(el("span", W.dead, { class: "badge dead" }));
  const b = strengthOf(view, s.seat);
  const stats = box("div", "stats", stat(W.level, String(s.level), `level-${s.seat}`),
                    stat(W.strength, b ? String(b.total) : String(s.strength), `strength-${s.seat}`),
                    stat(W.hand, String(s.handSize), `hand-size-${s.seat}`));
  if (b) stats.children[1].setAttribute("title", b.terms.map((t) => termText(table, t)).join(" "));
  panel.append(head, stats, inFront(table, s));
  const hand = box("div", "chips hand");
  hand.setAttribute("data-testid", testid === "me" ? "hand" : `hand-${s.seat}`);
  for (const card of s.hand) hand.append(cardChip(table, card));
  if (s.handUnknown) hand.append(el("span", plural(s.handUnknown, W.unknownCards), { class: "muted" }));
  if (!s.hand.length && !s.handUnknown) hand.append(el("span", W.noHand, { class: "muted" }));
  panel.append(el("h4", testid === "me" ? W.yourHand : `${W.handOf} ${s.name}`), hand);
  return panel;
}

function seatRow(table: Table, view: GameView, s: SeatView): HTMLElement {
  const row = el("details", undefined, { class: `seat-row${s.seat === view.activeSeat ? " active" : ""}`,
                                         "data-testid": `seat-${s.seat}` });
  const line = el("summary");
  const identity = [...s.races, ...s.classes].map((c) => cardName(table, c)).join(", ");
  line.append(box("span", "seat-name", s.name, identity ? box("small", "", identity) : ""));
  if (s.seat === view.activeSeat) line.append(el("span", W.turnBadge, { class: "badge" }));
  if (s.dead) line.append(el("span", W.dead, { class: "badge dead" }));
  const b = strengthOf(view, s.seat);
  line.append(box("span", "nums",
    box("span", "n", el("small", W.level), el("b", String(s.level), { "data-testid": `level-${s.seat}` })),
    box("span", "n", el("small", W.strength), el("b", b ? String(b.total) : String(s.strength), { "data-testid": `strength-${s.seat}` })),
    box("span", "n", el("small", W.hand), el("b", String(s.handSize)))));
  row.append(line, inFront(table, s));
  row.open = table.role === "spectator"; // a TV shows every table in full; a phone opens one on a tap
  if (s.hand.length) row.append(chipsOf(table, s.hand, "hand"));
  return row;
}

function combatPanel(table: Table, view: GameView, combat: CombatView): HTMLElement {
  const panel = box("section", "combat");
  panel.setAttribute("data-testid", "combat");
  const helper = combat.helper === undefined ? "" : ` ${W.with} ${seatName(view, combat.helper)}`;
  panel.append(el("h2", `${W.combat}: ${seatName(view, combat.fighter)}${helper} · ${stageName(combat.stage)}`));
  const versus = box("div", "versus",
    box("div", "side players", el("small", W.players), el("b", String(combat.playersStrength))),
    box("div", "vs", ":"),
    box("div", "side monsters", el("small", W.monsters), el("b", String(combat.monstersStrength))));
  panel.append(versus, el("p", `${W.players} ${combat.playersStrength} : ${combat.monstersStrength} ${W.monsters}`,
                             { "data-testid": "strength", class: "sr" }));
  const monsters = box("div", "monsters-list");
  combat.monsters.forEach((m, i) => {
    const note = [`${W.strength} ${m.strength}`, ...m.modifiers.map((c) => cardName(table, c)), m.eliminated ? W.gone : ""]
      .filter(Boolean).join(" · ");
    const chip = cardChip(table, m.card, { note, cls: m.eliminated ? "gone" : "monster" });
    chip.setAttribute("data-monster", String(i));
    monsters.append(chip);
  });
  const fighters = box("div", "fighters");
  for (const seat of [combat.fighter, ...(combat.helper === undefined ? [] : [combat.helper])]) {
    fighters.append(box("span", "fighter", seatName(view, seat), el("small", seat === combat.fighter ? M.fighter : M.helper)));
  }
  if (combat.askedSeat !== undefined) fighters.append(box("span", "fighter", seatName(view, combat.askedSeat), el("small", M.asked)));
  panel.append(box("div", "sides", fighters, monsters));
  const forecast = view.analysis?.forecast;
  if (forecast) {
    const winner = forecast.winner === "players" ? W.players : W.monsters;
    const gain = forecast.winner === "players" ? ` · ${plural(forecast.levels, W.levels)}` +
      (forecast.treasures ? `, ${plural(forecast.treasures.total, W.treasures)}` : "") : "";
    const need = forecast.playersNeed > 0 ? ` · ${W.playersNeed} ${forecast.playersNeed}` : "";
    panel.append(el("p", `${W.forecast}: ${winner} ${W.win} (${W.margin} ${forecast.margin})${gain}${need}`,
                    { "data-testid": "forecast", class: "forecast", title: forecast.rule }));
    for (const r of forecast.runs) {
      const outcome = !r.pursues ? W.escapes : r.needs > 6 ? W.noDie : `${W.needs} ${r.needs}+ (${r.escapeSixths}/6)`;
      panel.append(el("p", `${W.runs}: ${seatName(view, r.seat)} – ${cardName(table, r.card)}: ${outcome}`,
                      { class: "muted", title: r.rule }));
    }
  }
  const own = [combat.playersBreakdown, combat.monstersBreakdown,
               ...combat.monsters.map((m, i) => (m.breakdown ? { ...m.breakdown, subject: `monster:${i}` } : undefined))]
    .filter((b): b is Breakdown => b !== undefined);
  const breakdowns = own.length ? own : view.analysis?.breakdowns.filter((b) => b.context === "combat") ?? [];
  if (breakdowns.length) {
    const details = el("details", undefined, { class: "breakdowns" });
    const list = el("ul", undefined, { "data-testid": "breakdown" });
    for (const b of breakdowns) list.append(breakdownRow(table, view, b));
    details.append(el("summary", W.breakdown), list);
    panel.append(details);
  }
  if (combat.drawnTreasures.length) {
    panel.append(el("h4", M.drawn), chipsOf(table, combat.drawnTreasures));
    if (combat.nextPicker !== undefined) panel.append(el("p", `${seatName(view, combat.nextPicker)} ${M.picks}`));
  }
  // The fighter claims the win whenever they think it won: the judge opens the window or says why not.
  if (table.role === "seat" && table.seat === combat.fighter && combat.stage === "fighting") {
    const claim = el("button", W.claim, { "data-testid": "claim", class: "primary" });
    claim.addEventListener("click", () => void submit(table, { seat: combat.fighter, action: { case: "claimVictory", value: {} } } as never));
    panel.append(claim);
  }
  return panel;
}

/** What else lies on the table: a body being looted, a curse at the door, cards to play at once ... */
function extras(table: Table, view: GameView): HTMLElement[] {
  const out: HTMLElement[] = [];
  const line = (title: string, cards: string[], extra = "") => {
    const p = box("section", "extra", el("h4", title));
    if (cards.length) p.append(chipsOf(table, cards));
    if (extra) p.append(el("p", extra, { class: "muted" }));
    out.push(p);
  };
  if (view.looting) {
    const l = view.looting;
    line(`${M.looting} ${seatName(view, l.deadSeat)}`, l.cards,
         [l.unknown ? plural(l.unknown, W.unknownCards) : "",
          l.nextLooter !== undefined ? `${seatName(view, l.nextLooter)} ${M.nextLooter}` : ""].filter(Boolean).join(" · "));
  }
  if (view.pendingCurse) line(`${M.curseFor} ${seatName(view, view.pendingCurse.seat)}`, [view.pendingCurse.card]);
  const mine = view.mustPlay.map((m) => m.split(":")).filter(([s]) => table.role !== "seat" || Number(s) === table.seat);
  if (mine.length) line(W.mustPlay, mine.map(([, c]) => c));
  if (view.epicKickCards.length) line(M.epic, view.epicKickCards);
  if (view.lingeringBadStuff.length) {
    line(M.lingering, view.lingeringBadStuff.map((l) => l.card).filter(Boolean),
         view.lingeringBadStuff.map((l) => seatName(view, l.seat)).join(", "));
  }
  if (view.adjustment) {
    const a = view.adjustment;
    line(`${M.adjustment} ${seatName(view, a.proposer)}`, [],
         `${a.reason} · ${M.approvals}: ${a.approvals.map((s) => seatName(view, s)).join(", ") || "–"}`);
  }
  return out;
}

export function board(table: Table, view: GameView): HTMLElement {
  const root = box("div", "board munchkin");
  const me = table.role === "seat" ? view.seats.find((s) => s.seat === table.seat) : undefined;
  const other = me ? view.alterEgos[me.seat] : undefined;
  const alter = other !== undefined && other !== me?.seat ? view.seats.find((s) => s.seat === other) : undefined;
  if (me) root.append(character(table, view, me, W.you, "me"));
  if (alter) root.append(character(table, view, alter, W.otherCharacter, "alter"));
  if (view.combat) root.append(combatPanel(table, view, view.combat));
  root.append(...extras(table, view));
  const others = box("div", "others");
  for (const s of view.seats) {
    if (s === me || s === alter) continue;
    const row = seatRow(table, view, s);
    const ego = view.alterEgos[s.seat];
    if (ego !== undefined && ego !== s.seat) row.querySelector(".seat-name")!.append(
      el("small", `${M.alterEgoOf} ${seatName(view, ego)}`));
    others.append(row);
  }
  root.append(others);
  const piles = Object.entries(view.drawPiles);
  if (piles.length) {
    root.append(el("p", `${W.drawPiles}: ` + piles.map(([k, n]) => `${k === "door" ? W.door : k === "treasure" ? W.treasure : k} ${n}`).join(" · "),
                   { class: "muted piles" }));
  }
  return root;
}
