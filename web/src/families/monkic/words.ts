// The monkic family's words, in German and English.
import { LANG, plain, type Lang } from "../../words";

export const K = {
  en: {
    toHand: "to the hand", toTable: "to the table", on: "on", rolled: "rolled", defence: "defence rolled",
    giving: "giving", also: "also", under: "under", guardStays: "the card falls, the guard stays",
    lifeOf: "Life points", barredAll: "may not attack this turn", barredHand: "may not attack hand cards this turn",
    pending: "Waiting for", attacks: "attacked", borrowed: "borrowed", trapActive: "trap active", xxl: "XXL cards left",
    drew: "drawn", took: "taken to the hand", empty: "empty", lifePoints: { one: "life point", other: "life points" },
  },
  de: {
    toHand: "auf die Hand", toTable: "auf den Tisch", on: "auf", rolled: "gewürfelt", defence: "Abwehr gewürfelt",
    giving: "gibt", also: "auch", under: "unter", guardStays: "die Karte stirbt, der Schutz bleibt",
    lifeOf: "Lebenspunkte", barredAll: "darf in diesem Zug nicht angreifen", barredHand: "darf in diesem Zug keine Handkarten angreifen",
    pending: "Es wartet", attacks: "hat angegriffen", borrowed: "geliehen", trapActive: "Falle aktiv", xxl: "XXL-Karten übrig",
    drew: "gezogen", took: "auf die Hand genommen", empty: "leer", lifePoints: { one: "Lebenspunkt", other: "Lebenspunkte" },
  },
}[LANG];

const PENDING: Record<Lang, Record<string, string>> = {
  en: { "last-trick": "SuperPower's last trick", revival: "Elemente's revival", vampir: "the Vampir's draw",
        reaper: "the Reaper's card", "graveyard-fight": "the graveyard fight", "graveyard-win": "the graveyard's winner" },
  de: { "last-trick": "den letzten Trick von SuperPower", revival: "die Wiederbelebung durch Elemente", vampir: "den Zug des Vampirs",
        reaper: "die Karte des Reapers", "graveyard-fight": "den Friedhofskampf", "graveyard-win": "den Sieger des Friedhofs" },
};

export function pendingName(kind: string): string {
  return PENDING[LANG][kind] ?? plain(kind);
}

const KINDS: Record<Lang, Record<string, string>> = {
  en: { monster: "Monster", figure: "Figure", curse: "Curse", joker: "Joker", xxl: "XXL card", superpower: "Special card",
        elemente: "Special card" },
  de: { monster: "Monster", figure: "Figur", curse: "Fluch", joker: "Joker", xxl: "XXL-Karte", superpower: "Sonderkarte",
        elemente: "Sonderkarte" },
};

export function kindName(kind: string): string {
  return KINDS[LANG][kind] ?? plain(kind);
}
