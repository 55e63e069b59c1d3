// The Munchkin family's card definitions from the page (docs/cards.md): which numbers each kind of
// card prints, in the player's words, and what the schema needs besides (the deck, an empty effect).
// Whatever the schema cannot express is the card's text; the table applies it by an adjustment.
import { LANG, type Lang } from "../../words";
import type { DefineField, DefineForm } from "../types";

const WORDS: Record<Lang, Record<string, string>> = {
  en: {
    level: "Level", treasures: "Treasures", levels: "Levels for killing it", undead: "Undead",
    badLevels: "Bad stuff: levels lost", curseLevels: "Levels lost", bonus: "Bonus", value: "Value in gold",
    slot: "Worn as", big: "Big", levelGain: "Levels gained", extraTreasures: "Treasures added",
    none: "no slot", headgear: "headgear", armor: "armour", footgear: "footgear", "1hand": "one hand",
    "2hands": "two hands",
  },
  de: {
    level: "Stufe", treasures: "Schätze", levels: "Stufen für den Sieg", undead: "Untot",
    badLevels: "Schlimme Dinge: Stufen verlieren", curseLevels: "Stufen verlieren", bonus: "Bonus",
    value: "Wert in Gold", slot: "Getragen als", big: "Groß", levelGain: "Stufen aufsteigen",
    extraTreasures: "Schätze dazu", none: "kein Platz", headgear: "Kopfbedeckung", armor: "Rüstung",
    footgear: "Schuhwerk", "1hand": "eine Hand", "2hands": "zwei Hände",
  },
};
const T = WORDS[LANG];

const TREASURES = new Set(["item", "one_shot", "level_up", "special_treasure", "item_enhancer"]);

const int = (path: string, label: string, initial = 0, extra: Partial<DefineField> = {}): DefineField =>
  ({ path, type: "int", label, initial, min: 0, ...extra });

/** The printed numbers of each kind (schema.py, docs/cards.md "Fields"); a kind not named here is
 * defined by its name and text. */
const FIELDS: Record<string, DefineField[]> = {
  monster: [
    int("level", T.level, 1, { min: 1, keep: true }), int("treasures", T.treasures, 1, { keep: true }),
    int("levels", T.levels, 1, { min: 1 }), int("bad_stuff.lose_levels", T.badLevels),
    { path: "undead", type: "bool", label: T.undead, initial: false },
  ],
  curse: [int("curse.lose_levels", T.curseLevels)],
  item: [
    int("bonus", T.bonus, 1, { min: undefined }),
    { path: "slot", type: "choice", label: T.slot, initial: "",
      choices: ["", "headgear", "armor", "footgear", "1hand", "2hands"].map((v) => ({ value: v, label: T[v || "none"] })) },
    int("value", T.value, 0), { path: "big", type: "bool", label: T.big, initial: false },
  ],
  one_shot: [int("bonus", T.bonus, 2, { min: undefined }), int("value", T.value, 0)],
  monster_enhancer: [int("bonus", T.bonus, 5, { min: undefined }), int("extra_treasures", T.extraTreasures, 0, { min: undefined })],
  level_up: [int("level_gain", T.levelGain, 1, { min: 1, keep: true })],
  item_enhancer: [int("bonus", T.bonus, 1, { min: undefined })],
  hireling: [int("bonus", T.bonus, 1, { min: undefined })],
};

/** An id from a printed name: lower case, umlauts spelt out, "-" between words (as the catalogue's). */
function slug(name: string): string {
  const plainName = name.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")
    .normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return plainName.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 64) || "karte";
}

export const define: DefineForm = {
  kinds: ["monster", "curse", "item", "one_shot", "race", "class", "monster_enhancer", "level_up"],
  fields: (kind) => FIELDS[kind] ?? [],
  base(kind) {
    const out: Record<string, unknown> = { deck: TREASURES.has(kind) ? "treasure" : "door" };
    if (kind === "monster") out.bad_stuff = {};
    if (kind === "curse") out.curse = {};
    return out;
  },
  idOf: (name) => ({ id: slug(name) }),
};
