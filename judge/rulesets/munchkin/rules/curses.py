"""Curses (000 Flüche, 001 1. Tür öffnen)."""

from __future__ import annotations

from judge.rules.ruling import SEED_000 as S0
from judge.rules.ruling import SEED_001 as S1
from judge.rules.ruling import rule

# ------------------------------------------------------------------ curses
rule("munchkin.curse.lasting-stays", source=S0, section="Flüche",
     quote="Die Karten Geschlechtsumwandlung und Hubn auf deinem Kopf werden nicht sofort abgelegt, sondern bleiben als Gedächtnissstütze liegen, bis ihre Wirkung endet.",
     de="Ein andauernder Fluch bleibt liegen, bis seine Wirkung endet.",
     en="A lasting curse stays in front of you until its effect ends.")
DOOR = "1. Tür öffnen"
rule("munchkin.curse.answer-pending", source=S1, section=DOOR,
     quote="Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="Erst antwortet Platz {seat} auf den Fluch von der Tür: mit einem Gegenmittel oder indem er ihn hinnimmt.",
     en="Seat {seat} first answers the curse from the door: with a counter, or by taking it.",
     when_de="Nachdem das Opfer geantwortet hat; Stufen- und Fluchkarten gehen jederzeit.",
     when_en="Once the victim has answered; level-up cards and curses may be played at any time.")
rule("munchkin.curse.none-pending", source=S1, section=DOOR,
     quote="Die Wirkung der Karte tritt sofort ein, es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="Es wartet kein Fluch von der Tür auf deine Antwort.",
     en="No curse from the door is waiting for your answer.",
     when_de="Wenn du beim Türeintreten einen Fluch aufgedeckt hast.",
     when_en="When you have turned up a curse kicking open the door.")
rule("munchkin.curse.not-a-counter", source=S1, section=DOOR,
     quote="es sei denn, du hast ein Gegenmittel oder bist immun.",
     de="{card} ist kein Gegenmittel gegen einen Fluch.",
     en="{card} does not cancel a curse.",
     when_de="Mit einer Karte, die einen Fluch aufhebt.", when_en="With a card that cancels a curse.")
