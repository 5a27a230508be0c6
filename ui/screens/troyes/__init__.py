"""Troyes on the device: setup, the board (dice, prices, defence, actions), citizens."""
