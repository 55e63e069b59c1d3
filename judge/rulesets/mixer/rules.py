"""The rules of a combined game: ids ``mixer.<area>.<rule>``, one for each bullet of 001 "MUNCHKIN IM
MIXER" that can refuse something, citing the bullet's words. The equivalences that never refuse anything
(gold and credits, traps and curses, the name-based kinds, the relatives of named cards) are data
(catalogue.py), held by tests."""

from __future__ import annotations

from judge.rules.ruling import SEED_001, RuleBook

MIXER = RuleBook("mixer", SEED_001)
SECTION = "MUNCHKIN IM MIXER"

MIXER.rule("identity.one-of-each", section=SECTION,
           quote="Jeder Spieler darf nicht mehr als eine Rasse, eine Klasse, einen Stil, eine Loyalität, ein "
                 "Training, einen Akzent, ein Mojo und eine Machtgruppe haben, es sei denn, er hat eine Karte, "
                 "die mehr erlaubt. Man darf aber mehrere Geburtsrechte haben.",
           de="Du hast schon eine Karte dieser Art ({kind}) vor dir; mehr erlaubt dir nur eine Karte, die es "
              "ausdrücklich sagt.",
           en="You already have a card of this kind ({kind}) in front of you; only a card that says so allows "
              "more.",
           when_de="Wenn du keine Karte dieser Art vor dir hast, oder mit einer Karte, die mehr erlaubt.",
           when_en="When you have no card of this kind in front of you, or with a card that allows more.")
MIXER.rule("identity.one-half-breed", section=SECTION,
           quote="Jeder Spieler darf nicht mehr als eine Rasse, eine Klasse ... haben, es sei denn, er hat eine "
                 "Karte, die mehr erlaubt. ... Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut "
                 "und Chimäre. ... Alle Einschränkungen für Super Munchkin gelten auch für Ultra Munchkin und Super "
                 "Duper Munchkin.",
           de="Vor dir liegt schon {held}; mehr als eine Karte der Art Halb-Blut (Drittel-Blut, Chimäre) bzw. "
              "Super Munchkin (Ultra, Super Duper) erlaubt dir nur eine Karte, die es ausdrücklich sagt.",
           en="{held} already lies in front of you; only a card that says so allows more than one card of the "
              "kind Halb-Blut (Drittel-Blut, Chimäre) or Super Munchkin (Ultra, Super Duper).",
           when_de="Wenn keine Karte dieser Art vor dir liegt, oder mit einer Karte, die mehr erlaubt.",
           when_en="When no card of this kind lies in front of you, or with a card that allows more.")
MIXER.rule("power.ranks-over-level", section=SECTION,
           quote="Jeder Spieler darf nur so viele Kräfte haben, dass deren Grade zusammen seine Stufe nicht "
                 "übersteigen, es sei denn, er hat eine Herkunft, die ihm mehr erlaubt.",
           de="Die Grade deiner Kräfte ergäben zusammen {ranks}; sie dürfen deine Stufe ({level}) nicht "
              "übersteigen.",
           en="The ranks of your powers would add up to {ranks}; they may not exceed your level ({level}).",
           when_de="Wenn die Grade zusammen höchstens deine Stufe ergeben, oder mit einer Herkunft, die mehr "
                   "erlaubt.",
           when_en="When the ranks add up to at most your level, or with an origin that allows more.")
MIXER.rule("follower.only-one", section=SECTION,
           quote="Jeder Spieler darf nur einen Anhänger, d. h. eine Karte aus der Gruppe der Mietlinge, Lakaien, "
                 "Handlanger, Mooks, Verbündeten, Sidekicks und Gefährten vor sich liegen haben, es sei denn, er "
                 "hat eine Karte, die mehr erlaubt.",
           de="Du hast schon einen Anhänger vor dir; Mietlinge, Lakaien, Handlanger, Mooks, Verbündete, "
              "Sidekicks und Gefährten zählen zusammen.",
           en="You already have a follower in front of you; hirelings, minions, henchmen, mooks, allies, "
              "sidekicks and companions count together.",
           when_de="Ohne Anhänger vor dir, oder mit einer Karte, die mehr erlaubt (z. B. als Händler).",
           when_en="With no follower in front of you, or with a card that allows more (e.g. as a Händler).")
