"""Troyes (RULES.md §2): the dice the device rolls and prices, the round bookkeeping, scoring."""
