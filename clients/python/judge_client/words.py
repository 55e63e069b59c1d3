"""Words the command line shows from data (card kinds and slots in ``judge cards`` and ``judge view``), marked
here so the catalogues translate them."""

from judge.common.i18n import N_

# Words shown from data: card kinds and slots (judge cards, judge view).
WORDS = (
    N_("monster"), N_("curse"), N_("race"), N_("class"), N_("monster_enhancer"), N_("monster_enhancer_enhancer"),
    N_("mate"), N_("wandering_monster"), N_("super_munchkin"), N_("half_breed"), N_("item"), N_("one_shot"),
    N_("level_up"), N_("divine_intervention"), N_("special_treasure"), N_("other"), N_("hireling"), N_("room"),
    N_("trap"), N_("item_enhancer"), N_("headgear"), N_("armor"), N_("footgear"), N_("1hand"), N_("2hands"),
)
