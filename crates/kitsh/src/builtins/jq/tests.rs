//! Unit tests of the `jq` command: options, exit statuses, output formats, errors.

use super::Jq;
use crate::builtins::testing::{run, Out};
use crate::builtins::args::testfs::NOFS;

fn jq(args: &[&str], input: &str) -> Out {
    run(&Jq, "jq", args, input.as_bytes(), &*NOFS, "/")
}

#[test]
fn identity_pretty() {
    let o = jq(&["."], "{\"a\":[1,2.0,\"x\"],\"b\":{}}");
    assert_eq!(o.out(), "{\n  \"a\": [\n    1,\n    2.0,\n    \"x\"\n  ],\n  \"b\": {}\n}\n");
    assert_eq!(o.status, 0);
}
