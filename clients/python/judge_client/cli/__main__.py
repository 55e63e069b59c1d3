"""``python -m judge_client.cli``: the ``judge`` command line."""

from judge_client.cli import main

main()
