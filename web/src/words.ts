// The page's own words in the browser's language (German or English), with plural forms; the
// judge's texts (what it waits for, rulings, summaries) follow the same Accept-Language header the
// page sends with every call. Every word a player reads on the page comes from here or from a
// family's words (families/<family>/words.ts): no field name, enum or id is shown as it is.

export type Lang = "de" | "en";

export const LANG: Lang = navigator.language.toLowerCase().startsWith("de") ? "de" : "en";

/** A count with its noun in the right plural form ("1 card", "2 cards"; "1 Karte", "2 Karten"). */
export type Plural = { one: string; other: string };

const RULES = new Intl.PluralRules(LANG);

export function plural(n: number, forms: Plural): string {
  return `${n} ${RULES.select(n) === "one" ? forms.one : forms.other}`;
}

/** Pick this page's language from a pair of texts. */
export function tr(texts: Record<Lang, string>): string {
  return texts[LANG];
}

const WORDS = {
  en: {
    turn: "Turn", turnOf: "turn", waiting: "Waiting for", winners: "Won", level: "Level",
    strength: "Strength", hand: "Hand", yourHand: "Your hand", handOf: "Hand of", unknownCards: { one: "unknown card", other: "unknown cards" },
    cards: { one: "card", other: "cards" }, levels: { one: "level", other: "levels" }, treasures: { one: "treasure", other: "treasures" },
    events: { one: "event", other: "events" }, openDisputes: { one: "open dispute", other: "open disputes" },
    combat: "Combat", with: "with", players: "Players", monsters: "Monsters", gone: "gone",
    closesIn: "Window closes in", closed: "The window is closed", noWindowCards: "Nothing of yours fits into this fight now.",
    live: "live", retrying: "Connection lost: trying again in", seconds: "s",
    refusedStream: "The judge refused the live connection: trying again in", lastKnown: "showing the last known state",
    finished: "Game over", ask: "May I play it?", yes: "Yes, now.", no: "No:",
    legalWhen: "Legal when", refused: "Refused:", invalid: "Not accepted:", done: "Done:", close: "Close",
    open: "Open this page with the link judge new (or judge event register) printed for your seat.",
    actions: "What you may do now", noActions: "Nothing to do right now.", cardId: "card name",
    filter: "Find a card…",
    history: "History", dispute: "Dispute this", reason: "Why?", send: "Open the dispute",
    disputes: "Disputes", queue: "Disputes to decide", onEvent: "about", recheckLegal: "Re-check: the judge would allow it again",
    recheckIllegal: "Re-check: the judge would not allow it now",
    uphold: "Uphold (roll back)", dismiss: "Dismiss", note: "Note", voided: "voided",
    statusOpen: "open", statusUpheld: "upheld", statusDismissed: "dismissed", spectator: "Spectator",
    organizer: "Organizer", forecast: "Forecast", win: "win", margin: "margin",
    runs: "Running away", needs: "needs", escapes: "escapes without a roll", noDie: "no roll escapes",
    claim: "Claim the win", playersNeed: "The players need", you: "you", turnBadge: "to play",
    dead: "dead", items: "Items", carried: "carried",
    otherCharacter: "Your other character", noHand: "No cards in your hand.",
    breakdown: "How it adds up", life: "Life", table: "Table", graveyard: "Graveyard", round: "Round",
    stack: "Stack", protectedBy: "protected by", mustPlay: "Must be played at once",
    drawPiles: "Draw piles", door: "Doors", treasure: "Treasures",
    offline: "offline", fromHand: "Green-framed cards of your hand can be played now: tap one.",
    nextTable: "This table is over. Your link opens your next table once the next round has started.",
    openNext: "Open my next table",
    newCard: "The judge does not know this card yet: describe it once and the table goes on.",
    defineKind: "Kind of card", defineText: "Card text (whatever the numbers do not say)",
    defineTextHint: "e.g. bad stuff, what the card does", defineSend: "Define and play",
    defineFailed: "Not taken: see the answer above.", correct: "Correct this card",
    correctLead: "Correct a misread number: rulings made before stand as they were made.",
    correctSend: "Save the correction", corrected: "Corrected.",
  },
  de: {
    turn: "Am Zug", turnOf: "Zug", waiting: "Wartet auf", winners: "Gewonnen", level: "Stufe",
    strength: "Kampfstärke", hand: "Hand", yourHand: "Deine Hand", handOf: "Hand von", unknownCards: { one: "unbekannte Karte", other: "unbekannte Karten" },
    cards: { one: "Karte", other: "Karten" }, levels: { one: "Stufe", other: "Stufen" }, treasures: { one: "Schatz", other: "Schätze" },
    events: { one: "Ereignis", other: "Ereignisse" }, openDisputes: { one: "offener Einspruch", other: "offene Einsprüche" },
    combat: "Kampf", with: "mit", players: "Spieler", monsters: "Monster", gone: "entfernt",
    closesIn: "Fenster schließt in", closed: "Das Fenster ist geschlossen", noWindowCards: "Gerade passt keine deiner Karten in diesen Kampf.",
    live: "live", retrying: "Verbindung verloren: neuer Versuch in", seconds: "s",
    refusedStream: "Der Schiedsrichter hat die Live-Verbindung abgelehnt: neuer Versuch in", lastKnown: "zu sehen ist der letzte bekannte Stand",
    finished: "Spiel vorbei", ask: "Darf ich sie spielen?", yes: "Ja, jetzt.", no: "Nein:",
    legalWhen: "Erlaubt, wenn", refused: "Abgelehnt:", invalid: "Nicht angenommen:", done: "Erledigt:", close: "Schließen",
    open: "Öffne diese Seite mit dem Link, den judge new (oder judge event register) für deinen Platz ausgegeben hat.",
    actions: "Was du jetzt tun darfst", noActions: "Gerade nichts zu tun.", cardId: "Kartenname",
    filter: "Karte suchen…",
    history: "Verlauf", dispute: "Einspruch erheben", reason: "Warum?", send: "Einspruch einlegen",
    disputes: "Einsprüche", queue: "Zu entscheidende Einsprüche", onEvent: "zu", recheckLegal: "Nachprüfung: der Schiedsrichter würde es wieder erlauben",
    recheckIllegal: "Nachprüfung: der Schiedsrichter würde es jetzt nicht erlauben",
    uphold: "Stattgeben (zurücksetzen)", dismiss: "Abweisen", note: "Notiz", voided: "aufgehoben",
    statusOpen: "offen", statusUpheld: "stattgegeben", statusDismissed: "abgewiesen", spectator: "Zuschauer",
    organizer: "Spielleitung", forecast: "Vorhersage", win: "gewinnen", margin: "Abstand",
    runs: "Weglaufen", needs: "braucht", escapes: "entkommt ohne Wurf", noDie: "kein Wurf entkommt",
    claim: "Sieg beanspruchen", playersNeed: "Den Spielern fehlen", you: "du", turnBadge: "am Zug",
    dead: "tot", items: "Gegenstände", carried: "im Rucksack",
    otherCharacter: "Dein zweiter Charakter", noHand: "Keine Karten auf der Hand.",
    breakdown: "So setzt es sich zusammen", life: "Leben", table: "Tisch", graveyard: "Friedhof", round: "Runde",
    stack: "Stapel", protectedBy: "geschützt durch", mustPlay: "Sofort zu spielen",
    drawPiles: "Stapel", door: "Türen", treasure: "Schätze",
    offline: "offline", fromHand: "Grün umrandete Karten deiner Hand kannst du jetzt spielen: tippe eine an.",
    nextTable: "Dieser Tisch ist vorbei. Dein Link öffnet deinen nächsten Tisch, sobald die nächste Runde begonnen hat.",
    openNext: "Meinen nächsten Tisch öffnen",
    newCard: "Diese Karte kennt der Schiedsrichter noch nicht: einmal beschreiben, dann geht es weiter.",
    defineKind: "Kartenart", defineText: "Kartentext (was die Zahlen nicht sagen)",
    defineTextHint: "z. B. Schlimme Dinge, was die Karte tut", defineSend: "Festlegen und spielen",
    defineFailed: "Nicht angenommen: siehe die Antwort oben.", correct: "Karte korrigieren",
    correctLead: "Eine falsch gelesene Zahl korrigieren: frühere Entscheidungen bleiben, wie sie getroffen wurden.",
    correctSend: "Korrektur speichern", corrected: "Korrigiert.",
  },
};

