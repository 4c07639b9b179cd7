"""Pairs the organiser forbids (回避) or fixes in advance."""
