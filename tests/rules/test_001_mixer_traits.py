"""Munchkin im Mixer (001 "MUNCHKIN IM MIXER"): the bullets about cards of sets the judge does not ship
(Munchkin Fu, Impossible, Freibeuter ...), judged by trait and tag so that they hold for any card that
declares them. Each test uses test cards where our sets print none and names the bullet it checks."""

from __future__ import annotations

from typing import Any

from judge.rulesets.mixer.catalogue import DEMON_BONUS
from tests.rules.harness import A, Table


def mixer(n: int = 3, *, sets: str = "munchkin,babys,star", custom: tuple[dict[str, Any], ...] = (),
          **kw: Any) -> Table:
    return Table(n, ruleset="mixer", window_ms=0, custom=custom, options={"sets": sets}, **kw)


def card(cid: str, name: str, kind: str, deck: str = "door", **fields: Any) -> dict[str, Any]:
    out = {"id": cid, "name": name, "deck": deck, "kind": kind, "set": "t", **fields}
    if kind == "monster":
        out.setdefault("level", 2)
        out.setdefault("treasures", 1)
        out.setdefault("bad_stuff", {})
    return out


def cards(t: Table) -> Any:
    return t.rules.cards_of(t.state)


# ------------------------------------------------------------------ equivalences that are data

def test_namen_knives_guns_bows_dragons_aliens_robots_vehicles_by_their_names() -> None:
    """001: "Alle Karten mit den Begriffen Messer oder Dolch im Namen zählen als Messer", "... Pistole oder
    Gewehr ... als Schusswaffe", "... Bogen ... als Bogen", "Alle Monster mit Alien oder Roboter im Titel zählen
    als Aliens bzw. Roboter", "Alle Monster mit Drache oder Schlange im Titel zählen als Drachen", "jede Karte mit
    den Begriffen Auto oder Wagen im Titel gilt regeltechnisch als Fahrzeug (Ausnahme: Autoflucht 2000)";
    "Alle Laserwaffen gelten als Feuer verwendende Waffen, nicht jedoch als Schusswaffen"."""
    custom = (card("t-gewehr", "Großes Gewehr", "item", "treasure"),
              card("t-lasergewehr", "Lasergewehr", "item", "treasure", tags=["laser", "fire"]),
              card("t-bogen", "Kurzer Bogen", "item", "treasure"),
              card("t-alien", "Alien vom Mars", "monster"), card("t-roboter", "Roboter-Wachhund", "monster"),
              card("t-alien-item", "Alien-Figur", "item", "treasure"),
              card("t-schlange", "Riesenschlange", "monster"), card("t-wagen", "Streitwagen", "item", "treasure"),
              card("t-autoflucht", "Autoflucht 2000", "one_shot", "treasure"))
    c = cards(mixer(custom=custom))
    assert c["plutoniumdrache"].tags == ("dragon",) and c["t-schlange"].tags == ("dragon",)
    assert c["dolch-des-verrats"].tags == ("knife",)
    assert c["t-gewehr"].tags == ("gun",) and c["t-lasergewehr"].tags == ("laser", "fire")
    assert c["t-bogen"].tags == ("bow",)
    assert c["t-alien"].tags == ("alien",) and c["t-roboter"].tags == ("robot",) and c["t-alien-item"].tags == ()
    assert c["t-wagen"].tags == ("vehicle",) and c["t-autoflucht"].tags == ()


