// The page's ruleset families, chosen by GameView.family: each brings its own board and words
// (families/<family>/); a family without components of its own gets the generic one. A new game
// of a new family adds its folder and one line here, without touching the others.
import { generic } from "./generic";
import { monkic } from "./monkic";
import { munchkin } from "./munchkin";
import type { Family } from "./types";

const FAMILIES: Record<string, Family> = { munchkin, monkic };

export function familyOf(name: string): Family {
  return FAMILIES[name] ?? generic;
}
