//! Syntax errors reported by the parser.

/// A syntax error, with what bash prints for it.
///
/// bash prints `NAME: line LINE: MESSAGE` and, when `source_line` is not empty, a second line
/// `` NAME: line LINE: `SOURCE_LINE' ``. A few `[[ ]]` errors are silent in bash: their
/// `message` is empty and nothing should be printed (the status is still 2).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// The line of the error (1-based, counting from `ParseOptions::start_line`).
    pub line: u32,
    /// The message, e.g. ``syntax error near unexpected token `fi'``.
    pub message: String,
    /// The source line text for bash's second error line; empty when bash prints none.
    pub source_line: String,
    /// True when the error is an unexpected end of input (more input could complete it).
    pub incomplete: bool,
    /// True when bash abandons only the command line it was reading (a token that cannot be
    /// an element of an array literal, `a=( x=() )`: bash finds it while it reads the
    /// assignment and jumps to its top level): the status is 1 and the next line runs.
    pub discard: bool,
}
