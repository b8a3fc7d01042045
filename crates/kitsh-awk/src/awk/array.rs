//! awk arrays: elements by subscript, each a scalar or (gawk's arrays of arrays) a subarray,
//! visited by `for (k in a)` in gawk's order (see [`Layout`]). Lookups go through a hash map;
//! the layout only orders.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use super::order::Layout;
use super::value::{Str, Value};
use super::hash::KeyMap;

thread_local! {
    /// The elements of all live arrays of this thread's awk (bounded: [`MAX_ELEMS`]).
    static ELEMS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The most array elements a script may hold at once.
pub const MAX_ELEMS: usize = 8 << 20;

fn elems_add(n: isize) {
    ELEMS.with(|c| c.set(c.get().saturating_add_signed(n)));
}

/// The elements of all live arrays.
pub fn live_elems() -> usize {
    ELEMS.with(|c| c.get())
}

/// Start counting elements afresh (a new awk run).
pub fn reset_elems() {
    ELEMS.with(|c| c.set(0));
}

/// A shared array.
pub type ArrRef = Rc<RefCell<Array>>;

/// An array element.
#[derive(Clone)]
pub enum Elem {
    /// Made by a reference (`a[k]` read, `f(a[k])`) and never assigned (gawk's `Node_elem_new`):
    /// reads as uninitialised and may still become a subarray.
    New,
    /// A scalar.
    Val(Value),
    /// A subarray.
    Arr(ArrRef),
}

/// An element with its subscript.
struct Slot {
    key: Str,
    elem: Elem,
    /// The subscript was input text (a strnum): so it comes back from `for (k in a)` unless
    /// gawk keeps it as an integer.
    strnum: bool,
}

/// An associative array.
pub struct Array {
    map: KeyMap<Str, u32>,
    slots: Vec<Option<Slot>>,
    free: Vec<u32>,
    layout: Layout,
    /// The variable's name, or a subarray's subscript.
    name: Rc<str>,
    /// The array a subarray is in.
    parent: Option<Weak<RefCell<Array>>>,
}

impl Array {
    /// An empty array, variable `name`'s.
    pub fn new(name: &str) -> Array {
        Array { map: KeyMap::default(), slots: Vec::new(), free: Vec::new(), layout: Layout::default(), name: Rc::from(name), parent: None }
    }

    /// A new empty subarray, element `key` of `parent`.
    pub fn sub(parent: &ArrRef, key: &[u8]) -> ArrRef {
        let mut a = Array::new(&String::from_utf8_lossy(key));
        a.parent = Some(Rc::downgrade(parent));
        Rc::new(RefCell::new(a))
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether it has no elements.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Whether `k` is present.
    pub fn contains(&self, k: &[u8]) -> bool {
        self.map.contains_key(k)
    }

    /// The element `k`.
    pub fn get(&self, k: &[u8]) -> Option<&Elem> {
        let i = *self.map.get(k)?;
        self.slots.get(i as usize)?.as_ref().map(|s| &s.elem)
    }

    /// The scalar value of `k` (uninitialised for a missing or new element or a subarray).
    pub fn value(&self, k: &[u8]) -> Option<Value> {
        match self.get(k)? {
            Elem::Val(v) => Some(v.clone()),
            _ => Some(Value::Uninit),
        }
    }

    /// The element `k`, made ([`Elem::New`]) when missing; `strnum`: the subscript is input
    /// text.
    pub fn entry(&mut self, k: &Str, strnum: bool) -> &mut Elem {
        let i = match self.map.get(&k[..]) {
            Some(&i) => i,
            None => self.insert(k.clone(), strnum),
        };
        let slot = self.slots[i as usize].get_or_insert_with(|| Slot { key: k.clone(), elem: Elem::New, strnum });
        &mut slot.elem
    }

    fn insert(&mut self, k: Str, strnum: bool) -> u32 {
        let slot = Slot { key: k.clone(), elem: Elem::New, strnum };
        let i = match self.free.pop() {
            Some(i) => {
                self.slots[i as usize] = Some(slot);
                i
            }
            None => {
                self.slots.push(Some(slot));
                (self.slots.len() - 1) as u32
            }
        };
        self.layout.insert(&k, i);
        self.map.insert(k, i);
        elems_add(1);
        i
    }

    /// Set `k` to a scalar.
    pub fn set(&mut self, k: Str, v: Value) {
        *self.entry(&k, false) = Elem::Val(v);
    }

    /// Remove `k`, returning it.
    pub fn remove(&mut self, k: &[u8]) -> Option<Elem> {
        let i = self.map.remove(k)?;
        let slot = self.slots.get_mut(i as usize)?.take()?;
        self.layout.remove(k, i);
        self.free.push(i);
        elems_add(-1);
        if self.is_empty() {
            self.slots.clear();
            self.free.clear();
        }
        Some(slot.elem)
    }

    /// Remove everything.
    pub fn clear(&mut self) {
        elems_add(-(self.map.len() as isize));
        self.map.clear();
        self.slots.clear();
        self.free.clear();
        self.layout.clear();
    }

    /// Each element in gawk's order with whether its subscript comes out as a strnum.
    fn visit(&self, f: &mut dyn FnMut(&Slot, bool)) {
        self.layout.visit(&mut |i, int| {
            if let Some(Some(s)) = self.slots.get(i as usize) {
                f(s, s.strnum && !int);
            }
        });
    }

    /// The subscripts as `for (k in a)` assigns them, in its order.
    pub fn keys(&self) -> Vec<Value> {
        let mut out = Vec::with_capacity(self.len());
        self.visit(&mut |s, strnum| out.push(if strnum { Value::StrNum(s.key.clone()) } else { Value::Str(s.key.clone()) }));
        out
    }

    /// The subscripts and elements, in `for (k in a)`'s order.
    pub fn entries(&self) -> Vec<(Str, Elem)> {
        let mut out = Vec::with_capacity(self.len());
        self.visit(&mut |s, _| out.push((s.key.clone(), s.elem.clone())));
        out
    }

    /// A copy whose subarrays are still this one's.
    fn shallow_copy(&self, name: Rc<str>, parent: Option<Weak<RefCell<Array>>>) -> Array {
        let slots = self.slots.iter().map(|s| s.as_ref().map(|s| Slot { key: s.key.clone(), elem: s.elem.clone(), strnum: s.strnum })).collect();
        elems_add(self.len() as isize);
        Array { map: self.map.clone(), slots, free: self.free.clone(), layout: self.layout.clone(), name, parent }
    }

    /// A copy of `src` as subarray `key` of `parent`, its subarrays copied too (gawk's
    /// `assoc_copy`: the same order).
    pub fn deep_copy(src: &Array, parent: &ArrRef, key: &[u8]) -> ArrRef {
        let top = Rc::new(RefCell::new(src.shallow_copy(Rc::from(String::from_utf8_lossy(key).as_ref()), Some(Rc::downgrade(parent)))));
        // level by level, without recursion: nesting may be deep
        let mut work = vec![top.clone()];
        while let Some(dst) = work.pop() {
            let subs: Vec<(usize, ArrRef)> = dst
                .borrow()
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, s)| match s.as_ref().map(|s| &s.elem) {
                    Some(Elem::Arr(a)) => Some((i, a.clone())),
                    _ => None,
                })
                .collect();
            for (i, s) in subs {
                let copy = {
                    let s = s.borrow();
                    Rc::new(RefCell::new(s.shallow_copy(s.name.clone(), Some(Rc::downgrade(&dst)))))
                };
                if let Some(Some(slot)) = dst.borrow_mut().slots.get_mut(i) {
                    slot.elem = Elem::Arr(copy.clone());
                }
                work.push(copy);
            }
        }
        top
    }
}

