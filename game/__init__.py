"""Fireside Card Table."""

__version__ = "0.1.0"

#: The app's id (reverse DNS): the desktop entry's and the icon's name, the window's class, the macOS bundle.
APP_ID = "org.fireside.cardtable"
