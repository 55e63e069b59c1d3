// The Munchkin family's words: card kinds, abilities, breakdown terms, in German and English.
import { LANG, plain, type Lang } from "../../words";

const KINDS: Record<Lang, Record<string, string>> = {
  en: {
    monster: "Monster", curse: "Curse", race: "Race", class: "Class", monster_enhancer: "Monster enhancer",
    monster_enhancer_enhancer: "Enhancer of an enhancer", mate: "Mate", wandering_monster: "Wandering monster",
    super_munchkin: "Super Munchkin", half_breed: "Half-breed", item: "Item", one_shot: "One-shot",
    level_up: "Go up a level", divine_intervention: "Divine intervention", special_treasure: "Special treasure",
    other: "Other", hireling: "Hireling", follower: "Follower", minion: "Minion", henchman: "Henchman",
    mook: "Mook", ally: "Ally", companion: "Companion", sidekick: "Sidekick", room: "Room", portal: "Portal",
    trap: "Trap", item_enhancer: "Item enhancer", power: "Power", style: "Style", loyalty: "Loyalty",
    training: "Training", accent: "Accent", mojo: "Mojo", birthright: "Birthright", faction: "Faction",
    army: "Army", origin: "Origin", headquarters: "Headquarters", catastrophe: "Catastrophe", insanity: "Insanity",
  },
  de: {
    monster: "Monster", curse: "Fluch", race: "Rasse", class: "Klasse", monster_enhancer: "Monsterverstärker",
    monster_enhancer_enhancer: "Verstärker für Verstärker", mate: "Kumpel", wandering_monster: "Wandelndes Monster",
    super_munchkin: "Super-Munchkin", half_breed: "Halbblut", item: "Gegenstand", one_shot: "Einmalig",
    level_up: "Stufe aufsteigen", divine_intervention: "Göttliche Intervention", special_treasure: "Besonderer Schatz",
    other: "Sonstiges", hireling: "Gefolgsmann", follower: "Gefolge", minion: "Scherge", henchman: "Handlanger",
    mook: "Lakai", ally: "Verbündeter", companion: "Gefährte", sidekick: "Kumpan", room: "Raum", portal: "Portal",
    trap: "Falle", item_enhancer: "Gegenstandsverstärker", power: "Kraft", style: "Stil", loyalty: "Loyalität",
    training: "Ausbildung", accent: "Akzent", mojo: "Mojo", birthright: "Geburtsrecht", faction: "Fraktion",
    army: "Armee", origin: "Herkunft", headquarters: "Hauptquartier", catastrophe: "Katastrophe", insanity: "Wahnsinn",
  },
};

export function kindName(kind: string): string {
  return KINDS[LANG][kind] ?? plain(kind);
}

const ABILITIES: Record<Lang, Record<string, string>> = {
  en: { berserk: "Berserk", turning: "Turning", "flight-spell": "Flight spell", "charm-spell": "Charm spell",
        backstab: "Backstab", steal: "Steal", "halfling-sale": "Halfling's sale", "halfling-reroll": "Roll again",
        "sacrifice-hireling": "Sacrifice the hireling", "new-contract": "New contract", "keep-big": "Keep a big item" },
  de: { berserk: "Berserker", turning: "Bannen", "flight-spell": "Flugzauber", "charm-spell": "Bezauberungszauber",
        backstab: "Meucheln", steal: "Stehlen", "halfling-sale": "Halblings-Verkauf", "halfling-reroll": "Nochmal würfeln",
        "sacrifice-hireling": "Gefolgsmann opfern", "new-contract": "Neuer Vertrag", "keep-big": "Großen Gegenstand behalten" },
};

export function abilityName(ability: string): string {
  return ABILITIES[LANG][ability] ?? plain(ability);
}

// The labels of a strength's terms (judge/rulesets/munchkin analysis), as the page names them.
const TERMS: Record<Lang, Record<string, string>> = {
  en: {},
  de: { level: "Stufe", item: "Gegenstand", hireling: "Gefolgsmann", room: "Raum", printed: "aufgedruckt",
        other: "Sonstiges", "other modifiers": "andere Änderungen", "one-shot": "Einmalig", monster: "Monster",
        "monster level": "Monsterstufe", "item a follower carries": "Gegenstand des Gefolges", help: "Hilfe",
        floor: "Mindestwert", extra: "Extra", enhancer: "Verstärker", "enhancer on a mook": "Verstärker auf Lakai",
        card: "Karte", "card played": "gespielte Karte", "bad stuff until the next turn": "Schlimmes bis zum nächsten Zug",
        alone: "allein", "race/class": "Rasse/Klasse", "bonus against": "Bonus gegen" },
};

export function termName(label: string): string {
  const words = TERMS[LANG];
  if (words[label]) return words[label];
  const prefix = Object.keys(words).find((k) => label.startsWith(k + " "));
  return prefix ? words[prefix] + label.slice(prefix.length) : label;
}

export const M = {
  en: {
    onSeat: "on", toSeat: "to", forPlayers: "for the players", forMonsters: "for the monsters", on: "on", withCard: "with",
    fromTable: "from the table", use: "use it", carry: "carry it", toBackpack: "to the backpack", rolled: "rolled",
    accept: "yes", decline: "no", helperFirst: "picks first", offers: "offers", gets: "gets", discards: "discards",
    tradeGive: "give", tradeGet: "for", setLevel: "level",
    gold: "gold", big: "big",
    looting: "Looting the body of", nextLooter: "picks next", curseFor: "Curse on the door for", lingering: "Until the next turn",
    epic: "Two doors", fighter: "fights", helper: "helps", asked: "asked for help", drawn: "Drawn treasures",
    picks: "picks next", alterEgoOf: "same player as", adjustment: "Correction proposed by", approvals: "agreed",
  },
  de: {
    onSeat: "auf", toSeat: "an", forPlayers: "für die Spieler", forMonsters: "für die Monster", on: "auf", withCard: "mit",
    fromTable: "vom Tisch", use: "benutzen", carry: "tragen", toBackpack: "in den Rucksack", rolled: "gewürfelt",
    accept: "ja", decline: "nein", helperFirst: "wählt zuerst", offers: "bietet", gets: "bekommt", discards: "wirft ab",
    tradeGive: "gib", tradeGet: "für", setLevel: "Stufe",
    gold: "Gold", big: "groß",
    looting: "Die Leiche wird geplündert:", nextLooter: "wählt als Nächstes", curseFor: "Fluch an der Tür für", lingering: "Bis zum nächsten Zug",
    epic: "Zwei Türen", fighter: "kämpft", helper: "hilft", asked: "um Hilfe gebeten", drawn: "Gezogene Schätze",
    picks: "wählt als Nächstes", alterEgoOf: "gleiche Person wie", adjustment: "Korrektur vorgeschlagen von", approvals: "zugestimmt",
  },
}[LANG];
