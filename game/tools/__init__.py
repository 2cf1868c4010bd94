"""Commands around the game: the command line, benchmarks, soak, self-test, text play, tournaments."""
