"""Textual pieces shared by the game screens (handover, rules viewer, countdown)."""
