// The board page's own words (an event's live board, board.ts) in German and English, with plural
// forms; the words both pages use (live, offline, retrying, the refusals) are the table page's
// (words.ts). No field name, enum or id is shown as it is.
import { LANG, type Plural } from "./words";

const BOARD = {
  en: {
    organizer: "Organizer", spectator: "Board",
    open: "Open this page with the board link judge event create printed (organizer or spectators).",
    round: "Round", of: "of", final: "Final table", noRound: "No round has started yet.",
    timeCalled: "Time called", finished: "The event is over", table: "Table",
    playing: "playing", done: "done", stopped: "stopped (time called)",
    turn: "to play", leads: "leads", windowCloses: "Window closes in", seconds: "s",
    events: { one: "event", other: "events" } as Plural,
    openDisputes: { one: "open dispute", other: "open disputes" } as Plural,
    tables: { one: "table", other: "tables" } as Plural,
    players: { one: "player", other: "players" } as Plural,
    bye: "Bye", queue: "Disputes to decide", noDisputes: "No open dispute.",
    disputes: "disputes", aboutEvent: "event", reason: "Reason",
    recheckLegal: "Re-check: the judge would allow it again", recheckIllegal: "Re-check: the judge would not allow it now",
    note: "Note for the record", uphold: "Uphold (roll the table back)", dismiss: "Dismiss",
    upheld: "Upheld", dismissed: "Dismissed", atTable: "at table",
    standings: "Standings", after: "after round", noResults: "No results yet.",
    rank: "Rank", player: "Player", points: "Points", score: "Score", opponents: "Opponents' points",
    headToHead: "Head to head", played: "Tables", dropped: "dropped",
    finalOrder: "Final table", place: "Place",
  },
  de: {
    organizer: "Turnierleitung", spectator: "Anzeigetafel",
    open: "Öffne diese Seite mit dem Link zur Anzeigetafel, den judge event create ausgegeben hat (Turnierleitung oder Zuschauer).",
    round: "Runde", of: "von", final: "Finaltisch", noRound: "Noch hat keine Runde begonnen.",
    timeCalled: "Zeit abgelaufen", finished: "Das Turnier ist vorbei", table: "Tisch",
    playing: "läuft", done: "fertig", stopped: "beendet (Zeit abgelaufen)",
    turn: "am Zug", leads: "führt", windowCloses: "Fenster schließt in", seconds: "s",
    events: { one: "Ereignis", other: "Ereignisse" } as Plural,
    openDisputes: { one: "offener Einspruch", other: "offene Einsprüche" } as Plural,
    tables: { one: "Tisch", other: "Tische" } as Plural,
    players: { one: "Spieler", other: "Spieler" } as Plural,
    bye: "Freilos", queue: "Zu entscheidende Einsprüche", noDisputes: "Kein offener Einspruch.",
    disputes: "Einsprüche", aboutEvent: "Ereignis", reason: "Grund",
    recheckLegal: "Nachprüfung: der Schiedsrichter würde es wieder erlauben",
    recheckIllegal: "Nachprüfung: der Schiedsrichter würde es jetzt nicht erlauben",
    note: "Notiz für das Protokoll", uphold: "Stattgeben (Tisch zurücksetzen)", dismiss: "Abweisen",
    upheld: "Stattgegeben", dismissed: "Abgewiesen", atTable: "an Tisch",
    standings: "Tabelle", after: "nach Runde", noResults: "Noch keine Ergebnisse.",
    rank: "Platz", player: "Spieler", points: "Punkte", score: "Wertung", opponents: "Punkte der Gegner",
    headToHead: "Direkter Vergleich", played: "Tische", dropped: "ausgeschieden",
    finalOrder: "Finaltisch", place: "Platz",
  },
};

export const B = BOARD[LANG];

// What a player's score at a table is, by ruleset (its table_places hook: a Munchkin level, monkic's
// life points); a ruleset the page does not know has a plain "score".
const SCORES: Record<string, Record<"de" | "en", string>> = {
  munchkin: { de: "Stufe", en: "Level" }, babys: { de: "Stufe", en: "Level" }, star: { de: "Stufe", en: "Level" },
  mixer: { de: "Stufe", en: "Level" }, monkic: { de: "Leben", en: "Life" },
};

export function scoreWord(ruleset: string): string {
  return SCORES[ruleset]?.[LANG] ?? B.score;
}

/** "disputes Ben about event 7": who disputes which event, in the page's language. */
export function disputeLine(player: string, version: bigint): string {
  return LANG === "de" ? `${player} erhebt Einspruch gegen Ereignis ${version}`
    : `${player} disputes event ${version}`;
}
