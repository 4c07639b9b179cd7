"""The team event's sheets: event, settings, teams, players, rounds, cards, slips, standings."""
