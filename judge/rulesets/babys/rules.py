"""The rules of Munchkin Babys (003): ids ``babys.<area>.<rule>`` citing 003.

Where 003 repeats the base text the layer raises the base ruling
(``munchkin.*``, 000/001); where 003's text differs, the ruling is its own and
cites 003. ``TRANSLATED`` says which base rulings 003 words differently: the
layer raises its own id instead, with the same details.
"""

from __future__ import annotations

from judge.rules.ruling import SEED_003, RuleBook

BABYS = RuleBook("babys", SEED_003)

RC = "Rassen / Klassen"
BABYS.rule("thief.no-stealing-in-combat", section=RC,
           quote="Beachte, dass ein Krümeldieb nicht stehlen darf, wenn er oder sein Ziel sich im Kampf befindet "
                 "– sobald das Monster aufgedeckt wird, läuft der Kampf!",
           de="Gestohlen wird nicht, solange ein Kampf läuft: er beginnt, sobald das Monster aufgedeckt ist.",
           en="No stealing while a combat is on: it starts the moment the monster is turned up.",
           when_de="Wenn kein Kampf läuft.", when_en="When no combat is going on.")
BABYS.rule("thief.backstab-target", section="Weitere Aktionen im Kampf",
           quote="Falle einem Spieler in den Rücken, wenn du ein Krümeldieb bist (siehe Text auf der "
                 "Krümeldieb-Karte).",
           de="In den Rücken fällst du nur einem Spieler, der gerade kämpft (als Kämpfer oder Helfer).",
           en="You can only backstab a player who is in the fight (fighter or helper).",
           when_de="Während ein Spieler kämpft.", when_en="While that player fights.")
BABYS.rule("level.tenth-only-by-kill", section="Spielende",
           quote="Er muss jedoch die 10. Stufe erreichen, indem er ein Monster tötet. Würde ein Spieler durch "
                 "etwas anderes auf Stufe 10 steigen, bleibt er auf Stufe 9, es sei denn, eine Karte besagt "
                 "explizit etwas anderes.",
           de="Stufe 10 erreicht man nur durch das Töten eines Monsters, es sei denn, eine Karte sagt es "
              "ausdrücklich anders; diese sagt es nicht.",
           en="Level 10 is reached only by a kill unless a card says explicitly otherwise; this one does not.",
           when_de="Mit einem getöteten Monster.", when_en="By killing a monster.")
BABYS.rule("curse.lasting-pays-nothing", section="Flüche",
           quote="Nein, Flüche, die du zur Erinnerung vor dir ausliegen hast, kannst du nicht einsetzen, um "
                 "damit Klassen- oder Rassenfähigkeiten auszulösen.",
           de="Ein Fluch, der zur Erinnerung vor dir liegt, bezahlt keine Klassen- oder Rassenfähigkeit.",
           en="A curse lying in front of you as a reminder cannot pay for a class or race ability.",
           when_de="Mit anderen Karten aus dem Spiel oder von der Hand.",
           when_en="With other cards in play or from the hand.")
# Der nächste Meilenstein is printed on the pages of cards that follow the section "Untote Monster".
BABYS.rule("level-up.after-combat-only", section="Untote Monster",
           quote="Du kannst diese Karte nur nach einem Kampf spielen, aber es muss nicht deiner sein.",
           de="{card} spielst du nur nach einem Kampf: in diesem Zug ist noch keiner vorbei.",
           en="{card} is played only after a combat: none is over yet in this turn.",
           when_de="Sobald ein Kampf dieses Zuges vorbei ist, gleich wessen.",
           when_en="Once a combat of this turn is over, whoever fought it.")
UM = "Untote Monster"
BABYS.rule("undead.nothing-to-follow", section=UM,
           quote="Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen, ohne dass dafür "
                 "eine Wanderndes Monster-Karte benötigt wird.",
           de="Ein Monster folgt nur einem Untoten Monster in den Kampf, und in diesem Kampf ist keins.",
           en="A monster follows only an undead monster into a combat, and this combat has none.",
           when_de="In einem Kampf gegen ein Untotes Monster, oder mit einem Wandernden Monster.",
           when_en="In a combat against an undead monster, or with a Wandering Monster.")
