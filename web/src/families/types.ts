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
  /** How a card the judge does not know is defined from the page (none: the family takes no definitions). */
  define?: DefineForm;
}

/** One field of a card definition form: a printed number, a choice, a yes/no or a text. */
export type DefineField = {
  /** Where its value goes in the definition (a dotted path: "level", "bad_stuff.lose_levels"). */
  path: string;
  type: "int" | "choice" | "bool" | "text";
  /** Its label in the page's language. */
  label: string;
  /** The value the form starts with (and that is left out of the definition). */
  initial: number | string | boolean;
  /** For a choice: the values and their words. */
  choices?: { value: string; label: string }[];
  /** For an int: the smallest value. */
  min?: number;
  /** Kept in the definition even at its initial value (a monster's level). */
  keep?: boolean;
};

/** A family's card definitions as the page takes them when a card turns up that the judge does not
 * know: which kinds, the fields each kind has, and the definition built from them (the family's card
 * schema, docs/cards.md). */
export interface DefineForm {
  /** The kinds, the most common first: the form offers those the open action allows in this order. */
  kinds: readonly string[];
  /** The fields a card of `kind` prints, besides its name and a free text. */
  fields(kind: string): DefineField[];
  /** What every definition of `kind` needs besides its fields (its deck, an empty effect ...). */
  base(kind: string): Record<string, unknown>;
  /** The definition's id, made from the printed name (a family whose cards are named by id). */
  idOf(name: string): Record<string, unknown>;
}
