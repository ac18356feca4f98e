"""The generated word lists the lexicon reads at run time (`lexicon.tsv`, `definitions.tsv`,
`familiarity.tsv`), with their licences.

A package so that an install carries them beside the code (package data); `solver.lexicon.wordlists_dir`
finds them through it, in a checkout and in site-packages alike. `build.py` regenerates them from Debian's
packages (docs/lexicon.md); it is a build step, never imported at run time.
"""
