"""Pieces shared by every game: dictionary, skeleton matcher, decks, timer, handover, storage."""
