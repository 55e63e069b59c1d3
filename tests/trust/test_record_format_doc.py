"""docs/record-format.md, "Checking a record without the judge" and "Chance at
a dealt table": the byte-level definitions there, implemented here from the
text alone, give what the judge computes (judge.domain.chain, judge.rules.chance)."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from judge.domain.chain import canonical_bytes, genesis, key_id_of
from judge.rules import chance
from judge.rulesets.munchkin.dealing import deck_composition
from judge.rulesets.munchkin.ruleset import Munchkin

seeds = st.binary(min_size=32, max_size=32)


def _stream(seed: bytes, label: str) -> Iterator[int]:
    counter = 0
    while True:
        digest = hmac.new(seed, (label + "#" + str(counter)).encode("utf-8"), hashlib.sha256).digest()
        yield from (int.from_bytes(digest[k:k + 8], "big") for k in (0, 8, 16, 24))
        counter += 1


def _below(stream: Iterator[int], n: int) -> int:
    limit = 2**64 - 2**64 % n
    x = next(stream)
    while x >= limit:
        x = next(stream)
    return x % n


def _shuffle(seed: bytes, label: str, items: list[str]) -> list[str]:
    out, stream = list(items), _stream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = _below(stream, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@given(seeds, st.integers(min_value=0, max_value=500))
def test_the_documented_die_is_the_judges(seed: bytes, k: int) -> None:
    assert _below(_stream(seed, f"die:{k}"), 6) + 1 == chance.die(seed, k)


@given(seeds, st.sampled_from(["door", "treasure"]), st.integers(min_value=0, max_value=3))
def test_the_documented_shuffle_of_a_munchkin_deck_is_the_judges(seed: bytes, deck: str, s: int) -> None:
    cards = Munchkin().catalogue(())
    base = deck_composition(cards, deck)
    assert base == sorted(base) and len(base) == sum(c.copies for c in cards.values() if c.deck == deck)
    label = f"{deck}:{s}"
    assert _shuffle(seed, label, base) == chance.shuffled(seed, label, base)


@given(seeds)
def test_the_commitment_hashes_the_seed_bytes(seed: bytes) -> None:
    assert chance.commitment(seed) == hashlib.sha256(seed).hexdigest()


def test_genesis_key_id_and_canonical_json_as_documented() -> None:
    game = "f02052c5-ä"
    assert genesis(game) == hashlib.sha256(b"judge-chain/1\x00" + game.encode("utf-8")).hexdigest()
    assert key_id_of(bytes(range(32))) == hashlib.sha256(bytes(range(32))).hexdigest()[:16]
    data = {"b": [1, {"z": "\u001b\n/\u2028\x7f", "a": -3}], "a": "Ä😀", "\U0001f600": None, "\uffff": True}
    expected = '{"a":"Ä😀","b":[1,{"a":-3,"z":"\\u001b\\n/\u2028\x7f"}],"\uffff":true,"\U0001f600":null}'
    assert canonical_bytes(data) == expected.encode("utf-8")
    assert json.loads(expected) == data