def test_verwandte_karten_the_relatives_of_named_cards_are_judged_as_them() -> None:
    """001: "Eine Karte, die sich auf Wanderndes Monster bezieht, deckt auch die Karten Monsterbrutstätte und
    Monsterauflauf ab"; "Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut und Chimäre"; "...
    Super Munchkin ... auch für Ultra Munchkin und Super Duper Munchkin"; "Eine Karte, die sich auf Schummeln
    bezieht, gilt ebenso für Mit beiden Händen Schummeln und Schummeln, als ob es kein Morgen mehr gibt"."""
    custom = (card("t-brut", "Monsterbrutstätte", "other"), card("t-drittel", "Drittel-Blut", "other"),
              card("t-ultra", "Ultra Munchkin", "other"), card("t-schummeln", "Mit beiden Händen Schummeln", "other",
                                                               "treasure"))
    t = mixer(custom=custom)
    c = cards(t)
    assert (c["t-brut"].kind, c["t-drittel"].kind, c["t-ultra"].kind) == ("wandering_monster", "half_breed",
                                                                          "super_munchkin")
    assert c["t-schummeln"].tags == ("cheat",)
    # Monsterbrutstätte brings a monster from the hand into a combat, as Wanderndes Monster does.
    t.give(1, "t-brut", "bigfoot")
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    t.do(1, A.PlayCard(card="t-brut", with_card="bigfoot"))
    assert [m.card for m in t.combat.monsters] == ["lahmer-goblin", "bigfoot"]
    # Drittel-Blut lets a second race be played, as Halb-Blut does.
    u = mixer(custom=custom)
    u.state.players[0].races.append("elf")
    u.give(0, "t-drittel", "zwerg")
    u.rejects("munchkin.race.only-one", 0, A.PlayCard(card="zwerg"))
    u.do(0, A.PlayCard(card="t-drittel"))
    u.do(0, A.PlayCard(card="zwerg"))
    assert u.p(0).races == ["elf", "zwerg"]


def test_daemonen_plus_five_against_priests() -> None:
    """001: "Jedes Monster mit der Bezeichnung Dämon hat +5 gegen Priester." """
    t = mixer(custom=(card("t-daemon", "Kleiner Dämon", "monster", level=3),))
    assert DEMON_BONUS in cards(t)["t-daemon"].bonuses
    t.state.players[0].classes.append("priester")
    t.do(0, A.KickDoor(card="t-daemon"))
    assert t.strengths() == (1, 3 + 5)
    u = mixer(custom=(card("t-daemon", "Kleiner Dämon", "monster", level=3),))
    u.do(0, A.KickDoor(card="t-daemon"))
    assert u.strengths() == (1, 3)


def test_gaki_are_undead_for_priests() -> None:
    """001: "Alle Gaki-Monster gelten für Priester als untot": a priest turns a Gaki (+3 per card, 000
    Priester); no one else treats it as undead."""
    gaki = card("t-gaki", "Hungriger Gaki", "monster", level=5)
    t = mixer(custom=(gaki,))
    t.state.players[0].classes.append("priester")
    t.give(0, "elf", "zwerg")
    t.do(0, A.KickDoor(card="t-gaki"))
    t.do(0, A.UseAbility(ability="turning", discard=("elf", "zwerg")))
    assert t.strengths() == (1 + 6, 5)
    # For anyone else it is no undead: an undead monster does not join it from the hand.
    u = mixer(sets="munchkin,star", custom=(gaki,))
    u.give(1, "untoter-gaul")
    u.do(0, A.KickDoor(card="t-gaki"))
    u.rejects("mixer.family.not-the-same-kind", 1, A.PlayCard(card="untoter-gaul"))


def test_goettliche_intervention_frees_every_cultist() -> None:
    """001: "Die Göttliche Intervention befreit alle Spieler vom Kultisten-Dasein." """
    t = mixer(custom=(card("kultist", "Kultist", "class"),))
    t.state.players[1].classes.append("kultist")
    t.state.players[2].classes.append("priester")
    t.do(0, A.KickDoor(card="goettliche-intervention"))
    assert t.p(1).classes == [] and "kultist" in t.state.discards["door"]
    assert t.p(2).classes == ["priester"] and t.p(2).level == 2  # 000: every priest goes up a level


