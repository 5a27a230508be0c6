"""Citadels: the character catalogue, character-set rules and the hidden draft."""
