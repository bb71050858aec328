"""The healing record room: patients healing across game days (issue 16)."""
