//! Tests of `compgen`, `complete` and `compopt`; expected values checked against bash 5.2.

use super::super::run_for_test as out;

#[test]
fn compgen_functions_sorted() {
    assert_eq!(out("add () { :; }; __ec () { :; }; _ab () { :; }; Zed() { :; }; compgen -A function"), "Zed\n__ec\n_ab\nadd\n0");
    assert_eq!(out("__ec () { :; }; _ab () { :; }; add() { :; }; compgen -A function _"), "__ec\n_ab\n0");
}
