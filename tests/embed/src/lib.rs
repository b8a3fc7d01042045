//! Nothing but the tests in `tests/`: they use kitsh as a dependency.
