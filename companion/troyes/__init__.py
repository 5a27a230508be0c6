"""Troyes (RULES.md §2): the dice the device rolls and prices (dice.py, defence.py), the round
bookkeeping (economy.py), the game's state and decisions (state.py, game.py: ``TroyesRules``),
what may be done now (moves.py), what the table sees (view.py), final scoring (scoring.py)."""
