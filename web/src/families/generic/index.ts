// The fallback for a family the page has no components for: the seats by name, whose turn it is
// and what the judge waits for (the page's top bar), and the offers with their card names.
import type { Command, GameView } from "../../../gen/judge/v1/judge_pb";
import { seatName, type Table } from "../../context";
import { box, el } from "../../dom";
import { plain, W } from "../../words";
import { actionOf, fieldsText } from "../fields";
import type { Family } from "../types";

export const generic: Family = {
  board(table: Table, view: GameView): HTMLElement {
    const list = box("div", "others");
    for (const s of view.seats) {
      const row = box("div", `seat-row${s.seat === view.activeSeat ? " active" : ""}${s.seat === table.seat ? " me" : ""}`);
      row.setAttribute("data-testid", `seat-${s.seat}`);
      row.append(box("span", "seat-name", seatName(view, s.seat)));
      if (s.seat === view.activeSeat) row.append(el("span", W.turnBadge, { class: "badge" }));
      list.append(row);
    }
    return list;
  },
  describe(table: Table, command: Command) {
    const { value } = actionOf(command);
    const card = typeof value.card === "string" ? value.card : "";
    return { key: card, card, label: fieldsText(table, value, {}, ["card"]) };
  },
  windowKinds: [],
  kindName: plain,
  numbers: () => "",
};