MIXER.rule("follower.carries-what-its-card-says", section=SECTION,
           quote="Jeder von ihnen kann nur die Art von Gegenständen tragen oder nur so verstärkt werden, wie es "
                 "auf der jeweiligen Karte steht.",
           de="Dieser Anhänger trägt laut seiner Karte keinen solchen Gegenstand.",
           en="This follower's card does not let it carry such an item.",
           when_de="Mit einem Gegenstand der Art, die die Karte des Anhängers nennt.",
           when_en="With an item of the kind the follower's card names.")
MIXER.rule("follower.not-yours", section=SECTION,
           quote="Alle Anhänger können sich im Kampf für dich opfern",
           de="Dieser Anhänger liegt nicht vor dir.", en="This follower is not in front of you.",
           when_de="Mit einem Anhänger, der vor dir liegt.", when_en="With a follower in front of you.")
MIXER.rule("mook.enhancers-only-on-mooks", section=SECTION,
           quote="Man darf beliebige Monsterverstärker-Karten auf seine Mooks (und nur diese) ausspielen.",
           de="Monsterverstärker darfst du nur auf deine Mooks spielen, nicht auf andere Anhänger.",
           en="Monster enhancers may be played only on your mooks, not on other followers.",
           when_de="Auf einen Mook, der vor dir liegt.", when_en="On a mook in front of you.")
MIXER.rule("mook.negative-needs-positive", section=SECTION,
           quote="Negative -5-Verstärker zählen immer -1, und auch nur wenn der Mook bereits einen positiven "
                 "Verstärker auf sich liegen hat.",
           de="Ein negativer Verstärker geht nur auf einen Mook, der schon einen positiven Verstärker trägt.",
           en="A negative enhancer goes only on a mook that already has a positive enhancer.",
           when_de="Wenn der Mook schon einen positiven Verstärker trägt.",
           when_en="When the mook already has a positive enhancer.")
MIXER.rule("item.one-complex-in-use", section=SECTION,
           quote="Große und komplexe Gegenstände sind nicht dasselbe. Jeder Spieler darf einen großen und einen "
                 "komplexen Gegenstand benutzen. Er darf insgesamt mehrere komplexe, aber nur einen großen "
                 "Gegenstand (im Rucksack) tragen, ohne ihn zu benutzen.",
           de="Du benutzt schon einen komplexen Gegenstand; weitere darfst du tragen, aber nicht benutzen.",
           en="You already use a complex item; you may carry more, but not use them.",
           when_de="Wenn du den benutzten komplexen Gegenstand in den Rucksack legst, oder als Gadgeteer.",
           when_en="When you put the complex item in use into the backpack, or as a Gadgeteer.")
MIXER.rule("vehicle.only-one", section=SECTION,
           quote="Jedes Ross und jede Karte mit den Begriffen Auto oder Wagen im Titel gilt regeltechnisch als "
                 "Fahrzeug (Ausnahme: Autoflucht 2000), und man darf nur eines davon haben.",
           de="Du hast schon ein Fahrzeug (Ross, Auto, Wagen); mehr als eines darfst du nicht haben.",
           en="You already have a vehicle (steed, car, cart); you may not have more than one.",
           when_de="Ohne Fahrzeug vor dir.", when_en="With no vehicle in front of you.")
MIXER.rule("steed.only-when-turned-up", section=SECTION,
           quote="Wird ein Ross offen gezogen, darf der Spieler es auch als Monster behandeln.",
           de="Als Monster bekämpfen darfst du nur das Ross, das du gerade offen gezogen hast, in diesem Zug.",
           en="Only the steed you just turned up face up may be fought as a monster, in this turn.",
           when_de="Direkt nachdem du das Ross beim Türöffnen offen gezogen hast.",
           when_en="Right after you turned the steed up face up on the door.")
MIXER.rule("family.not-the-same-kind", section=SECTION,
           quote="Wann immer eine Fledermaus, ein Hai, ein Drache, ein Goblin, ein Weihnachtsmonster, ein Monster "
                 "in Schwarz, ein Chaos-Monster oder ein Untotes Monster auftaucht, darf jeder Spieler beliebige "
                 "viele andere Monster derselben Art von der Hand spielen, um diesem Monster zu helfen.",
           de="Ohne Wanderndes Monster hilft ein Monster von der Hand nur einem Monster derselben Art "
              "(Fledermaus, Hai, Drache, Goblin, Weihnachtsmonster, Monster in Schwarz, Chaos, Untot) im Kampf.",
           en="Without a Wandering Monster a monster from the hand joins only a monster of its own kind (bat, "
              "shark, dragon, goblin, Christmas, Men in Black, chaos, undead) in the combat.",
           when_de="Wenn ein Monster derselben Art im Kampf ist, oder mit einem Wandernden Monster.",
           when_en="When a monster of the same kind is in the combat, or with a Wandering Monster.")
