"""The simulation lab: bot games in batches, their statistics and plots."""
