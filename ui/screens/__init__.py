"""One module per screen or flow. ``base.Screen`` is what they all build on."""