MIXER.rule("family.goth-one-only", section=SECTION,
           quote="Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler – beginnend mit dem Spieler am "
                 "Zug – ein weiteres Goth-Monster in den Kampf werfen, insgesamt jedoch nur eines (außer mit einem "
                 "Wandernden Monster).",
           de="Zu einem Goth-Monster kommt insgesamt nur ein weiteres Goth-Monster von der Hand dazu; es ist "
              "schon da.",
           en="Only one more Goth monster joins a Goth monster from the hand, and it has joined already.",
           when_de="Solange noch kein Goth-Monster dazugekommen ist, oder mit einem Wandernden Monster.",
           when_en="While no Goth monster has joined yet, or with a Wandering Monster.")
GOTH_QUOTE = ("Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler – beginnend mit dem Spieler am Zug – "
              "ein weiteres Goth-Monster in den Kampf werfen, insgesamt jedoch nur eines (außer mit einem Wandernden "
              "Monster).")
MIXER.rule("family.goth-not-your-turn", section=SECTION, quote=GOTH_QUOTE,
           de="Die Goth-Monster gehen reihum, beginnend mit dem Spieler am Zug: jetzt ist Platz {seat} gefragt, ob "
              "er eines in den Kampf wirft oder passt.",
           en="The Goth monsters go round the table, starting with the player whose turn it is: seat {seat} is "
              "asked now whether to throw one into the combat or pass.",
           when_de="Wenn du reihum an der Reihe bist, oder mit einem Wandernden Monster.",
           when_en="When the round comes to you, or with a Wandering Monster.")
MIXER.rule("family.goth-round-over", section=SECTION, quote=GOTH_QUOTE,
           de="Die Goth-Monster sind reihum gegangen und jeder hat gepasst; in diesem Kampf kommt keines mehr von "
              "der Hand dazu.",
           en="The Goth monsters went round the table and everyone passed; none joins from a hand in this combat "
              "any more.",
           when_de="Nur noch mit einem Wandernden Monster.",
           when_en="Only with a Wandering Monster now.")
MIXER.rule("family.goth-not-asked", section=SECTION, quote=GOTH_QUOTE,
           de="Reihum bei den Goth-Monstern ist jetzt Platz {seat} gefragt, nicht du; passen kann nur, wer gefragt "
              "ist.",
           en="In the Goth monsters' round seat {seat} is asked now, not you; only the player asked can pass.",
           when_de="Wenn die Runde zu dir kommt.",
           when_en="When the round comes to you.")

MIXER.rule("strength.follower", section=SECTION,
           quote="Jeder von ihnen kann nur die Art von Gegenständen tragen oder nur so verstärkt werden, wie es "
                 "auf der jeweiligen Karte steht. ... Eine Verstärker-Karte mit +5 gibt dem Mook eine +1 in jedem "
                 "Kampf, ein +10-Verstärker +2. Negative -5-Verstärker zählen immer -1",
           de="Was ein Anhänger trägt, zählt für dich; ein Verstärker auf einem Mook gibt +1 je 5, ein negativer "
              "-1.",
           en="What a follower carries counts for you; an enhancer on a mook gives +1 per 5, a negative one -1.",
           when_de="Der Wert zählt, solange der Anhänger mit der Karte ausliegt.",
           when_en="This term counts while the follower lies in play with the card on it.")

