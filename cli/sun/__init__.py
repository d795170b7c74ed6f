"""Pyramid of the Sun's commands (registered under ``silverpyr sun``)."""