def test_gasmaske_kills_the_gasriese() -> None:
    """001: "Die Gasmask (Munchkin Impossible) tötet automatisch den Gasriesen (Star Munchkin)." """
    custom = (card("t-gasmaske", "Gasmaske", "item", "treasure", slot="headgear"),
              card("t-gasriese", "Gasriese", "monster", level=12))
    t = mixer(custom=custom)
    t.equip(0, "t-gasmaske")
    t.do(0, A.KickDoor(card="t-gasriese"))
    assert t.strengths()[1] == 0
    t.do(0, A.ClaimVictory())
    assert t.combat is None and t.p(0).level == 2


# ------------------------------------------------------------------ monsters, mutants, followers' traits

def test_mutanten_monsters_cannot_tell_the_mutant_race_from_the_mutant_class() -> None:
    """001: "Jedes Monster, das einen Bonus oder einen Malus gegen die eine Mutanten-Art hat, bekommt diesen
    auch gegen die andere. Wenn du ein Mutanten-Mutant bist, werden Boni und Mali verdoppelt!" """
    custom = (card("t-mutantenklasse", "Mutant", "class", counts_as=["class:mutant"]),
              card("t-jaeger", "Mutantenjäger", "monster", level=4,
                   bonuses=[{"against": "race:mutant", "amount": 3}]))
    cls = mixer(custom=custom)
    cls.state.players[0].classes.append("t-mutantenklasse")
    cls.do(0, A.KickDoor(card="t-jaeger"))
    assert cls.strengths() == (1, 4 + 3)
    both = mixer(custom=custom)
    both.state.players[0].classes.append("t-mutantenklasse")
    both.state.players[0].races.append("mutant")
    both.do(0, A.KickDoor(card="t-jaeger"))
    assert both.strengths() == (1, 4 + 6)


def test_laserwaffen_one_two_handed_weapon_without_star_too() -> None:
    """001: "Laserwaffen (d. h. Waffen, deren Name auf -aser oder so ähnlich endet) können zu einem einzigen
    zweihändigen Lasergeschütz zusammengesetzt werden ... Alle Laserwaffen gelten als Feuer verwendende Waffen,
    nicht jedoch als Schusswaffen." In base + Babys, two one-hand lasers known by their names take both hands
    together (no sword beside them) and a third joins them; each is a fire weapon, none a gun."""
    custom = (card("t-phaser", "Phaser", "item", "treasure", slot="1hand", bonus=2),
              card("t-taser", "Taser", "item", "treasure", slot="1hand", bonus=1),
              card("t-laserpistole", "Laserpistole", "item", "treasure", slot="1hand", bonus=3),
              card("t-schwert", "Schwert", "item", "treasure", slot="1hand", bonus=2))
    t = mixer(sets="munchkin,babys", custom=custom)
    c = cards(t)
    assert [c[i].tags for i in ("t-phaser", "t-taser", "t-laserpistole")] == [("laser", "fire")] * 3
    t.give(0, "t-phaser", "t-taser", "t-laserpistole", "t-schwert")
    for laser in ("t-phaser", "t-taser", "t-laserpistole"):
        t.do(0, A.PlayCard(card=laser))
    assert all(i.in_use for i in t.p(0).items)
    t.do(0, A.PlayCard(card="t-schwert"))
    assert [(i.card, i.in_use) for i in t.p(0).items][-1] == ("t-schwert", False)
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    assert t.strengths()[0] == 1 + 2 + 1 + 3


