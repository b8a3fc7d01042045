//! Bash arithmetic: `$(( ))`, `(( ))`, `let`, indexed-array subscripts and `declare -i`.
//!
//! The evaluator mirrors bash's `expr.c`: a recursive-descent parser that evaluates while it
//! parses (so side effects and error tokens happen in the same order as in bash), with a
//! "no evaluation" mode for the skipped sides of `&&`, `||` and `?:`. Values are `i64` with
//! wrapping arithmetic. A variable's value is itself evaluated as an expression (recursively,
//! at most [`MAX_RECURSION`] levels deep).
//!
//! Errors carry the text bash prints after `bash: line N: ` (or after `let: ` / `((: `):
//! `EXPR: MESSAGE (error token is "TOKEN")`.

mod eval;
mod number;

#[cfg(test)]
mod tests;

#[cfg(test)]
pub use number::parse_number;
pub(crate) use number::fast_decimal;

/// Maximum nesting of expression contexts (a variable whose value is evaluated, a subscript),
/// as bash's `MAX_EXPR_RECURSION_LEVEL`.
pub const MAX_RECURSION: usize = 1024;

/// The shell state arithmetic reads and writes: implemented by the interpreter.
pub trait ArithEnv {
    /// Value text of a variable (scalar, or element 0 of an array); `Ok(None)` if unset.
    /// An `Err` (e.g. `x: unbound variable` under `set -u`) aborts evaluation with that text.
    fn get(&mut self, name: &str) -> Result<Option<String>, String>;
    /// Value text of `name[index]` (indexed array: the index was evaluated; associative array:
    /// the key text is given as written between the brackets).
    fn get_elem(&mut self, name: &str, index: &ArithIndex) -> Result<Option<String>, String>;
    /// Assign `value` to `name` or `name[index]`. An `Err` (e.g. `x: readonly variable`) aborts
    /// evaluation with that text.
    fn set(&mut self, name: &str, index: Option<&ArithIndex>, value: i64) -> Result<(), String>;
    /// Whether `name` is an associative array (its subscripts are keys, not expressions).
    fn is_assoc(&self, name: &str) -> bool;
    /// A shortcut for [`ArithEnv::get`]: the value of `name` when it is set to a plain decimal
    /// number (what `get` followed by evaluating the text would give), without copying the
    /// text. `None` means "use `get`".
    fn get_num(&mut self, _name: &str) -> Option<i64> {
        None
    }
    /// Expand `$...` and backquotes in an array subscript met while evaluating a variable's
    /// value (`x='a[$(cmd)]'; $((x))`), as bash does. The text as is by default.
    fn expand_subscript(&mut self, text: &str) -> Result<String, String> {
        Ok(text.to_string())
    }
    /// An indexed array's subscript failed to evaluate: bash reports the error without the
    /// command's name and abandons the command line (the interpreter notes it).
    fn subscript_failed(&mut self) {}
}

/// An array subscript as seen by [`ArithEnv`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArithIndex {
    /// An evaluated index of an indexed array (may be negative: counts from the end).
    Num(i64),
    /// The literal key text of an associative array.
    Key(String),
}

/// An arithmetic evaluation error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArithError {
    /// The full text, e.g. `1 + : syntax error: operand expected (error token is "+ ")`.
    pub message: String,
}

impl std::fmt::Display for ArithError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArithError {}

/// Evaluate an arithmetic expression (its `$`-expansions and quote removal already done).
/// Empty or blank text is 0.
pub fn eval(expr: &str, env: &mut dyn ArithEnv) -> Result<i64, ArithError> {
    if let Some(v) = number::fast_decimal(expr.as_bytes()) {
        return Ok(v);
    }
    eval::evaluate(expr, env, 0)
}

