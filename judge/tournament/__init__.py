"""Events: many tables of one game played as one tournament (rounds, seatings, standings).

The API calls such a tournament an *event* (``EventService``); here it is a tournament, so as not to
be read as one of the record's events. This package is the pure part, like judge/rules: no I/O, no
clock and no randomness but the committed seed it is handed.

- seating.py: the tables of a round drawn from the event's seed (table sizes within a range, players
  who met before kept apart while a swap of seats can avoid it), and Swiss pairing by score for
  two-player games;
- scoring.py: the places at a finished table (or one stopped when time was called), points by place,
  and the standings with their tie-breaks;
- rounds.py: a whole round (tables, Swiss pairs and byes, or the final table) from the seed and what
  the event's record holds before it: what the judge draws and what ``judge verify`` draws again.

Anyone who knows the seed (revealed when the event ends) and the event's record can draw every round
again with these functions and check it was the one played (``judge verify``).
"""