export const W = WORDS[LANG];

// The rulesets by their titles (a ruleset the page does not know reads as its name).
const RULESETS: Record<string, Record<Lang, string>> = {
  munchkin: { de: "Munchkin", en: "Munchkin" }, babys: { de: "Munchkin Babys", en: "Munchkin Babies" },
  star: { de: "Star Munchkin", en: "Star Munchkin" }, mixer: { de: "Munchkin im Mixer", en: "Munchkin Mixer" },
  monkic: { de: "monkic", en: "monkic" },
};

export function rulesetTitle(ruleset: string): string {
  return RULESETS[ruleset]?.[LANG] ?? plain(ruleset);
}

// The phases of a turn (GameView.phase) and the stages of a combat (CombatView.stage) as the page
// names them; one not listed reads as a neutral dash-free word.
const PHASES: Record<Lang, Record<string, string>> = {
  en: { start: "start of the turn", combat: "combat", "after-door": "after the door", charity: "charity",
        opening: "opening", play: "play", over: "over" },
  de: { start: "Anfang des Zugs", combat: "Kampf", "after-door": "nach der Tür", charity: "Wohltätigkeit",
        opening: "Eröffnung", play: "Spiel", over: "vorbei" },
};
const STAGES: Record<Lang, Record<string, string>> = {
  en: { fighting: "fighting", claimed: "win claimed", running: "running away", treasures: "treasures",
        "bad-stuff": "bad stuff" },
  de: { fighting: "es wird gekämpft", claimed: "Sieg beansprucht", running: "Weglaufen", treasures: "Schätze",
        "bad-stuff": "Schlimme Dinge" },
};

