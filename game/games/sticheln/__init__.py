"""Sticheln: everything this game knows."""