def test_das_gleiche_gilt_fuer_den_britischen_akzent_und_die_britische_loyalitaet() -> None:
    """001: "Das gleiche gilt für den britischen Akzent (Munchkin Freibeuter) und die britische Loyalität (Munchkin
    Impossible). Ebenso können Gegenstände nur für Mutanten bzw. nur für Briten von beiden dieser Art benutzt
    werden." A monster's bonus against the British accent counts against the British loyalty, doubled against a
    character with both; an item for British loyalists serves a British accent, a mutant item a mutant race."""
    custom = (card("t-akzent", "Britischer Akzent", "accent", counts_as=["accent:british"]),
              card("t-loyal", "Britische Loyalität", "loyalty", counts_as=["loyalty:british"]),
              card("t-teetrinker", "Teetrinker", "monster", level=4,
                   bonuses=[{"against": "accent:british", "amount": 2}]),
              card("t-melone", "Melone", "item", deck="treasure", slot="headgear", bonus=3,
                   usable_by=["loyalty:british"]),
              card("t-strahlenhelm", "Strahlenhelm", "item", deck="treasure", slot="headgear", bonus=2,
                   usable_by=["class:mutant"]))
    loyal = mixer(custom=custom)
    loyal.give(0, "t-loyal")
    loyal.do(0, A.PlayCard(card="t-loyal"))
    loyal.do(0, A.KickDoor(card="t-teetrinker"))
    assert loyal.strengths() == (1, 4 + 2)
    both = mixer(custom=custom)
    both.give(0, "t-loyal", "t-akzent")
    both.do(0, A.PlayCard(card="t-loyal"))
    both.do(0, A.PlayCard(card="t-akzent"))
    both.do(0, A.KickDoor(card="t-teetrinker"))
    assert both.strengths() == (1, 4 + 4)
    accent = mixer(custom=custom)
    accent.give(0, "t-akzent", "t-melone", "t-strahlenhelm")
    accent.do(0, A.PlayCard(card="t-akzent"))
    accent.do(0, A.PlayCard(card="t-melone"))
    assert [(i.card, i.in_use) for i in accent.p(0).items] == [("t-melone", True)]
    accent.do(0, A.PlayCard(card="t-strahlenhelm"))  # no mutant: carried, not used
    assert [(i.card, i.in_use) for i in accent.p(0).items] == [("t-melone", True), ("t-strahlenhelm", False)]
    mutant = mixer(custom=custom)
    mutant.state.players[0].races.append("mutant")
    mutant.give(0, "t-strahlenhelm")
    mutant.do(0, A.PlayCard(card="t-strahlenhelm"))
    assert [(i.card, i.in_use) for i in mutant.p(0).items] == [("t-strahlenhelm", True)]


def test_anhaenger_a_followers_race_and_sex_count_against_monsters() -> None:
    """001: "Reagiert ein Monster stärker oder schwächer auf ein bestimmtes Geschlecht oder eine Rasse, so wird
    auch das Geschlecht und die Rasse des Anhängers hierzu herangezogen (falls vorhanden), wenn der Anhänger nicht
    abgelegt wird." Untoter Gaul: +5 gegen Frauen; a female follower brings it out against a male fighter."""
    follower = card("t-amazone", "Amazone", "ally", counts_as=["sex:female"])
    t = mixer(custom=(follower,))
    t.give(0, "t-amazone")
    t.do(0, A.PlayCard(card="t-amazone"))
    t.do(0, A.KickDoor(card="untoter-gaul"))
    assert t.strengths() == (1, 4 + 5)
    t.do(0, A.DiscardCard(card="t-amazone", from_table=True))
    assert t.strengths() == (1, 4)


def test_monsterfamilien_a_goblin_joins_a_goblin_from_any_hand() -> None:
    """001: "Wann immer eine Fledermaus, ein Hai, ein Drache, ein Goblin, ... oder ein Untotes Monster auftaucht,
    darf jeder Spieler beliebige viele andere Monster derselben Art von der Hand spielen, um diesem Monster zu
    helfen." A monster of another kind still needs a Wandering Monster."""
    custom = (card("t-goblin", "Goblin-Häuptling", "monster", level=3),
              card("t-hai", "Hai", "monster", level=3))
    t = mixer(custom=custom)
    t.give(1, "t-goblin", "plutoniumdrache")
    t.give(2, "t-hai")
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    assert A.PlayCard(card="t-goblin") in t.legal(1)
    effects = t.do(1, A.PlayCard(card="t-goblin"))
    assert [e["via"] for e in effects if e["type"] == "MonsterAdded"] == ["family:goblin"]
    t.rejects("mixer.family.not-the-same-kind", 1, A.PlayCard(card="plutoniumdrache"))
    t.rejects("mixer.family.not-the-same-kind", 2, A.PlayCard(card="t-hai"))
    assert [m.card for m in t.combat.monsters] == ["lahmer-goblin", "t-goblin"]