/** An identifier made readable, for a word no dictionary of the page has yet: "after-door" → "after door". */
export function plain(id: string): string {
  return id.replace(/[-_]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().trim();
}

export function phaseName(phase: string): string {
  return PHASES[LANG][phase] ?? plain(phase);
}

export function stageName(stage: string): string {
  return STAGES[LANG][stage] ?? plain(stage);
}

// The kinds of action (LegalAction.kind) as the page names them.
const KINDS: Record<Lang, Record<string, string>> = {
  en: {
    accept_trade: "Accept the trade", activate_trap: "Activate the trap", answer_curse: "Answer the curse",
    answer_help: "Answer the call for help", ask_for_help: "Ask for help", attack: "Attack",
    cancel_trade: "Withdraw the trade", choose_card: "Choose a card", claim_victory: "Claim the win",
    confirm_adjustment: "Confirm the correction", deal: "Deal", destroy_trap: "Destroy the trap",
    discard_card: "Discard", draw: "Draw", draw_treasures: "Draw treasures", end_turn: "End the turn",
    exchange: "Exchange", give_item: "Give an item", give_up: "Give up", kick_door: "Kick open the door",
    kick_two_doors: "Kick open two doors", look_for_trouble: "Look for trouble", loot_corpse: "Loot the body",
    loot_room: "Loot the room", pass_in_round: "Pass", pick_treasure: "Take a treasure", play_card: "Play a card", play_curse: "Play a curse",
    propose_trade: "Offer a trade", protect: "Protect", record_adjustment: "Record a correction",
    report_opening: "Report the opening", resolve: "Answer", resolve_combat: "Close the combat",
    reveal_card: "Name a card", roll_die: "Roll the die", run_away: "Run away", search_joker: "Look for a joker",
    sell_items: "Sell items", set_item_in_use: "Use or carry", suffer_bad_stuff: "Take the bad stuff",
    take_to_hand: "Take into the hand", use_ability: "Use an ability",
  },
  de: {
    accept_trade: "Tausch annehmen", activate_trap: "Falle auslösen", answer_curse: "Fluch beantworten",
    answer_help: "Hilfe beantworten", ask_for_help: "Um Hilfe bitten", attack: "Angreifen",
    cancel_trade: "Tausch zurückziehen", choose_card: "Karte wählen", claim_victory: "Sieg beanspruchen",
    confirm_adjustment: "Korrektur bestätigen", deal: "Austeilen", destroy_trap: "Falle zerstören",
    discard_card: "Abwerfen", draw: "Ziehen", draw_treasures: "Schätze ziehen", end_turn: "Zug beenden",
    exchange: "Tauschen", give_item: "Gegenstand geben", give_up: "Aufgeben", kick_door: "Tür eintreten",
    kick_two_doors: "Zwei Türen eintreten", look_for_trouble: "Ärger suchen", loot_corpse: "Leiche plündern",
    loot_room: "Raum plündern", pass_in_round: "Passen", pick_treasure: "Schatz nehmen", play_card: "Karte spielen", play_curse: "Fluch spielen",
    propose_trade: "Tausch anbieten", protect: "Schützen", record_adjustment: "Korrektur eintragen",
    report_opening: "Eröffnung melden", resolve: "Beantworten", resolve_combat: "Kampf abschließen",
    reveal_card: "Karte nennen", roll_die: "Würfeln", run_away: "Weglaufen", search_joker: "Joker suchen",
    sell_items: "Gegenstände verkaufen", set_item_in_use: "Benutzen oder tragen", suffer_bad_stuff: "Schlimme Dinge erleiden",
    take_to_hand: "Auf die Hand nehmen", use_ability: "Fähigkeit nutzen",
  },
};

export function kindWord(kind: string): string {
  return KINDS[LANG][kind] ?? plain(kind);
}