BABYS.rule("undead.not-undead", section=UM,
           quote="Jedes Untote Monster kann einem anderen Untoten Monster in den Kampf folgen ... Wenn du eine "
                 "Karte hast, die verwendet werden kann, um ein Monster Untot zu machen, kannst du sie zusammen "
                 "mit einem nicht Untoten Monster ausspielen, um diese Regel zu nutzen.",
           de="{card} ist nicht untot: ohne eine Karte, die es untot macht, folgt es nicht.",
           en="{card} is not undead: without a card that makes it undead it cannot follow.",
           when_de="Mit einem Untoten Monster, oder zusammen mit einer Karte, die es untot macht.",
           when_en="With an undead monster, or together with a card that makes it undead.")

# A term of a strength breakdown (it forbids nothing: the when-text says when it counts).
BABYS.rule("strength.lingering-bad-stuff", section="Verloren!",
           quote="Das kann bedeuten, dass du bis zum Beginn deines nächsten Zuges irgendwas Bescheuertes tun musst.",
           de="Schlimme Dinge, die bis zum Beginn deines nächsten Zuges gelten, verändern deine Kampfstärke.",
           en="Bad stuff that lasts until your next turn starts changes your combat strength.",
           when_de="Bis zum Beginn des nächsten eigenen Zuges.", when_en="Until your own next turn starts.")

# Base rulings 003 words differently: (base id, action kind or "" for any) -> the layer's id.
TRANSLATED: dict[tuple[str, str], str] = {
    ("munchkin.ability.no-stealing-in-combat", ""): "babys.thief.no-stealing-in-combat",
    ("munchkin.ability.backstab-target", ""): "babys.thief.backstab-target",
    ("munchkin.level.tenth-only-by-kill", ""): "babys.level.tenth-only-by-kill",
    # Paying for an ability with a lasting curse; discarding one at will stays the base ruling.
    ("munchkin.curse.lasting-stays", "use_ability"): "babys.curse.lasting-pays-nothing",
}

