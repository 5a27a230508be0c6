"""Hardware abstraction: logical controls in, lights and sound out.

Knows no game and no pygame. Backends (keyboard names, gpiozero, mock pins) feed raw button
edges into one :class:`hw.inputs.ControlInput`, which debounces them, detects holds and hands
:class:`hw.controls.ControlEvent` values to a sink (the UI posts them into its event queue).
"""
