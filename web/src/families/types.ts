// What a ruleset family brings to the page: its board (the view as its players read it) and the
// words for its commands. The page picks the family by GameView.family (families/index.ts); a
// family without components of its own gets the generic one.
import type { Command, GameView } from "../../gen/judge/v1/judge_pb";
import type { Table } from "../context";

/** What an offered command is about and what tells it apart from the other offers for the same card. */
export type Described = {
  /** The key the offers are grouped by (a catalogue id, or a card in play's instance id); "" for none. */
  key: string;
  /** The catalogue id of that card, for its name, kind, numbers and text ("" for none). */
  card: string;
  /** The variant in the player's words: "on Ben", "for the monsters", "rolled 5" ("" when there is none). */
  label: string;
};

export interface Family {
  /** The view as this family's players read it: my seat (or seats) first, the others, the table. */
  board(table: Table, view: GameView): HTMLElement;
  /** An offered command in words. */
  describe(table: Table, command: Command): Described;
  /** The action kinds that play a card into a fight's interference window. */
  windowKinds: readonly string[];
  /** The action "may I play it?" asks about for a hand card, if the family has one. */
  askCommand?(seat: number, card: string): Command | null;
  /** A card kind (CardInfo.kind) in words. */
  kindName(kind: string): string;
  /** A card's numbers in words ("Level 8 · 2 treasures", "+3 · 400 gold"). */
  numbers(table: Table, card: string): string;
  /** The id of a card defined from the page, from its printed name, as the family's definitions carry it
   * (ListRulesets card_forms says what else they carry); none: the family's cards are not defined from the page. */
  definitionId?(name: string): Record<string, unknown>;
}