# ------------------------------------------------------------------ decisions where the texts are open
DECISIONS: tuple[tuple[str, str, str], ...] = (
    ("Babys: the catalogue of a Babys game",
     "003 prints only a few of its 168 cards. A Babys game knows the cards 003 prints (babys.toml, with their "
     "printed numbers) and, as stand-ins for those it does not print, the base game's cards (003 'Spielmaterial': "
     "'Dieses Basisspiel nutzt dieselben Rückseiten wie Munchkin'); a group adds its own Babys cards as custom "
     "cards. Cards 003 names without printing their numbers (Lidlose Puppe, Bösartiger Anti-Storch, "
     "Spielplatztroll, Schwimmflügel) are not in the catalogue.",
     "test_003_babys.py::test_spielmaterial_a_babys_game_knows_003s_cards_and_the_base_cards"),
    ("Babys: what a baby race or class can do",
     "'Für alle Spielbelange sind die Babys lediglich jüngere Vertreter der Rassen und Klassen': each baby "
     "race/class counts as its classic one (Elfling an elf, Giftzwerg a dwarf, Orkilein an orc, Viertelling a "
     "halfling, Wadenbeißer a warrior, Zauberschüler a wizard, Krümeldieb a thief, Scheinheiliger a cleric) for "
     "every rule, bonus and restriction. Its abilities are those 003 prints or states for it (Giftzwerg, "
     "Krümeldieb; the Elfling's helper levels; the Wadenbeißer's ties); the unprinted cards' other texts are "
     "table adjustments. A monster's bonus against a baby race ('gegen Scheinheilige') does not hit the classic "
     "one: the principle runs from the classic rules to the babies.",
     "test_003_babys.py::test_babys_und_munchkin_an_elfling_uses_what_only_elves_may"),
    ("Babys: Halb-Blut and Super Munchkin with one card",
     "'hast alle Vorteile, aber keine der Nachteile': with Halb-Blut and one race (Super Munchkin and one class) "
     "a monster's bonus against that race (class) does not count; a monster's penalty against it (-3 gegen "
     "Scheinheilige) still does. With two races (classes) both count fully.",
     "test_003_babys.py::test_halb_blut_with_one_race_has_none_of_the_disadvantages"),
    ("Babys: treasure for a monster defeated without a kill",
     "'Wenn du das Monster anders als durch Töten besiegt hast, erhältst du keinen Schatz – es sei denn auf der "
     "Karte steht es anders': the card is the one that removed the monster (a charm, a one-shot) or the monster's "
     "own card (Impfgegner: 'Falls das Monster besiegt wird'); its printed treasures are drawn by the fighter. "
     "Its 'erhält jeder 1 Schatz' (printed '1 Schatz für jeden!') is judged too: when it is defeated, killed or "
     "not, every other player draws 1 treasure face down as well (treasures_for_everyone).",
     "test_003_babys.py::test_gewonnen_no_treasure_without_a_kill_unless_the_card_says"),
    ("Babys: Impfgegner on the kill that ends the game",
     "Impfgegner: 'Falls das Monster besiegt wird, erhält jeder 1 Schatz!' 003 'Spielende': 'Der erste Spieler, "
     "der Stufe 10 erreicht, gewinnt das Spiel. Er muss jedoch die 10. Stufe erreichen, indem er ein Monster "
     "tötet.' The kill that brings the fighter to level 10 ends the game at once: the levels count, the treasures "
     "come after them and are not drawn, neither the fighter's nor everyone's 1 treasure.",
     "test_001_to_the_letter.py::test_impfgegner_the_kill_that_ends_the_game_draws_no_treasures"),
    ("Babys: a card that makes a monster undead",
     "003 prints none; a monster enhancer with 'undead = true' is such a card: played with a non-undead monster "
     "from the hand (play_card with with_card) into a combat against an undead monster, both join, the enhancer "
     "on the new monster.",
     "test_003_babys.py::test_untote_monster_a_card_that_makes_a_monster_undead_lets_it_follow"),
    ("Babys: bad stuff until the victim's next turn",
     "'Das kann bedeuten, dass du bis zum Beginn deines nächsten Zuges irgendwas Bescheuertes tun musst': a "
     "monster's bad stuff with lasting = true and until = 'next-turn' keeps its combat modifier on the victim "
     "(in every combat the victim fights or helps in) until the victim's next turn starts, shown in the view as "
     "lingering_bad_stuff; the rest of it happens at once. Anything else 'Bescheuertes' is a table adjustment.",
     "test_003_babys.py::test_verloren_bad_stuff_lasts_until_the_start_of_the_victims_next_turn"),
    ("Babys: Der nächste Meilenstein",
     "'Du kannst diese Karte nur nach einem Kampf spielen, aber es muss nicht deiner sein': a level-up card "
     "with after_combat_only is played by anyone once a combat of the current turn is over (the turn's "
     "player fought it, with or without a helper, won or fled), until the turn ends; before the turn's first "
     "combat and during a combat it is refused (babys.level-up.after-combat-only). It never reaches level 10 "
     "(babys.level.tenth-only-by-kill).",
     "test_003_babys_cards.py::test_der_naechste_meilenstein_only_after_a_combat_not_necessarily_yours"),
    ("Babys: Aufgemotzte Lauflernhilfe",
     "'Du hast +1 auf Weglaufen, wenn du im Kampf der Helfer bist': the +1 counts for its holder's run-away "
     "rolls only when the holder helped in the combat and uses the item; as the fighter it gives none.",
     "test_003_babys_cards.py::test_lauflernhilfe_plus_one_to_run_away_only_as_the_helper"),
    ("Babys: Abgelenkt",
     "'Falls du Weglaufen musst, wird es dich nicht verfolgen': the monster it was played on pursues nobody "
     "who must run from it (fighter and helper alike escape it without a roll; other monsters still pursue); "
     "'Wenn das Monster besiegt wird, ziehe 2 Extraschätze' adds 2 to the treasures.",
     "test_003_babys_cards.py::test_abgelenkt_the_monster_pursues_nobody_and_gives_two_extra_treasures"),
)
