"""Variants: rule sets as YAML files (file, yamlread, problems), found, merged along `extends` and
checked (loader) against a game's schema and its limits (schema, limits); the generated
reference of every rule key (doc, examples, keys)."""
