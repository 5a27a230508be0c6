"""The rules of the tabletop companion: pure Python, no pygame, no GPIO, no clock.

Game packages (``companion.citadels`` ...) hold catalogue data, state machines and scoring.
``rng`` is the only source of randomness, ``session`` and ``store`` keep games across restarts.
"""

__version__ = "0.1.0"
