//! Fixed lists that completion offers: readline's bindable command names, `help` topics,
//! signal names, reserved words; and the long help of the three builtins.

/// Readline's bindable function names (`compgen -A binding`), as bash 5.2 lists them when
/// not interactive.
pub(super) const BINDINGS: &[&str] = &[
    "abort", "accept-line", "arrow-key-prefix", "backward-byte", "backward-char", "backward-delete-char",
    "backward-kill-line", "backward-kill-word", "backward-word", "beginning-of-history", "beginning-of-line",
    "bracketed-paste-begin", "call-last-kbd-macro", "capitalize-word", "character-search",
    "character-search-backward", "clear-display", "clear-screen", "complete", "copy-backward-word",
    "copy-forward-word", "copy-region-as-kill", "delete-char", "delete-char-or-list",
    "delete-horizontal-space", "digit-argument", "do-lowercase-version", "downcase-word", "dump-functions",
    "dump-macros", "dump-variables", "emacs-editing-mode", "end-kbd-macro", "end-of-history", "end-of-line",
    "exchange-point-and-mark", "fetch-history", "forward-backward-delete-char", "forward-byte", "forward-char",
    "forward-search-history", "forward-word", "history-search-backward", "history-search-forward",
    "history-substring-search-backward", "history-substring-search-forward", "insert-comment",
    "insert-completions", "kill-line", "kill-region", "kill-whole-line", "kill-word", "menu-complete",
    "menu-complete-backward", "next-history", "next-screen-line", "non-incremental-forward-search-history",
    "non-incremental-forward-search-history-again", "non-incremental-reverse-search-history",
    "non-incremental-reverse-search-history-again", "old-menu-complete", "operate-and-get-next",
    "overwrite-mode", "possible-completions", "previous-history", "previous-screen-line",
    "print-last-kbd-macro", "quoted-insert", "re-read-init-file", "redraw-current-line",
    "reverse-search-history", "revert-line", "self-insert", "set-mark", "skip-csi-sequence", "start-kbd-macro",
    "tab-insert", "tilde-expand", "transpose-chars", "transpose-words", "tty-status", "undo",
    "universal-argument", "unix-filename-rubout", "unix-line-discard", "unix-word-rubout", "upcase-word",
    "vi-append-eol", "vi-append-mode", "vi-arg-digit", "vi-bWord", "vi-back-to-indent", "vi-backward-bigword",
    "vi-backward-word", "vi-bword", "vi-change-case", "vi-change-char", "vi-change-to", "vi-char-search",
    "vi-column", "vi-complete", "vi-delete", "vi-delete-to", "vi-eWord", "vi-editing-mode", "vi-end-bigword",
    "vi-end-word", "vi-eof-maybe", "vi-eword", "vi-fWord", "vi-fetch-history", "vi-first-print",
    "vi-forward-bigword", "vi-forward-word", "vi-fword", "vi-goto-mark", "vi-insert-beg", "vi-insertion-mode",
    "vi-match", "vi-movement-mode", "vi-next-word", "vi-overstrike", "vi-overstrike-delete", "vi-prev-word",
    "vi-put", "vi-redo", "vi-replace", "vi-rubout", "vi-search", "vi-search-again", "vi-set-mark", "vi-subst",
    "vi-tilde-expand", "vi-undo", "vi-unix-word-rubout", "vi-yank-arg", "vi-yank-pop", "vi-yank-to", "yank",
    "yank-last-arg", "yank-nth-arg", "yank-pop",
];

