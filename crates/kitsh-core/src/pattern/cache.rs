//! Compiled patterns by text, per thread: `case` arms, `[[ $x == pat ]]` and `${x//pat/rep}`
//! in a loop match against the same few patterns each time, and compiling one cost more
//! than matching it. The script chooses the keys: the table is bounded, and emptied when
//! full; long patterns are not kept.

use std::cell::RefCell;
use std::rc::Rc;

use super::{MatchOpts, Pattern};
use crate::util::fxhash::FxHashMap;

/// Most pattern texts remembered.
const CAPACITY: usize = 128;
/// Longest pattern text remembered.
const MAX_LEN: usize = 256;

/// The compiled forms of one text, by options.
type Forms = Vec<(MatchOpts, Rc<Pattern>)>;

thread_local! {
    static CACHE: RefCell<FxHashMap<Box<str>, Forms>> = RefCell::new(FxHashMap::default());
}

/// `Pattern::new(pat, opts)`, compiled once per thread while it stays in the table.
pub fn compiled(pat: &str, opts: MatchOpts) -> Rc<Pattern> {
    if pat.len() > MAX_LEN {
        return Rc::new(Pattern::new(pat, opts));
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(forms) = cache.get_mut(pat) {
            if let Some((_, p)) = forms.iter().find(|(o, _)| *o == opts) {
                return Rc::clone(p);
            }
            let p = Rc::new(Pattern::new(pat, opts));
            forms.push((opts, Rc::clone(&p)));
            return p;
        }
        if cache.len() >= CAPACITY {
            cache.clear();
        }
        let p = Rc::new(Pattern::new(pat, opts));
        cache.insert(pat.into(), vec![(opts, Rc::clone(&p))]);
        p
    })
}
