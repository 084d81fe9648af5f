"""Frontend plugins shipped with asobi (text; more to come)."""
