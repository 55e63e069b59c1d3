// What the page reads of the judge's answers, as read masks (partial responses, judge.v1 `read_mask`): every
// field but the view's two JSON copies, the view as JSON and the position as JSON, which the page never
// reads. A view of a game with the group's own cards in its catalogue carries them in both: with a library
// of 1,000 cards the page's answers go from about 240 KB to about 20 KB, for every event on every phone.
import type { DescMessage } from "@bufbuild/protobuf";
import { GameViewSchema, GetViewResponseSchema, SubmitResponseSchema, WatchResponseSchema } from "../gen/judge/v1/judge_pb";

const NOT_READ = new Set(["state_json", "position_json"]);

/** Every field of ``answer``, the view's (``view``) one by one but for the two JSON copies. */
function shown(answer: DescMessage): { paths: string[] } {
  const paths: string[] = [];
  for (const field of answer.fields) {
    if (field.name !== "view") {
      paths.push(field.name);
      continue;
    }
    for (const inner of GameViewSchema.fields) if (!NOT_READ.has(inner.name)) paths.push(`view.${inner.name}`);
  }
  return { paths };
}

export const GET_VIEW_SHOWN = shown(GetViewResponseSchema);
export const WATCH_SHOWN = shown(WatchResponseSchema);
export const SUBMIT_SHOWN = shown(SubmitResponseSchema);
/** The history reads the events alone: no view is built for them. */
export const REPLAY_SHOWN = { paths: ["event"] };
