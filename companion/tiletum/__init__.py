"""Tiletum (RULES.md §3): the dice bag, the action wheel, corruption, festivals, final scoring."""
