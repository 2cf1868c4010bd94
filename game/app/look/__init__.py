"""Look and sound: art, fonts, palette, tweens, sound effects and the files they come from."""
