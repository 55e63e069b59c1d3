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

function render(view: GameView, me: number | null): void {
  const root = document.getElementById("view")!;
  root.replaceChildren();
  const status = view.status === GameStatus.FINISHED ? "finished" : "active";
  root.append(el("p", `${view.ruleset} · turn ${view.turn} · ${view.phase} · ${status} · version ${view.version}`,
                 { "data-testid": "summary" }));
  root.append(el("p", `Turn: ${seatName(view, view.activeSeat)}`, { "data-testid": "turn" }));
  root.append(el("p", `Waiting for: ${view.waitingFor || "–"}`, { "data-testid": "waiting" }));
  if (view.winners.length) {
    root.append(el("p", `Winners: ${view.winners.map((w) => seatName(view, w)).join(", ")}`, { "data-testid": "winners" }));
  }

  const table = el("table", undefined, { "data-testid": "seats" });
  const head = el("tr");
  for (const h of ["Player", "Level", "Race", "Class", "Items", "Hand", ""]) head.append(el("th", h));
  table.append(head);
  for (const s of view.seats) table.append(seatRow(view, s, me));
  root.append(table);

  const mine = view.seats.find((s) => s.seat === me) ?? view.seats.find((s) => s.hand.length > 0);
  if (mine) {
    root.append(el("h2", `Your hand (${mine.name})`));
    const hand = el("ul", undefined, { "data-testid": "hand" });
    for (const card of mine.hand) hand.append(el("li", card, { "data-card": card }));
    if (mine.handUnknown) hand.append(el("li", `${mine.handUnknown} unknown`));
    root.append(hand);
  }

  window.clearInterval(countdown);
  const combat = view.combat;
  if (combat) {
    const box = el("section", undefined, { "data-testid": "combat" });
    const helper = combat.helper === undefined ? "" : ` with ${seatName(view, combat.helper)}`;
    box.append(el("h2", `Combat: ${seatName(view, combat.fighter)}${helper} (${combat.stage})`));
    box.append(el("p", `Players ${combat.playersStrength} : ${combat.monstersStrength} Monsters`,
                  { "data-testid": "strength" }));
    const monsters = el("ul");
    for (const m of combat.monsters) {
      const mods = m.modifiers.length ? ` (${m.modifiers.join(", ")})` : "";
      monsters.append(el("li", `${m.card}: level ${m.level}, strength ${m.strength}${mods}${m.eliminated ? " – gone" : ""}`));
    }
    box.append(monsters);
    const closes = Number(combat.windowClosesAtMs);
    if (closes > 0) {
      const clock = el("p", "", { "data-testid": "countdown" });
      const tick = () => {
        const left = Math.max(0, closes - Date.now());
        clock.textContent = left > 0 ? `The window closes in ${(left / 1000).toFixed(1)} s` : "The window is closed";
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
    showStatus("Open this page with #game=GAME_ID&token=TOKEN (the link judge new prints for each seat).");
    return;
  }
  const client = createClient(JudgeService, createGrpcWebTransport({ baseUrl: location.origin }));
  const headers = { authorization: `Bearer ${token}`, "accept-language": navigator.language };
  let version = 0n;
  for (;;) {
    try {
      const { view } = await client.getView({ gameId: game }, { headers });
      if (view) {
        version = view.version;
        render(view, seat);
      }
      showStatus("live");
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
