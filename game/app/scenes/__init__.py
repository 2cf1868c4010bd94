"""Scenes other than the tables: title, setup, menus and screens between turns."""
