"""What a player reads, in their language: the standard gettext machinery.

The messages live in catalogues, one per domain: the judge's and the client's own in
``judge/common/locale/<lang>/LC_MESSAGES/judge.po``, and each game package's in its own
``locale/<lang>/LC_MESSAGES/<domain>.po`` beside its code (a game's sentences travel with the
game: ``add_domain`` makes its catalogue known; a family's domain is named after the family, so its
actions' descriptions are found there too). ``python scripts/compile_messages.py``
compiles each to the ``.mo`` beside it, which is what is read here (a test fails when a ``.mo``
is stale). English is the source language: an English reader gets the message ids themselves.
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "judge"

_DOMAINS: dict[str, Path] = {DOMAIN: LOCALE_DIR}


def add_domain(name: str, localedir: Path) -> str:
    """Makes the catalogues of ``name`` (``localedir/<lang>/LC_MESSAGES/<name>.mo``) known; returns the
    name, for the messages of that domain to carry."""
    if _DOMAINS.get(name, localedir) != localedir:
        raise ValueError(f"the message domain {name!r} is already at {_DOMAINS[name]}")
    _DOMAINS[name] = localedir
    return name


def domains() -> dict[str, Path]:
    """Every known domain and where its catalogues are."""
    return dict(_DOMAINS)


@functools.cache
def _translation(lang: str, domain: str, localedir: Path) -> gettext.NullTranslations:
    return gettext.translation(domain, localedir=localedir, languages=[lang], fallback=True)


def translation(lang: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The translations for ``lang`` ("de", "en", ...) in ``domain``; English, or a domain nobody added:
    the ids themselves."""
    localedir = _DOMAINS.get(domain)
    if localedir is None:
        return gettext.NullTranslations()
    return _translation(lang, domain, localedir)


def N_(message: str) -> str:
    """Marks a message for translation where it is defined; ``tr`` translates it where it is shown."""
    return message


def tr(lang: str, message: str, **values: object) -> str:
    """``message`` in ``lang``, its ``{placeholders}`` filled with ``values``."""
    return dtr(DOMAIN, lang, message, **values)


def ntr(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """A message with a number in it: the singular or plural form ``lang`` uses for ``n``."""
    return dntr(DOMAIN, lang, singular, plural, n, **values)


def dtr(domain: str, lang: str, message: str, **values: object) -> str:
    """``tr`` in the catalogue of ``domain``."""
    text = translation(lang, domain).gettext(message)
    return text.format(**values) if values else text


def dntr(domain: str, lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """``ntr`` in the catalogue of ``domain``."""
    text = translation(lang, domain).ngettext(singular, plural, n)
    return text.format(n=n, **values)


class Said(str):
    """A message for a person, ready to be said in any language: the string itself is its English words
    (so it goes wherever a message goes: an exception, a log), and it keeps its message id, parameters
    (plain values or other ``Said`` messages) and catalogue domain for ``in_lang``."""

    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, object]
    domain: str

    def __new__(cls, msgid: str, params: dict[str, object] | None = None, *, domain: str = DOMAIN,
                plural: str | None = None, n: int | None = None) -> Said:
        values = dict(params or {})
        english = msgid if plural is None or n == 1 else plural
        if plural is not None:
            text = english.format(**{"n": n, **values})
        else:
            text = english.format(**values) if values else english
        said = super().__new__(cls, text)
        said.msgid, said.plural, said.n, said.params, said.domain = msgid, plural, n, values, domain
        return said

    def in_lang(self, lang: str) -> str:
        """The message in ``lang`` (English where the catalogue has no translation)."""
        values = {k: in_lang(v, lang) if isinstance(v, Said) else v for k, v in self.params.items()}
        if self.plural is not None:
            return dntr(self.domain, lang, self.msgid, self.plural, self.n or 0, **values)
        if not values:
            return translation(lang, self.domain).gettext(self.msgid)
        return dtr(self.domain, lang, self.msgid, **values)


def said(message: str, **params: object) -> Said:
    """``message`` (marked with ``N_`` where it is written) with its parameters, to be said in any language."""
    return Said(message, params)


def nsaid(singular: str, plural: str, n: int, **params: object) -> Said:
    """A message with a number in it (``{n}``), to be said in any language."""
    return Said(singular, params, plural=plural, n=n)


def in_lang(text: object, lang: str) -> str:
    """``text`` in ``lang`` where it is a ``Said`` message, else as it is."""
    return text.in_lang(lang) if isinstance(text, Said) else str(text)


def dsaid(domain: str, message: str, **params: object) -> Said:
    """``said`` in the catalogue of ``domain`` (a game package's own messages)."""
    return Said(message, params, domain=domain)