def test_monsterfamilien_undead_join_undead_without_babys_too() -> None:
    """The undead family of 001 holds in base + Star (003's "Untote Monster" is Babys' own rule)."""
    t = mixer(sets="munchkin,star", custom=(card("t-zombie", "Zombie", "monster", undead=True),))
    t.give(1, "t-zombie")
    t.do(0, A.KickDoor(card="untoter-gaul"))
    t.do(1, A.PlayCard(card="t-zombie"))
    assert [m.card for m in t.combat.monsters] == ["untoter-gaul", "t-zombie"]


def test_goth_monster_only_one_more_joins() -> None:
    """001: "Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler ... ein weiteres Goth-Monster in den
    Kampf werfen, insgesamt jedoch nur eines (außer mit einem Wandernden Monster)." """
    goths = tuple(card(f"t-goth{i}", f"Goth-Vampir {i}", "monster") for i in range(3))
    t = mixer(custom=goths)
    t.give(1, "t-goth1")
    t.give(2, "t-goth2", "wanderndes-monster")
    t.do(0, A.KickDoor(card="t-goth0"))
    t.do(0, A.PassInRound())
    t.do(1, A.PlayCard(card="t-goth1"))
    t.rejects("mixer.family.goth-one-only", 2, A.PlayCard(card="t-goth2"))
    t.do(2, A.PlayCard(card="wanderndes-monster", with_card="t-goth2"))
    assert len(t.combat.monsters) == 3


def test_hong_kong_monsters_and_items_support_a_hong_kong_monster() -> None:
    """001: "Wann immer ein Hong-Kong-Monster auftaucht, darf jeder Spieler beliebige Hong-Kong-Monster oder
    Hong-Kong-Gegenstände von seiner Hand spielen, um dieses Monster zu unterstützen. Bei den Gegenständen werden
    erforderliche Hände etc. ignoriert. Die Gegenstände werden nach dem Kampf abgelegt." """
    custom = (card("t-hk", "Hong-Kong-Phooey", "monster", level=4),
              card("t-hk2", "Hong-Kong-Kung-Fu-Meister", "monster", level=3),
              card("t-hk-stab", "Hong-Kong-Stab", "item", "treasure", slot="2hands", bonus=3))
    t = mixer(custom=custom)
    t.set_level(0, 9)
    t.give(1, "t-hk2", "t-hk-stab")
    t.do(0, A.KickDoor(card="t-hk"))
    t.do(1, A.PlayCard(card="t-hk2"))
    t.do(1, A.PlayCard(card="t-hk-stab", side="monsters", monster_index=0))
    assert t.strengths() == (9, 4 + 3 + 3)
    t.do(0, A.GiveUp())
    for _ in range(2):
        t.do(0, A.RunAway(monster_index=0 if t.combat.monsters[0].runs["0"] == "pending" else 1, die=6))
    assert t.combat is None and "t-hk-stab" in t.state.discards["treasure"]


# ------------------------------------------------------------------ identities and powers

