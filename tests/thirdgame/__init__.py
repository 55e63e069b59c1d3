"""A game installed beside the judge as a package of its own (tests/e2e/test_high_card.py installs it
through an entry point of a distribution written at test time)."""
