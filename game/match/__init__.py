"""The game being played, as data: `Match` (seats, state, moves), the deal
codes and Today's deal.  Beneath persist (which saves a `Match`) and the
session (which keeps one going); imports only the rules and the shared helpers."""
