"""Playing: a session holds one game and its seats, the driver steps it, agents decide, seeds
are derived, records are written and replayed, deals pinned; the search AI; runners that play
many games (local pool, Ray) and the engine bench."""
