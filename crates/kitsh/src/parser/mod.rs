//! The bash parser: source text to [`ast`].

pub mod ast;
