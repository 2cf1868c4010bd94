"""The pygame-ce table: everything a person sees, hears and clicks."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout
