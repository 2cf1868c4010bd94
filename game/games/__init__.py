"""Every game Fireside knows, one package each, declared once in the registry."""
