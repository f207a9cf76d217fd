"""Hostile files: every file the app reads is validated, set aside when wrong,
and nothing a file says reaches outside the data folder."""
