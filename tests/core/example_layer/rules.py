"""The example layer's rules: ids ``example.*`` citing its own seed (003)."""

from __future__ import annotations

from judge.rules.ruling import SEED_003, RuleBook

EXAMPLE = RuleBook("example", SEED_003)

EXAMPLE.rule("snatch.in-combat", section="Rassen / Klassen",
             quote="Beachte, dass ein Krümeldieb nicht stehlen darf, wenn er oder sein Ziel sich im Kampf befindet "
                   "– sobald das Monster aufgedeckt wird, läuft der Kampf!",
             de="Während eines Kampfes darf niemand stehlen: sobald das Monster aufgedeckt ist, läuft der Kampf.",
             en="Nobody may steal during a combat: it starts when the monster is turned up.",
             when_de="Nach dem Kampf.", when_en="After the combat.")
EXAMPLE.rule("snatch.thieves-only", section="Babys und Munchkin",
             quote="Alle Regeln und Einschränkungen für Elfen gelten also auch für Elflinge, die für Diebe auch "
                   "für Krümeldiebe, die für Krieger auch für Wadenbeißer usw.",
             de="Stehlen darf nur, wer als Dieb zählt.", en="Only a character that counts as a thief may steal.",
             when_de="Wenn du als Dieb zählst.", when_en="When you count as a thief.")
