"""One error hierarchy for every rules engine."""


class RuleError(ValueError):
    """A request the rules do not allow (base class of all rule errors)."""


class IllegalDecision(RuleError):
    """A decision that is not legal in the current state."""


class UnknownDecision(RuleError):
    """A stored decision whose type this engine does not know (a damaged or foreign log)."""
