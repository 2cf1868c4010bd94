"""The window's frame: the app, its main loop, the router and the scene stack."""
