"""Controls shared by every screen: buttons, text fields, lists, modals, keyboard focus."""