/// How gawk names an array in messages: `x`, or `x["i"]["j"]` for a subarray.
pub fn full_name(a: &ArrRef) -> String {
    let mut parts = Vec::new();
    let mut cur = Some(a.clone());
    while let Some(c) = cur {
        let Ok(arr) = c.try_borrow() else { break };
        let up = arr.parent.as_ref().and_then(Weak::upgrade);
        parts.push(if up.is_some() { format!("[\"{}\"]", arr.name) } else { arr.name.to_string() });
        cur = up;
    }
    parts.reverse();
    parts.concat()
}

/// Whether `a` is a subarray (at any depth) of `outer`.
pub fn within(a: &ArrRef, outer: &ArrRef) -> bool {
    let mut cur = a.try_borrow().ok().and_then(|x| x.parent.as_ref().and_then(Weak::upgrade));
    while let Some(c) = cur {
        if Rc::ptr_eq(&c, outer) {
            return true;
        }
        cur = c.try_borrow().ok().and_then(|x| x.parent.as_ref().and_then(Weak::upgrade));
    }
    false
}

/// The name of element `key` of `a` as a subarray: `a["key"]`.
pub fn sub_name(a: &ArrRef, key: &[u8]) -> String {
    format!("{}[\"{}\"]", full_name(a), String::from_utf8_lossy(key))
}

