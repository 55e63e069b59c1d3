// Following the game live without ever locking anyone out: GetView, then Watch from that version.
// A hidden or closed tab ends its stream at once (the Watch is aborted on pagehide and when the
// page is hidden, so the judge frees the stream's slot), and a visible page starts again from the
// last version it saw. A refused or broken stream keeps the last view on screen and tries again
// with a growing pause (1, 2, 4 ... 30 s), saying so in the page's language.
import { Code, ConnectError } from "@connectrpc/connect";
import type { GameView } from "../gen/judge/v1/judge_pb";
import type { Table } from "./context";
import { addEvent } from "./history";
import { GET_VIEW_SHOWN, WATCH_SHOWN } from "./shown";
import { W } from "./words";

export type Follower = {
  start: (view: GameView) => Promise<void>;
  apply: (view: GameView) => void;
  event: () => void;
  disputes: () => void;
  hidden: () => void;
};

let statusTimer: number | undefined;

export function showStatus(text: string, state: string): void {
  const status = document.getElementById("status")!;
  status.textContent = text;
  status.setAttribute("data-state", state);
}

/** Codes after which trying again cannot help: a wrong token or an unknown game. */
const FINAL = new Set([Code.Unauthenticated, Code.NotFound, Code.PermissionDenied, Code.InvalidArgument]);

export async function follow(table: Table, follower: Follower): Promise<void> {
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;
  const stop = () => {
    controller?.abort();
    controller = null;
  };
  const visible = () => document.visibilityState === "visible";
  window.addEventListener("pagehide", stop);
  window.addEventListener("beforeunload", stop);
  document.addEventListener("visibilitychange", () => {
    if (!visible()) {
      stop();
      follower.hidden();
      showStatus(W.offline, "paused");
    } else {
      wake?.();
    }
  });
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const done = () => { window.clearTimeout(timer); wake = null; resolve(); };
    const timer = window.setTimeout(done, ms);
    wake = done; // coming back to the page tries again at once
  });
  let failures = 0;
  let version = 0n;
  let started = false;
  for (;;) {
    if (!visible()) {
      await new Promise<void>((resolve) => { wake = () => { wake = null; resolve(); }; });
      continue;
    }
    const mine = new AbortController();
    controller = mine;
    try {
      const options = { headers: table.headers, signal: mine.signal };
      const { view } = await table.client.getView({ gameId: table.game, readMask: GET_VIEW_SHOWN }, options);
      if (view) {
        if (!started) {
          await follower.start(view);
          started = true;
        } else {
          follower.apply(view);
        }
        version = view.version;
      }
      for await (const update of table.client.watch({ gameId: table.game, afterVersion: version, readMask: WATCH_SHOWN },
                                                     options)) {
        if (failures || document.getElementById("status")!.dataset.state !== "live") {
          // Admitted: the judge's first answer (at the latest its caught-up marker) is here.
          window.clearInterval(statusTimer);
          showStatus(W.live, "live");
        }
        failures = 0;
        if (update.event) {
          addEvent(table, update.event);
          follower.event();
        }
        if (update.view) {
          version = update.view.version;
          follower.apply(update.view);
        }
        if (update.event?.kind.startsWith("Dispute")) follower.disputes();
      }
    } catch (e) {
      if (mine.signal.aborted) continue; // we ended it ourselves (hidden): start again when visible
      const error = ConnectError.from(e);
      if (FINAL.has(error.code) && !started) {
        showStatus(error.rawMessage, "failed");
        return;
      }
      failures += 1;
      const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)) + Math.floor(Math.random() * 400);
      const lead = error.code === Code.ResourceExhausted ? W.refusedStream : W.retrying;
      const until = Date.now() + wait;
      const tell = () => {
        const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        showStatus(`${lead} ${left} ${W.seconds}${started ? ` (${W.lastKnown})` : ""}`, "retrying");
      };
      tell();
      window.clearInterval(statusTimer);
      statusTimer = window.setInterval(tell, 500);
      await pause(wait);
      window.clearInterval(statusTimer);
      continue;
    } finally {
      if (controller === mine) controller = null;
    }
    // The stream ended without an error (the server closed it): follow again at once.
  }
}
