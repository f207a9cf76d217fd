"""VNTYPL8S: write a vowel-less vanity plate for a secret owner; the others race to guess who."""
