// The table page: one seat's view of a game, live.
//
// The page reads the game id, the token and (optionally) the seat from the
// URL's fragment (#game=...&token=...&seat=1), which the browser never sends
// to a server, and speaks gRPC-Web to the judge's own bridge (same origin)
// through @connectrpc/connect-web with the types protoc-gen-es generated
// from protos/. It shows the GetView answer, then follows Watch from that
// version, re-connecting from the last version it saw if the stream ends.
import { ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { GameStatus, JudgeService, type GameView, type SeatView } from "../gen/judge/v1/judge_pb";

// The page's own words in the browser's language (German or English); the
// judge's texts (what it waits for, rulings) follow the same Accept-Language.
const WORDS = {
  en: {
    turn: "Turn", waiting: "Waiting for", winners: "Winners", player: "Player", level: "Level", race: "Race",
    class: "Class", items: "Items", hand: "Hand", yourHand: "Your hand", unknown: "unknown", combat: "Combat",
    with: "with", players: "Players", monsters: "Monsters", strength: "strength", gone: "gone",
    closesIn: "The window closes in", closed: "The window is closed", live: "live", finished: "finished",
    active: "active", version: "version", ask: "May I play it?", yes: "Yes, now.", no: "No:",
    legalWhen: "Legal when", open: "Open this page with #game=GAME_ID&token=TOKEN (the link judge new prints for each seat).",
  },
  de: {
    turn: "Am Zug", waiting: "Wartet auf", winners: "Gewonnen", player: "Spieler", level: "Stufe", race: "Rasse",
    class: "Klasse", items: "Gegenstände", hand: "Hand", yourHand: "Deine Hand", unknown: "unbekannt", combat: "Kampf",
    with: "mit", players: "Spieler", monsters: "Monster", strength: "Kampfstärke", gone: "entfernt",
    closesIn: "Das Fenster schließt in", closed: "Das Fenster ist geschlossen", live: "live", finished: "beendet",
    active: "läuft", version: "Version", ask: "Darf ich sie spielen?", yes: "Ja, jetzt.", no: "Nein:",
    legalWhen: "Erlaubt, wenn", open: "Öffne diese Seite mit #game=SPIEL_ID&token=TOKEN (den Link, den judge new für jeden Platz ausgibt).",
  },
};
const LANG = navigator.language.toLowerCase().startsWith("de") ? "de" : "en";
const W = WORDS[LANG];
document.documentElement.lang = LANG;

type Params = { game: string; token: string; seat: number | null };

function params(): Params {
  const p = new URLSearchParams(location.hash.replace(/^#/, ""));
  const seat = p.get("seat");
  return { game: p.get("game") ?? "", token: p.get("token") ?? "", seat: seat === null ? null : Number(seat) };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function seatName(view: GameView, seat: number | undefined): string {
  if (seat === undefined) return "";
  return view.seats.find((s) => s.seat === seat)?.name ?? `#${seat}`;
}

function seatRow(view: GameView, s: SeatView, me: number | null): HTMLTableRowElement {
  const row = el("tr", undefined, { "data-testid": `seat-${s.seat}` });
  if (s.seat === view.activeSeat) row.classList.add("active");
  if (s.seat === me) row.classList.add("me");
  const items = s.items.map((i) => (i.inUse ? i.card : `(${i.card})`)).join(", ");
  for (const text of [s.name, String(s.level), s.races.join(", ") || "–", s.classes.join(", ") || "–", items || "–",
                      String(s.handSize), s.dead ? "†" : ""]) {
    row.append(el("td", text));
  }
  row.children[1].setAttribute("data-testid", `level-${s.seat}`);
  return row;
}

let countdown: number | undefined;
let ask: ((seat: number, card: string) => Promise<string[]>) | undefined;

function askButton(seat: number, card: string): HTMLButtonElement {
  const button = el("button", W.ask, { "data-ask": card });
  button.addEventListener("click", async () => {
    if (!ask) return;
    const answer = el("div", undefined, { "data-answer": card });
    answer.append(...(await ask(seat, card)).map((line) => el("p", line)));
    button.parentElement?.querySelector("[data-answer]")?.remove();
    button.after(answer);
  });
  return button;
}

function render(view: GameView, me: number | null): void {
  const root = document.getElementById("view")!;
  root.replaceChildren();
  const status = view.status === GameStatus.FINISHED ? W.finished : W.active;
  root.append(el("p", `${view.ruleset} · turn ${view.turn} · ${view.phase} · ${status} · ${W.version} ${view.version}`,
                 { "data-testid": "summary" }));
  root.append(el("p", `${W.turn}: ${seatName(view, view.activeSeat)}`, { "data-testid": "turn" }));
  root.append(el("p", `${W.waiting}: ${view.waitingFor || "–"}`, { "data-testid": "waiting" }));
  if (view.winners.length) {
    root.append(el("p", `${W.winners}: ${view.winners.map((w) => seatName(view, w)).join(", ")}`, { "data-testid": "winners" }));
  }

  const table = el("table", undefined, { "data-testid": "seats" });
  const head = el("tr");
  for (const h of [W.player, W.level, W.race, W.class, W.items, W.hand, ""]) head.append(el("th", h));
  table.append(head);
  for (const s of view.seats) table.append(seatRow(view, s, me));
  root.append(table);

  const mine = view.seats.find((s) => s.seat === me) ?? view.seats.find((s) => s.hand.length > 0);
  if (mine) {
    root.append(el("h2", `${W.yourHand} (${mine.name})`));
    const hand = el("ul", undefined, { "data-testid": "hand" });
    for (const card of mine.hand) {
      const item = el("li", undefined, { "data-card": card });
      item.append(el("span", card), " ", askButton(mine.seat, card));
      hand.append(item);
    }
    if (mine.handUnknown) hand.append(el("li", `${mine.handUnknown} ${W.unknown}`));
    root.append(hand);
  }

  window.clearInterval(countdown);
  const combat = view.combat;
  if (combat) {
    const box = el("section", undefined, { "data-testid": "combat" });
    const helper = combat.helper === undefined ? "" : ` ${W.with} ${seatName(view, combat.helper)}`;
    box.append(el("h2", `${W.combat}: ${seatName(view, combat.fighter)}${helper} (${combat.stage})`));
    box.append(el("p", `${W.players} ${combat.playersStrength} : ${combat.monstersStrength} ${W.monsters}`,
                  { "data-testid": "strength" }));
    const monsters = el("ul");
    for (const m of combat.monsters) {
      const mods = m.modifiers.length ? ` (${m.modifiers.join(", ")})` : "";
      monsters.append(el("li", `${m.card}: ${W.level} ${m.level}, ${W.strength} ${m.strength}${mods}${m.eliminated ? ` – ${W.gone}` : ""}`));
    }
    box.append(monsters);
    const closes = Number(combat.windowClosesAtMs);
    if (closes > 0) {
      const clock = el("p", "", { "data-testid": "countdown" });
      const tick = () => {
        const left = Math.max(0, closes - Date.now());
        clock.textContent = left > 0 ? `${W.closesIn} ${(left / 1000).toFixed(1)} s` : W.closed;
      };
      tick();
      countdown = window.setInterval(tick, 100);
      box.append(clock);
    }
    root.append(box);
  }
}

function showStatus(text: string): void {
  document.getElementById("status")!.textContent = text;
}

async function main(): Promise<void> {
  const { game, token, seat } = params();
  if (!game || !token) {
    showStatus(W.open);
    return;
  }
  const client = createClient(JudgeService, createGrpcWebTransport({ baseUrl: location.origin }));
  const headers = { authorization: `Bearer ${token}`, "accept-language": navigator.language };
  // "May I play this now?": Ask, which records nothing; the answer is the judge's ruling with its citation.
  ask = async (asker: number, card: string) => {
    try {
      const { allowed, ruling } = await client.ask(
        { gameId: game, command: { seat: asker, action: { case: "playCard", value: { card } } } }, { headers });
      if (allowed || !ruling) return [W.yes];
      return [`${W.no} ${ruling.explanation}`, `${ruling.ruleId} · ${ruling.source} · "${ruling.section}"`,
              `„${ruling.quote}“`, `${W.legalWhen}: ${ruling.legalWhen}`];
    } catch (e) {
      return [ConnectError.from(e).rawMessage];
    }
  };
  let version = 0n;
  for (;;) {
    try {
      const { view } = await client.getView({ gameId: game }, { headers });
      if (view) {
        version = view.version;
        render(view, seat);
      }
      showStatus(W.live);
      for await (const update of client.watch({ gameId: game, afterVersion: version }, { headers })) {
        if (update.view) {
          version = update.view.version;
          render(update.view, seat);
        }
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
