"""Team events: the team model, match and game points, the projection to boards."""