def test_one_style_unless_a_card_allows_more() -> None:
    """001: "Jeder Spieler darf nicht mehr als ... einen Stil, eine Loyalität, ein Training, einen Akzent, ein
    Mojo und eine Machtgruppe haben, es sei denn, er hat eine Karte, die mehr erlaubt. Man darf aber mehrere
    Geburtsrechte haben." """
    custom = (card("t-stil1", "Kung-Fu-Stil", "style"), card("t-stil2", "Karate-Stil", "style"),
              card("t-geburt1", "Adelig", "birthright"), card("t-geburt2", "Reich", "birthright"),
              card("t-meister", "Großmeister", "other", tags=["allows-more-style"]))
    t = mixer(custom=custom)
    t.give(0, "t-stil1", "t-stil2", "t-geburt1", "t-geburt2")
    t.do(0, A.PlayCard(card="t-stil1"))
    t.rejects("mixer.identity.one-of-each", 0, A.PlayCard(card="t-stil2"))
    t.do(0, A.PlayCard(card="t-geburt1"))
    t.do(0, A.PlayCard(card="t-geburt2"))
    t.state.players[0].table.append("t-meister")
    t.do(0, A.PlayCard(card="t-stil2"))
    assert t.p(0).table == ["t-stil1", "t-geburt1", "t-geburt2", "t-meister", "t-stil2"]


def test_kraefte_ranks_at_most_the_level_unless_an_origin_allows_more() -> None:
    """001: "Jeder Spieler darf nur so viele Kräfte haben, dass deren Grade zusammen seine Stufe nicht
    übersteigen, es sei denn, er hat eine Herkunft, die ihm mehr erlaubt." """
    custom = (card("t-flug", "Fliegen", "power", level=2), card("t-blick", "Röntgenblick", "power", level=2),
              card("t-herkunft", "Außerirdisch", "origin", tags=["allows-more-power"]))
    t = mixer(custom=custom)
    t.set_level(0, 3)
    t.give(0, "t-flug", "t-blick", "t-herkunft")
    t.do(0, A.PlayCard(card="t-flug"))
    rejection = t.rejects("mixer.power.ranks-over-level", 0, A.PlayCard(card="t-blick"))
    assert rejection.ruling.details == {"ranks": 4, "level": 3}
    t.do(0, A.PlayCard(card="t-herkunft"))
    t.do(0, A.PlayCard(card="t-blick"))
    assert t.p(0).table == ["t-flug", "t-herkunft", "t-blick"]


# ------------------------------------------------------------------ mooks

def test_mooks_monster_enhancers_on_mooks_only_plus_five_gives_one() -> None:
    """001: "Man darf beliebige Monsterverstärker-Karten auf seine Mooks (und nur diese) ausspielen. Eine
    Verstärker-Karte mit +5 gibt dem Mook eine +1 in jedem Kampf, ein +10-Verstärker +2. Negative -5-Verstärker
    zählen immer -1, und auch nur wenn der Mook bereits einen positiven Verstärker auf sich liegen hat."
    Uralt +10, Wütend +5, Baby -5 (000)."""
    mook = card("t-mook", "Mook", "mook")
    t = mixer(custom=(mook,))
    t.give(0, "t-mook", "uralt", "wuetend", "baby", "rothemd")
    t.do(0, A.PlayCard(card="t-mook"))
    t.rejects("mixer.mook.negative-needs-positive", 0, A.PlayCard(card="baby", with_card="t-mook"))
    t.do(0, A.PlayCard(card="uralt", with_card="t-mook"))  # outside a combat: "jederzeit auf einen ... Mook"
    t.do(0, A.PlayCard(card="wuetend", with_card="t-mook"))
    t.do(0, A.PlayCard(card="baby", with_card="t-mook"))
    t.do(0, A.KickDoor(card="lahmer-goblin"))
    assert t.strengths() == (1 + 2 + 1 - 1, 1)
    u = mixer(custom=(mook,))
    u.state.players[0].classes.append("haendler")
    u.give(0, "rothemd", "uralt")
    u.do(0, A.PlayCard(card="rothemd"))
    u.rejects("mixer.mook.enhancers-only-on-mooks", 0, A.PlayCard(card="uralt", with_card="rothemd"))
