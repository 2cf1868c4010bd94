"""Grinch: Grow Your Heart: everything this game knows."""
