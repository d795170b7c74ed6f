"""The ``silverpyr cheops`` command group: one module per command."""