/// `help` topics (`compgen -A helptopic`), in bash 5.2's order.
pub(super) const HELP_TOPICS: &[&str] = &[
    "%", "(( ... ))", ".", ":", "[", "[[ ... ]]", "alias", "bg", "bind", "break", "builtin", "caller", "case",
    "cd", "command", "compgen", "complete", "compopt", "continue", "coproc", "declare", "dirs", "disown",
    "echo", "enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "for", "for ((", "function",
    "getopts", "hash", "help", "history", "if", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
    "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "select", "set", "shift", "shopt",
    "source", "suspend", "test", "time", "times", "trap", "true", "type", "typeset", "ulimit", "umask",
    "unalias", "unset", "until", "variables", "wait", "while", "{ ... }",
];

/// Signal names and trap pseudo-signals (`compgen -A signal`) as bash 5.2 lists them on Linux.
pub(super) const SIGNALS: &[&str] = &[
    "EXIT", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL",
    "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
    "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF",
    "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS", "SIGJUNK(32)", "SIGJUNK(33)", "SIGRTMIN", "SIGRTMIN+1",
    "SIGRTMIN+2", "SIGRTMIN+3", "SIGRTMIN+4", "SIGRTMIN+5", "SIGRTMIN+6", "SIGRTMIN+7", "SIGRTMIN+8",
    "SIGRTMIN+9", "SIGRTMIN+10", "SIGRTMIN+11", "SIGRTMIN+12", "SIGRTMIN+13", "SIGRTMIN+14", "SIGRTMIN+15",
    "SIGRTMAX-14", "SIGRTMAX-13", "SIGRTMAX-12", "SIGRTMAX-11", "SIGRTMAX-10", "SIGRTMAX-9", "SIGRTMAX-8",
    "SIGRTMAX-7", "SIGRTMAX-6", "SIGRTMAX-5", "SIGRTMAX-4", "SIGRTMAX-3", "SIGRTMAX-2", "SIGRTMAX-1",
    "SIGRTMAX", "DEBUG", "ERR", "RETURN",
];

/// Reserved words (`compgen -k`), in bash's table order.
pub(super) const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in",
    "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

/// `compgen --help`.
pub(super) const COMPGEN_HELP: &str = r#"compgen: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
    Display possible completions depending on the options.
    
    Intended to be used from within a shell function generating possible
    completions.  If the optional WORD argument is supplied, matches against
    WORD are generated.
    
    Exit Status:
    Returns success unless an invalid option is supplied or an error occurs.
"#;

/// `complete --help`.
pub(super) const COMPLETE_HELP: &str = r#"complete: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
    Specify how arguments are to be completed by Readline.
    
    For each NAME, specify how arguments are to be completed.  If no options
    are supplied, existing completion specifications are printed in a way that
    allows them to be reused as input.
    
    Options:
      -p	print existing completion specifications in a reusable format
      -r	remove a completion specification for each NAME, or, if no
    		NAMEs are supplied, all completion specifications
      -D	apply the completions and actions as the default for commands
    		without any specific completion defined
      -E	apply the completions and actions to "empty" commands --
    		completion attempted on a blank line
      -I	apply the completions and actions to the initial (usually the
    		command) word
    
    When completion is attempted, the actions are applied in the order the
    uppercase-letter options are listed above. If multiple options are supplied,
    the -D option takes precedence over -E, and both take precedence over -I.
    
    Exit Status:
    Returns success unless an invalid option is supplied or an error occurs.
"#;

/// `compopt --help`.
pub(super) const COMPOPT_HELP: &str = r#"compopt: compopt [-o|+o option] [-DEI] [name ...]
    Modify or display completion options.
    
    Modify the completion options for each NAME, or, if no NAMEs are supplied,
    the completion currently being executed.  If no OPTIONs are given, print
    the completion options for each NAME or the current completion specification.
    
    Options:
    	-o option	Set completion option OPTION for each NAME
    	-D		Change options for the "default" command completion
    	-E		Change options for the "empty" command completion
    	-I		Change options for completion on the initial word
    
    Using `+o' instead of `-o' turns off the specified option.
    
    Arguments:
    
    Each NAME refers to a command for which a completion specification must
    have previously been defined using the `complete' builtin.  If no NAMEs
    are supplied, compopt must be called by a function currently generating
    completions, and the options for that currently-executing completion
    generator are modified.
    
    Exit Status:
    Returns success unless an invalid option is supplied or NAME does not
    have a completion specification defined.
"#;
