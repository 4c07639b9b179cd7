"""File formats: TRF (individual and team) and its limits."""
