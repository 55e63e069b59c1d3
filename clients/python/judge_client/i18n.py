"""What a player reads, in their language: the standard gettext machinery.

The messages live in ``judge_client/locale/<lang>/LC_MESSAGES/judge.po``;
``python scripts/compile_messages.py`` compiles each to the ``judge.mo`` beside
it, which is what is read here (a test fails when a ``.mo`` is stale). English
is the source language: an English reader gets the message ids themselves.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "judge"


@functools.cache
def translation(lang: str) -> gettext.NullTranslations:
    """The translations for ``lang`` ("de", "en", ...); English: the ids themselves."""
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def N_(message: str) -> str:
    """Marks a message for translation where it is defined; ``tr`` translates it where it is shown."""
    return message


# Words shown from data: card kinds and slots (judge cards, judge view).
WORDS = (
    N_("monster"), N_("curse"), N_("race"), N_("class"), N_("monster_enhancer"), N_("monster_enhancer_enhancer"),
    N_("mate"), N_("wandering_monster"), N_("super_munchkin"), N_("half_breed"), N_("item"), N_("one_shot"),
    N_("level_up"), N_("divine_intervention"), N_("special_treasure"), N_("other"), N_("hireling"), N_("room"),
    N_("trap"), N_("item_enhancer"), N_("headgear"), N_("armor"), N_("footgear"), N_("1hand"), N_("2hands"),
    # actions, as an event summary names an action it has no sentence for
    N_("accept trade"), N_("answer curse"), N_("answer help"), N_("ask for help"), N_("cancel trade"),
    N_("choose card"), N_("claim victory"), N_("confirm adjustment"), N_("deal"), N_("discard card"),
    N_("draw treasures"), N_("end turn"), N_("give item"), N_("give up"), N_("kick door"), N_("look for trouble"),
    N_("loot corpse"), N_("loot room"), N_("pick treasure"), N_("play card"), N_("propose trade"),
    N_("record adjustment"), N_("resolve combat"), N_("reveal card"), N_("roll die"), N_("run away"),
    N_("sell items"), N_("set item in use"), N_("suffer bad stuff"), N_("use ability"),
)


def tr(lang: str, message: str, **values: object) -> str:
    """``message`` in ``lang``, its ``{placeholders}`` filled with ``values``."""
    text = translation(lang).gettext(message)
    return text.format(**values) if values else text


def ntr(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """A message with a number in it: the singular or plural form ``lang`` uses for ``n``."""
    text = translation(lang).ngettext(singular, plural, n)
    return text.format(n=n, **values)
