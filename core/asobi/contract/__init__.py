"""The contract between asobi and its plugins: what a game is (model), the hooks it
implements and the tools' hooks (hookspecs, toolspecs), the core's own fallbacks as a plugin
(defaults), the measures and scorers a game declares, and the generated hook reference."""
