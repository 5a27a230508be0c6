"""The ``companion`` subcommands (``simulate``, ``roll``, ``score``, ``export``, ``import``),
built into ui/cli.py's parser; none imports pygame. ``score``, ``roll`` and ``simulate`` take
one subcommand per game that has it (the registry's ``commands``), each game's in its own
module here (``citadels.py``, ``troyes.py``, ``tiletum.py``)."""
