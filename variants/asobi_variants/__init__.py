"""Built-in variant files (YAML), one folder per game; data only."""
