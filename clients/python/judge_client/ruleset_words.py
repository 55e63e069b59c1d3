"""What ``judge rulesets`` shows from the rulesets' own declarations, marked so the catalogues translate
them: the option types here, each family's titles, the seat trait's, the options' and the variants' docs
and its card kinds in its module of judge_client/families. The judge declares them in English
(judge/rulesets/*), the command line shows them in the reader's language (a doc changed in a ruleset shows
in English until its translation follows; the test of every command's German output,
tests/server/test_cli_outputs_in_both_languages.py, finds it)."""

from judge.common.i18n import N_

WORDS = (
    # option types
    N_("int"), N_("bool"), N_("string"),
)
