"""Battle dialogs (in progress)."""
