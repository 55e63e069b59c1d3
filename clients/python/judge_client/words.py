"""Words the command line shows from data (card kinds and slots in ``judge cards`` and ``judge view``, an
action an event summary has no sentence for), marked here so the catalogues translate them."""

from judge.common.i18n import N_

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
