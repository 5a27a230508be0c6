"""Citadels screens: game setup, character choice, and the pass-and-play draft."""
