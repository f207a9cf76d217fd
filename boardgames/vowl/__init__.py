"""Vowl: solve words whose vowels were removed before the sand timer runs out."""
