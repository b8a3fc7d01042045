//! Small helpers shared across layers.

pub mod bytes;
pub mod cancelled;
pub mod fxhash;
pub mod int;
pub mod locale;
pub mod posix_re;
pub mod printf;
pub mod quote;
pub mod signals;
pub mod spin;
pub mod test_expr;
pub mod time;
