"""Fireside Card Table."""

__version__ = "0.1.0"
