"""The games' data files, shipped beside their code (JSON), read through the package's own
loader (``get_data``, as zip imports have it too). Not ``importlib.resources``: its first use
imports modules worth ~55 M instructions, on the path of a game's first screen and of a resume
at start-up; this reading costs ~0.1 M."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def package_json(package: str, name: str) -> Any:
    """The JSON file ``name`` of the (imported) package ``package``."""
    module = sys.modules[package]
    path = os.path.join(os.path.dirname(module.__file__), name)
    return json.loads(module.__spec__.loader.get_data(path).decode("utf-8"))
