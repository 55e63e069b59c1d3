"""What a player reads, in their language: the standard gettext machinery.

The messages live in ``judge/common/locale/<lang>/LC_MESSAGES/judge.po``;
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


def tr(lang: str, message: str, **values: object) -> str:
    """``message`` in ``lang``, its ``{placeholders}`` filled with ``values``."""
    text = translation(lang).gettext(message)
    return text.format(**values) if values else text


def ntr(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """A message with a number in it: the singular or plural form ``lang`` uses for ``n``."""
    text = translation(lang).ngettext(singular, plural, n)
    return text.format(n=n, **values)
