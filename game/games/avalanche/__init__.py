"""Avalanche: everything this game knows."""
