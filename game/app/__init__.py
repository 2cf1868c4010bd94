"""The pygame-ce table: everything a person sees, hears and clicks."""
