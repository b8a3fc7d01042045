//! Option parsing shared by every command: bash-builtin grammar (`-abc`, `-n5`, `--`) and GNU
//! long options (`--lines=5`, `--lines 5`, unique prefixes).
