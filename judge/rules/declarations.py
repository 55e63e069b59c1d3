"""What a ruleset declares about its set-up, and the checks every ruleset shares.

A ruleset declares, as data:

* ``min_seats`` / ``max_seats``: how many play;
* ``seat_traits``: the traits each seat carries (Munchkin: ``sex``, male or
  female; a game without any declares none), as ``TraitSpec``;
* ``options``: the options a game may be created with, as ``OptionSpec``
  (name, type, default, allowed range, a one-line doc);
* ``variants`` (names) with ``variant_docs`` (name -> one-line doc);
* ``modes``: the table modes it judges ("reported", "dealt");
* ``card_kinds``: the kinds of cards it knows.

``check_setup`` judges a ``GameSetup`` against these declarations
(``InvalidArgument`` naming the field); a ruleset's ``validate_setup``
calls it and adds what only it knows. ``describe`` gives the declarations
in one plain value, for the ``ListRulesets`` call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.common.errors import InvalidArgument
from judge.common.i18n import N_, Said, nsaid, said
from judge.rules.engine import GameSetup, action_table

SEED_OPTION = "seed_sha256"
"""The judge's commitment to a dealt game's secret seed: set by the judge
when it creates a dealt game, never by a caller, for every ruleset."""

MAX_NAME_LENGTH = 64
OPTION_TYPES = ("int", "bool", "string")


@dataclass(frozen=True)
class TraitSpec:
    """A trait every seat carries (e.g. Munchkin's ``sex``)."""

    name: str
    values: tuple[str, ...]
    doc: str

    def __post_init__(self) -> None:
        if self.name == "name" or not self.values:
            raise ValueError(f"seat trait {self.name!r}: a trait is not called 'name' and has values")


@dataclass(frozen=True)
class OptionSpec:
    """An option of a ruleset. ``type`` is "int", "bool" or "string";
    ``minimum``/``maximum`` bound an int (None: unbounded)."""

    name: str
    type: str
    default: Any
    doc: str
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option {self.name}: type must be one of {', '.join(OPTION_TYPES)}")
        if self.problem(self.default) is not None:
            raise ValueError(f"option {self.name}: the default {self.default!r} is not allowed")

    def problem(self, value: Any) -> Said | None:
        """What is wrong with ``value`` for this option (None: nothing)."""
        if self.type == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                return said(N_("must be an integer"))
            if (self.minimum is not None and value < self.minimum) or \
                    (self.maximum is not None and value > self.maximum):
                if self.maximum is None:
                    return said(N_("must be at least {low}"), low=self.minimum)
                if self.minimum is None:
                    return said(N_("must be at most {high}"), high=self.maximum)
                return said(N_("must be {low} to {high}"), low=self.minimum, high=self.maximum)
        elif self.type == "bool":
            if not isinstance(value, bool):
                return said(N_("must be true or false"))
        elif not isinstance(value, str):
            return said(N_("must be a text"))
        return None

    def parse(self, text: str) -> Any:
        """The value a text stands for (as typed on a command line or sent
        in ``GameOptions.values``); ``ValueError`` if it stands for none."""
        if self.type == "int":
            try:
                return int(text.strip())
            except ValueError:
                raise ValueError(f"{text!r} is not an integer") from None
        if self.type == "bool":
            word = text.strip().lower()
            if word in ("true", "yes", "on", "1"):
                return True
            if word in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"{text!r} is not true or false")
        return text

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "default": self.default, "doc": self.doc,
                "minimum": self.minimum, "maximum": self.maximum}


@dataclass(frozen=True)
class VariantSpec:
    """A variant a game may be created with."""

    name: str
    doc: str


def seat_traits(ruleset: Any) -> tuple[TraitSpec, ...]:
    return tuple(getattr(ruleset, "seat_traits", ()))


def options_of(ruleset: Any) -> tuple[OptionSpec, ...]:
    return tuple(getattr(ruleset, "options", ()))


def variants_of(ruleset: Any) -> tuple[VariantSpec, ...]:
    docs: Mapping[str, str] = getattr(ruleset, "variant_docs", {})
    return tuple(VariantSpec(name, docs.get(name, "")) for name in getattr(ruleset, "variants", ()))


def modes_of(ruleset: Any) -> tuple[str, ...]:
    return tuple(getattr(ruleset, "modes", ("reported",)))


