// The page's own words in the browser's language (German or English); the
// judge's texts (what it waits for, rulings, summaries) follow the same
// Accept-Language header the page sends with every call.
const WORDS = {
  en: {
    turn: "Turn", turnNumber: "turn", waiting: "Waiting for", winners: "Winners", player: "Player", level: "Level", race: "Race",
    class: "Class", items: "Items", hand: "Hand", yourHand: "Your hand", handOf: "Hand of", unknown: "unknown",
    combat: "Combat", with: "with", players: "Players", monsters: "Monsters", strength: "strength", gone: "gone",
    closesIn: "The window closes in", closed: "The window is closed", live: "live", finished: "finished",
    active: "active", version: "version", ask: "May I play it?", play: "Play", yes: "Yes, now.", no: "No:",
    legalWhen: "Legal when", refused: "Refused:", invalid: "Not accepted:", done: "Done:",
    open: "Open this page with #game=GAME_ID&token=TOKEN (the link judge new prints for each seat).",
    actions: "What you may do now", noActions: "Nothing to do right now.", cardId: "card",
    events: "What happened", dispute: "Dispute", reason: "Why?", send: "Open the dispute",
    disputes: "Disputes", byOn: "about version", recheckLegal: "re-check: legal", recheckIllegal: "re-check: not legal",
    uphold: "Uphold (roll back)", dismiss: "Dismiss", note: "Note", voided: "voided",
    open_: "open", upheld: "upheld", dismissed: "dismissed", spectator: "Spectator (read-only)",
    organizer: "Organizer", seatOf: "Seat of", forecast: "Forecast", wins: "win", margin: "margin",
    runs: "Running away", needs: "needs", escapes: "escapes without a roll", noDie: "no die escapes",
    treasures: "treasures", levels: "levels", claim: "Claim the win", power: "Strength", playersNeed: "the players need",
  },
  de: {
    turn: "Am Zug", turnNumber: "Zug", waiting: "Wartet auf", winners: "Gewonnen", player: "Spieler", level: "Stufe", race: "Rasse",
    class: "Klasse", items: "Gegenstände", hand: "Hand", yourHand: "Deine Hand", handOf: "Hand von", unknown: "unbekannt",
    combat: "Kampf", with: "mit", players: "Spieler", monsters: "Monster", strength: "Kampfstärke", gone: "entfernt",
    closesIn: "Das Fenster schließt in", closed: "Das Fenster ist geschlossen", live: "live", finished: "beendet",
    active: "läuft", version: "Version", ask: "Darf ich sie spielen?", play: "Spielen", yes: "Ja, jetzt.", no: "Nein:",
    legalWhen: "Erlaubt, wenn", refused: "Abgelehnt:", invalid: "Nicht angenommen:", done: "Erledigt:",
    open: "Öffne diese Seite mit #game=SPIEL_ID&token=TOKEN (den Link, den judge new für jeden Platz ausgibt).",
    actions: "Was du jetzt tun darfst", noActions: "Gerade nichts zu tun.", cardId: "Karte",
    events: "Was geschah", dispute: "Einspruch", reason: "Warum?", send: "Einspruch erheben",
    disputes: "Einsprüche", byOn: "zu Version", recheckLegal: "Nachprüfung: erlaubt",
    recheckIllegal: "Nachprüfung: nicht erlaubt", uphold: "Stattgeben (zurücksetzen)", dismiss: "Abweisen",
    note: "Notiz", voided: "aufgehoben", open_: "offen", upheld: "stattgegeben", dismissed: "abgewiesen",
    spectator: "Zuschauer (nur lesen)", organizer: "Spielleitung", seatOf: "Platz von", forecast: "Vorhersage",
    wins: "gewinnen", margin: "Abstand", runs: "Weglaufen", needs: "braucht", escapes: "entkommt ohne Wurf",
    noDie: "kein Wurf entkommt", treasures: "Schätze", levels: "Stufen", claim: "Sieg beanspruchen", power: "Stärke", playersNeed: "den Spielern fehlen",
  },
};

export const LANG: "de" | "en" = navigator.language.toLowerCase().startsWith("de") ? "de" : "en";
export const W = WORDS[LANG];

// The phases of a turn (GameView.phase) and the stages of a combat (CombatView.stage) as the page
// names them; one not listed reads as the judge's word.
const PHASES: Record<"de" | "en", Record<string, string>> = {
  en: {},
  de: {
    start: "Anfang", combat: "Kampf", "after-door": "nach der Tür", charity: "Wohltätigkeit",
    opening: "Eröffnung", play: "Spiel", over: "vorbei",
  },
};
const STAGES: Record<"de" | "en", Record<string, string>> = {
  en: {},
  de: { fighting: "es wird gekämpft", claimed: "Sieg beansprucht", running: "Weglaufen", treasures: "Schätze" },
};

export function phaseName(phase: string): string {
  return PHASES[LANG][phase] ?? phase;
}

export function stageName(stage: string): string {
  return STAGES[LANG][stage] ?? stage;
}

// The kinds of action (LegalAction.kind) as the page names them; a kind not listed reads as its id.
const KINDS: Record<"de" | "en", Record<string, string>> = {
  en: {},
  de: {
    accept_trade: "Tausch annehmen", activate_trap: "Falle auslösen", answer_curse: "Fluch beantworten",
    answer_help: "Hilfe beantworten", ask_for_help: "um Hilfe bitten", attack: "angreifen",
    cancel_trade: "Tausch zurückziehen", choose_card: "Karte wählen", claim_victory: "Sieg beanspruchen",
    confirm_adjustment: "Korrektur bestätigen", deal: "austeilen", destroy_trap: "Falle zerstören",
    discard_card: "Karte abwerfen", draw: "ziehen", draw_treasures: "Schätze ziehen", end_turn: "Zug beenden",
    exchange: "tauschen", give_item: "Gegenstand geben", give_up: "aufgeben", kick_door: "Tür eintreten",
    look_for_trouble: "Ärger suchen", loot_corpse: "Leiche plündern", loot_room: "Raum plündern",
    pick_treasure: "Schatz nehmen", play_card: "Karte spielen", play_curse: "Fluch spielen",
    propose_trade: "Tausch anbieten", protect: "schützen", record_adjustment: "Korrektur eintragen",
    report_opening: "Eröffnung melden", resolve: "auflösen", resolve_combat: "Kampf abschließen",
    reveal_card: "Karte aufdecken", roll_die: "würfeln", run_away: "weglaufen", search_joker: "Joker suchen",
    sell_items: "Gegenstände verkaufen", set_item_in_use: "Gegenstand benutzen", suffer_bad_stuff: "Schlimmes erleiden",
    take_to_hand: "auf die Hand nehmen", use_ability: "Fähigkeit nutzen",
  },
};

export function kindWord(kind: string): string {
  return KINDS[LANG][kind] ?? kind.replace(/_/g, " ");
}
