//! Compiled expressions by text, per thread: a loop evaluates the same few texts over and
//! over (`(( i < n ))`, `i++`, a subscript), and parsing them again each time was most of an
//! arithmetic loop's cost.
//!
//! A text is compiled the second time it is seen, so that texts made fresh each time
//! (`$(( $i + 1 ))` expands to new text per iteration) cost one table insertion and no
//! compilation. The script chooses the keys: the table is bounded, and emptied when full.

use std::cell::RefCell;
use std::rc::Rc;

use super::compile::{compile, Compiled, MAX_LEN};
use crate::util::fxhash::FxHashMap;

/// Most texts remembered.
const CAPACITY: usize = 256;

/// What is known of a text.
enum Entry {
    /// Seen once: compiled when seen again.
    Seen,
    Compiled(Rc<Compiled>),
    /// Not compilable: always parsed.
    Parsed,
}

thread_local! {
    static CACHE: RefCell<FxHashMap<Box<str>, Entry>> = RefCell::new(FxHashMap::default());
}

/// The compiled form of `src` (not blank), if it has one and has been seen before.
pub(in super::super) fn lookup(src: &str) -> Option<Rc<Compiled>> {
    if src.len() > MAX_LEN {
        return None;
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        match cache.get_mut(src) {
            Some(Entry::Compiled(c)) => Some(Rc::clone(c)),
            Some(Entry::Parsed) => None,
            Some(e @ Entry::Seen) => {
                let compiled = compile(src).map(Rc::new);
                *e = compiled.as_ref().map_or(Entry::Parsed, |c| Entry::Compiled(Rc::clone(c)));
                compiled
            }
            None => {
                if cache.len() >= CAPACITY {
                    cache.clear();
                }
                cache.insert(src.into(), Entry::Seen);
                None
            }
        }
    })
}