impl Drop for Array {
    fn drop(&mut self) {
        elems_add(-(self.map.len() as isize));
        // subarrays no one else holds are taken apart here, not by recursion: nesting may be
        // deep
        fn take(slots: &mut [Option<Slot>], pending: &mut Vec<ArrRef>) {
            for s in slots.iter_mut().flatten() {
                if matches!(&s.elem, Elem::Arr(a) if Rc::strong_count(a) == 1) {
                    if let Elem::Arr(a) = std::mem::replace(&mut s.elem, Elem::New) {
                        pending.push(a);
                    }
                }
            }
        }
        let mut pending: Vec<ArrRef> = Vec::new();
        take(&mut self.slots, &mut pending);
        while let Some(a) = pending.pop() {
            if let Ok(cell) = Rc::try_unwrap(a) {
                let mut inner = cell.into_inner();
                take(&mut inner.slots, &mut pending);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Str {
        Rc::from(s.as_bytes())
    }

    fn keys(a: &Array) -> Vec<String> {
        a.keys().iter().map(|v| String::from_utf8_lossy(&v.to_str(b"%.6g")).into_owned()).collect()
    }

    #[test]
    fn elements_and_order() {
        let mut a = Array::new("a");
        for x in ["10", "9", "x", "1"] {
            a.set(k(x), Value::Num(1.0));
        }
        assert_eq!(keys(&a), ["x", "1", "9", "10"]);
        assert!(a.remove(b"9").is_some());
        assert!(a.remove(b"9").is_none());
        assert_eq!(keys(&a), ["x", "1", "10"]);
        a.entry(&k("y"), true);
        assert!(matches!(a.get(b"y"), Some(Elem::New)));
        assert_eq!(a.len(), 4);
        let holder = Rc::new(RefCell::new(Array::new("h")));
        let c = Array::deep_copy(&a, &holder, b"1");
        assert_eq!(keys(&c.borrow()), keys(&a));
        assert_eq!(full_name(&c), "h[\"1\"]");
        a.clear();
        assert!(a.is_empty());
        assert_eq!(c.borrow().len(), 4);
    }

    #[test]
    fn deep_nesting_drops_without_recursion() {
        let top = Rc::new(RefCell::new(Array::new("a")));
        let mut cur = top.clone();
        for _ in 0..200_000 {
            let s = Array::sub(&cur, b"1");
            *cur.borrow_mut().entry(&k("1"), false) = Elem::Arr(s.clone());
            cur = s;
        }
        assert_eq!(full_name(&Array::sub(&top, b"x")), "a[\"x\"]");
        drop(cur);
        drop(top);
    }

    #[test]
    fn strnum_subscripts() {
        let mut a = Array::new("a");
        a.entry(&k("abc"), true);
        a.entry(&k("10"), true);
        a.entry(&k("01"), true);
        let kinds: Vec<bool> = a.keys().iter().map(|v| matches!(v, Value::StrNum(_))).collect();
        // "abc" starts a string array: every subscript keeps its kind
        assert_eq!(kinds, [true, true, true]);
        let mut b = Array::new("b");
        b.entry(&k("10"), true);
        b.entry(&k("01"), true);
        let kinds: Vec<(String, bool)> = b.keys().iter().map(|v| (String::from_utf8_lossy(&v.to_str(b"")).into_owned(), matches!(v, Value::StrNum(_)))).collect();
        assert_eq!(kinds, [("01".to_string(), true), ("10".to_string(), false)]);
    }
}
