"""The organiser's jobs (values in, a whole JobResult out) and the one job table."""