#: Where 001 is open: the Mixer's decisions, for docs/rules.md.
T = "test_001_mixer.py::"
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("Mixer: which set's rule applies where the sets differ",
     "In a combined game a Mixer bullet decides where it speaks; else a card's text; else, for a rule about a "
     "card of one set (when a one-shot played in a combat is discarded: 000 at once, 003 'Sobald der Kampf "
     "vorbei ist'), the rule of the card's own set; else the base game: rulings are worded as 000 words them.",
     T + "test_a_one_shot_is_discarded_by_the_rule_of_its_own_set"),
    ("Mixer: a card that allows more of one kind",
     "001 'es sei denn, er hat eine Karte, die mehr erlaubt' does not say how many more. A card in front of "
     "the player tagged allows-more-<kind> (allows-more-style, allows-more-follower ...) allows one more card "
     "of that kind each; Halb-Blut and Super Munchkin (and their relatives) allow a second race and class as "
     "000 says, and Star's Händler any number of followers, as 004 says. An origin tagged allows-more-power "
     "lifts the limit on the powers' ranks.",
     T + "test_one_style_unless_a_card_allows_more"),
    ("Mixer: a follower's items and its bonus",
     "001 says followers carry items as their cards say and lose them when sacrificed. A follower card tagged "
     "carries-<slot> (carries-1hand, carries-headgear, carries-any ...) carries one item of that slot, played "
     "onto it from the hand with play_card.with_card naming the follower, at the times an item may be "
     "played; the item's bonus counts for its owner. When the follower leaves play, what lies on it is "
     "discarded.",
     T + "test_a_sacrificed_follower_loses_the_items_it_carries"),
    ("Mixer: a steed fought as a monster",
     "'Wird ein Ross offen gezogen, darf der Spieler es auch als Monster behandeln': a steed turned up on the "
     "door goes to the hand, as any card that is no monster or curse; in the same phase the kicker may fight it "
     "as a monster by looking for trouble with it (level twice its bonus, 1 treasure, 1 level, bad stuff "
     "'Verliere eine Stufe'). Any other steed in the hand is no monster.",
     T + "test_a_steed_turned_up_is_fought_as_a_monster_of_twice_its_bonus"),
    ("Mixer: Halb-Blut, Drittel-Blut and Chimäre in front of one character",
     "001: 'Alle Einschränkungen für Halb-Blut gelten ebenso für Drittel-Blut und Chimäre' (and those for Super "
     "Munchkin for Ultra Munchkin and Super Duper Munchkin). The cards of one such family are one kind (judged as "
     "Halb-Blut, resp. Super Munchkin): each needs a race (class) in play, goes as Halb-Blut (Super Munchkin) "
     "goes, and, under 'nicht mehr als eine Rasse, eine Klasse ..., es sei denn, er hat eine Karte, die mehr "
     "erlaubt', one card of the family lies in front of a character; a second (and so a third) is refused "
     "(mixer.identity.one-half-breed) unless a card tagged allows-more-half_breed (allows-more-super_munchkin) "
     "allows it. What more races a relative allows is its printed text: tagged allows-more-race, it allows one "
     "more race.",
     "test_001_to_the_letter.py::test_mixer_drittel_blut_und_chimaere_one_of_the_half_breed_family"),
    ("Mixer: the Goth monsters' round",
     "001: 'Wann immer ein Goth-Monster auftaucht, darf reihum jeder Spieler – beginnend mit dem Spieler am Zug – "
     "ein weiteres Goth-Monster in den Kampf werfen, insgesamt jedoch nur eines (außer mit einem Wandernden "
     "Monster).' One Goth monster in total is thrown in from a hand per combat, whatever other family it shares "
     "with the monsters fighting (an undead Goth after an undead Goth is that one); one brought by a Wandering "
     "Monster does not count: the first Goth thrown is the one and every later one is refused "
     "(mixer.family.goth-one-only).",
     "test_001_to_the_letter.py::test_goth_monster_one_thrown_in_in_total_whatever_else_it_shares"),
    ("Mixer: the Goth monsters' round goes round the table",
     "001: 'darf reihum jeder Spieler – beginnend mit dem Spieler am Zug – ein weiteres Goth-Monster in den Kampf "
     "werfen'. When the first Goth monster turns up in a combat (from the door, from a hand, or brought by a "
     "Wandering Monster), the judge records the round (GothRoundOpened): every seat in the order of play, starting "
     "with the player whose turn it is. The seat asked either throws a Goth monster from its hand (the one of "
     "'insgesamt jedoch nur eines', which ends the round) or passes (pass_in_round, GothRoundPassed), and the "
     "chance goes to the next seat; a seat not yet asked, or asked already, is refused "
     "(mixer.family.goth-not-your-turn; a pass out of turn mixer.family.goth-not-asked). Once every seat has "
     "passed, no Goth monster joins from a hand in that combat (mixer.family.goth-round-over). There is one "
     "round per combat: a later Goth monster does not open another ('insgesamt'). A Goth monster brought by a "
     "Wandering Monster is not the round's throw and may come at any time. The round does not hold up the "
     "combat: it ends with the combat, as any chance to interfere does.",
     "test_001_to_the_letter.py::test_goth_monster_round_starts_with_the_player_whose_turn_it_is"),
)
