"""The golden rule (table adjustments) and the dealt table."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

# ------------------------------------------------------------------ the golden rule
GOLD = "SPIELVORBEREITUNGEN"
rule("munchkin.adjustment.one-open", source=S0, section=GOLD,
     quote="Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang!",
     de="Es ist schon eine Absprache offen; erst muss der Tisch darüber entscheiden.",
     en="An adjustment is already open; the table must decide on it first.")
rule("munchkin.adjustment.none-open", source=S0, section=GOLD,
     quote="Goldene Regel: Immer, wenn die Karten den Regeln widersprechen, haben die Karten Vorrang!",
     de="Es ist keine Absprache offen.", en="No adjustment is open.")
rule("munchkin.adjustment.already-answered", source=S0, section=GOLD,
     quote="Jede andere Streitigkeit sollte dadurch geregelt werden, dass ihr euch gegenseitig laut anschreit",
     de="Du hast dieser Absprache schon zugestimmt.", en="You have already agreed to this adjustment.")

# ------------------------------------------------------------------ a chance that goes round the table
rule("munchkin.round.nothing-to-pass", source=S1, section="MUNCHKIN IM MIXER",
     quote="darf reihum jeder Spieler – beginnend mit dem Spieler am Zug – ein weiteres Goth-Monster in den Kampf "
           "werfen",
     de="Gerade geht nichts reihum, bei dem du an der Reihe bist; es gibt nichts zu passen.",
     en="Nothing is going round the table with you to be asked now; there is nothing to pass.",
     when_de="Wenn etwas reihum geht und du an der Reihe bist.",
     when_en="When something goes round the table and you are the one asked.")

# ------------------------------------------------------------------ the dealt table
rule("munchkin.deal.reported-table", source=S0, section="SPIELVORBEREITUNGEN",
     quote="danach erhält jeder Spieler als Anfangskarten 4 Türkarten und 4 Schatzkarten",
     de="An einem Tisch mit echten Karten teilt ihr selbst aus.",
     en="At a table with physical cards you deal yourselves.")
rule("munchkin.deal.done", source=S0, section="SPIELVORBEREITUNGEN",
     quote="danach erhält jeder Spieler als Anfangskarten 4 Türkarten und 4 Schatzkarten",
     de="Die Anfangskarten sind schon ausgeteilt.", en="The opening hands have already been dealt.")
