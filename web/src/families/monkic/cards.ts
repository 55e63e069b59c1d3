// The monkic cards in play, by instance id.
import type { GameView } from "../../../gen/judge/v1/judge_pb";
import type { MonkicCard } from "../../../gen/judge/v1/monkic_pb";

/** Every card in play by its instance id (c12), with its catalogue id. */
export function instances(view: GameView | null): Map<string, string> {
  const out = new Map<string, string>();
  const add = (c: MonkicCard | undefined) => {
    if (!c) return;
    out.set(c.id, c.card);
    add(c.guard);
  };
  for (const s of view?.monkic?.seats ?? []) for (const c of [...s.hand, ...s.table, ...s.graveyard]) add(c);
  return out;
}
