"""Pyramid of the Sun: its commands (`silverpyr sun ...`)."""
