"""One error hierarchy for every rules engine.

Every rule error carries a ``code`` (dotted, e.g. ``troyes.dice_count``) and ``fields``: the UI
says it through its catalogues (key ``error.<code>``, the fields filled in), in the table's
language; ``str(error)`` is the English sentence for the command line and the tests.

>>> e = IllegalDecision("an action uses 1 to 3 dice", code="troyes.dice_count", low=1, high=3)
>>> e.code, e.fields, str(e)
('troyes.dice_count', {'low': 1, 'high': 3}, 'an action uses 1 to 3 dice')
"""

from __future__ import annotations


class RuleError(ValueError):
    """A request the rules do not allow (base class of all rule errors)."""

    def __init__(self, message: str, *, code: str, **fields):
        super().__init__(message)
        self.code, self.fields = code, fields


class IllegalDecision(RuleError):
    """A decision that is not legal in the current state."""

    @classmethod
    def because(cls, error: RuleError) -> IllegalDecision:
        """A decision refused for ``error``'s reason: its sentence, code and fields (the code
        was given as a literal where ``error`` was made)."""
        return cls(str(error), **{"code": error.code, **error.fields})


class UnknownDecision(RuleError):
    """A stored decision whose type this engine does not know (a damaged or foreign log)."""
