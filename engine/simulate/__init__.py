"""Whole simulated events (individual and team), for the demo and the tests."""