def option(ruleset: Any, setup: GameSetup, name: str) -> Any:
    """The value of option ``name`` in ``setup``, or its declared default."""
    for spec in options_of(ruleset):
        if spec.name == name:
            return setup.options.get(name, spec.default)
    raise KeyError(f"{getattr(ruleset, 'name', ruleset)} declares no option {name!r}")


def check_setup(ruleset: Any, setup: GameSetup) -> None:
    """Judge ``setup`` against what ``ruleset`` declares: the number of seats,
    the seats' names and traits, the variants, the mode and the options
    (known, of their type, in their range), and the dealt table's seed
    commitment. Raises ``InvalidArgument`` naming the first field at fault."""
    name = getattr(ruleset, "name", "?")
    n = len(setup.seats)
    low, high = int(getattr(ruleset, "min_seats", 1)), int(getattr(ruleset, "max_seats", 16))
    if not low <= n <= high:
        if low == high:
            raise InvalidArgument("seats", nsaid(N_("{name} is played by exactly {n} player, got {got}"),
                                                 N_("{name} is played by exactly {n} players, got {got}"), low,
                                                 name=name, got=n))
        raise InvalidArgument("seats", said(N_("{name} is played by {low} to {high} players, got {n}"), name=name,
                                            low=low, high=high, n=n))
    traits = {t.name: t for t in seat_traits(ruleset)}
    for i, seat in enumerate(setup.seats):
        if not seat.name.strip() or len(seat.name) > MAX_NAME_LENGTH:
            raise InvalidArgument(f"seats[{i}].name", said(N_("must be 1 to {high} characters"), high=MAX_NAME_LENGTH))
        for key in seat.traits:
            if key not in traits:
                known: object = ", ".join(traits) or said(N_("none"))
                raise InvalidArgument(f"seats[{i}].traits.{key}", said(
                    N_("{name} has no seat trait \"{key}\" (known: {known})"), name=name, key=key, known=known))
        for trait in traits.values():
            value = seat.traits.get(trait.name)
            if value not in trait.values:
                raise InvalidArgument(f"seats[{i}].traits.{trait.name}",
                                      said(N_("must be one of {values}"), values=", ".join(trait.values)))
    known_variants = [v.name for v in variants_of(ruleset)]
    for v in setup.variants:
        if v not in known_variants:
            raise InvalidArgument("variants", said(N_("unknown variant \"{variant}\" for {name} (known: {known})"),
                                                   variant=v, name=name,
                                                   known=", ".join(known_variants) or said(N_("none"))))
    if setup.mode not in modes_of(ruleset):
        raise InvalidArgument("mode", said(N_("{name} is played in the modes {modes}"), name=name,
                                           modes=", ".join(modes_of(ruleset))))
    specs = {o.name: o for o in options_of(ruleset)}
    for key, value in setup.options.items():
        if key == SEED_OPTION:
            continue
        spec = specs.get(key)
        if spec is None:
            raise InvalidArgument(f"options.{key}", said(N_("unknown option (known: {known})"),
                                                         known=", ".join(specs) or said(N_("none"))))
        problem = spec.problem(value)
        if problem is not None:
            raise InvalidArgument(f"options.{key}", problem)
    commitment = setup.options.get(SEED_OPTION)
    if setup.mode == "dealt":
        if not (isinstance(commitment, str) and len(commitment) == 64
                and all(ch in "0123456789abcdef" for ch in commitment)):
            raise InvalidArgument(f"options.{SEED_OPTION}", said(N_("a dealt game needs the judge's seed commitment")))
    elif commitment is not None:
        raise InvalidArgument(f"options.{SEED_OPTION}", said(N_("only a dealt game has a seed")))


def describe(ruleset: Any) -> dict[str, Any]:
    """Everything a client needs to create and play a game of ``ruleset``."""
    family = str(getattr(ruleset, "family", ""))
    return {
        "name": ruleset.name,
        "rules_version": f"{ruleset.name}@{ruleset.rules_version}",
        "family": family,
        "title": str(getattr(ruleset, "title", ruleset.name)),
        "min_seats": int(getattr(ruleset, "min_seats", 1)),
        "max_seats": int(getattr(ruleset, "max_seats", 16)),
        "seat_traits": [{"name": t.name, "values": list(t.values), "doc": t.doc} for t in seat_traits(ruleset)],
        "options": [o.describe() for o in options_of(ruleset)],
        "variants": [{"name": v.name, "doc": v.doc} for v in variants_of(ruleset)],
        "modes": list(modes_of(ruleset)),
        "action_kinds": sorted(action_table(family)),
        "card_kinds": list(getattr(ruleset, "card_kinds", ())),
    }
