// The interference window, one tap away: when a win is claimed, the countdown at the top of every
// page and, right under it, only the cards this seat may play into the fight now (LegalActions),
// each one tap; a card with several targets opens them in place (the second tap). The phone
// vibrates and beeps where the browser allows when a window opens.
import { cardName, type Offer, type Table } from "./context";
import { box, el } from "./dom";
import { familyOf } from "./families";
import { offerButtons, submit } from "./play";
import { W } from "./words";

let ticking: number | undefined;
let audio: AudioContext | null = null;

// Browsers let a page make a sound only after a tap on it: the first tap readies a short beep.
document.addEventListener("pointerdown", () => {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch { /* no sound here: no matter */ }
});

function beep(): void {
  if (!audio || audio.state !== "running") return;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = 880;
  gain.gain.value = 0.08;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.12);
}
let shownFor = 0; // the window (its closing time) the page last announced

export function windowOpen(table: Table): number {
  const closes = Number(table.view?.combat?.windowClosesAtMs ?? 0n);
  return closes > Date.now() ? closes : 0;
}

export function renderWindow(table: Table): void {
  const root = document.getElementById("window")!;
  window.clearInterval(ticking);
  const closes = Number(table.view?.combat?.windowClosesAtMs ?? 0n);
  if (!closes) {
    root.replaceChildren();
    root.hidden = true;
    return;
  }
  root.hidden = false;
  if (closes !== shownFor && closes > Date.now()) {
    shownFor = closes;
    if (table.role === "seat") {
      try { navigator.vibrate?.([120, 60, 120]); } catch { /* not allowed: no matter */ }
      beep();
    }
  }
  const clock = el("p", "", { "data-testid": "countdown", class: "countdown" });
  const bar = box("div", "bar", box("i", ""));
  const total = Math.max(1, closes - Date.now());
  const tick = () => {
    const left = Math.max(0, closes - Date.now());
    clock.textContent = left > 0 ? `${W.closesIn} ${(left / 1000).toFixed(1)} ${W.seconds}` : W.closed;
    clock.classList.toggle("closed", left <= 0);
    (bar.firstChild as HTMLElement).style.width = `${Math.min(100, (100 * left) / total)}%`;
    if (left <= 0) {
      window.clearInterval(ticking);
      root.querySelector(".window-cards")?.remove();
    }
  };
  tick();
  ticking = window.setInterval(tick, 100);
  const typed = root.querySelector<HTMLInputElement>("[data-window-search]");
  const focused = typed !== null && document.activeElement === typed;
  root.replaceChildren(clock, bar);
  if (table.role === "seat" && closes > Date.now()) root.append(windowCards(table));
  const search = root.querySelector<HTMLInputElement>("[data-window-search]");
  if (search && typed?.value) { // kept as typed in while the window's offers follow the game
    search.value = typed.value;
    search.dispatchEvent(new Event("input"));
  }
  if (search && focused) search.focus();
}

function windowCards(table: Table): HTMLElement {
  const family = familyOf(table.view?.family ?? "");
  const fresh = table.offersVersion === table.view?.version;
  const offers = fresh ? table.offers.filter((o) => family.windowKinds.includes(o.kind) && o.key) : [];
  const list = box("div", "window-cards");
  list.setAttribute("data-testid", "window-cards");
  if (!offers.length) {
    if (fresh) list.append(el("p", W.noWindowCards, { class: "muted" }));
    return list;
  }
  const byKey = new Map<string, Offer[]>();
  for (const o of offers) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
  // A reported table: the judge does not know the hands, so it offers every card that would fit:
  // the page asks for the card's name first and shows the few that match.
  const many = byKey.size > 8;
  if (many) {
    const search = el("input", undefined, { type: "search", placeholder: W.filter, "data-window-search": "" });
    search.addEventListener("input", () => {
      const wanted = search.value.trim().toLowerCase();
      let shown = 0;
      for (const card of list.querySelectorAll<HTMLElement>(".window-card")) {
        const hit = wanted.length >= 2 && card.textContent!.toLowerCase().includes(wanted) && shown < 8;
        card.hidden = !hit;
        if (hit) shown += 1;
      }
    });
    list.append(search);
  }
  for (const [key, mine] of byKey) {
    const card = mine[0].card || key;
    const chip = el("button", undefined, { class: "chip big playable", "data-window-card": key });
    chip.append(box("span", "name", cardName(table, card)));
    const meta = family.numbers(table, card);
    if (meta) chip.append(box("span", "meta", meta));
    const holder = box("div", "window-card", chip);
    holder.hidden = many;
    chip.addEventListener("click", async () => {
      if (mine.length === 1) {
        chip.disabled = true; // one tap sends once
        try { await submit(table, mine[0].command); } finally { chip.disabled = false; }
        return;
      }
      holder.querySelector(".variants")?.remove();
      holder.append(offerButtons(table, mine, false)); // the target: the second tap
    });
    list.append(holder);
  }
  return list;
}
