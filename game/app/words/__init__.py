"""What the app says in the player's language: names, reasons, rules texts, save words."""
