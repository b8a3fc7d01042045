//! The order `for (k in a)` visits an array in: gawk 5.2's, which is the order of its array
//! representations. [`Layout`] keeps, for every element, the place gawk would keep it in and
//! lists the elements the way gawk's `assoc_list` does:
//!
//! - an array whose first subscript is an integer `>= 0` is a *cint* array (`cint_array.c`):
//!   such integers sit in power-of-two blocks and come out ascending; the others (negative or
//!   not integers, and integers past its waste threshold) go to a second array listed first;
//! - an array whose first subscript is a negative integer is an *int* array (`int_array.c`):
//!   integers in a hash table of two-element buckets, the other subscripts in a string array
//!   listed first;
//! - any other array is a *str* array (`str_array.c`): a hash table (sdbm hash, prime sizes,
//!   chains with the newest element first) grown when chains average more than 2 elements.
//!
//! An integer here is a subscript as `%d` writes a 32-bit integer (`"12"`, `"-3"`, not `"012"`,
//! `"+1"` or `"1.0"`). An array emptied by deletion starts afresh with its next subscript.
//! Elements are named by the caller's slot numbers; lookups stay with the caller, this only
//! orders, at O(1) amortised per insertion and deletion.

use super::hash::KeyMap;

/// No node: the end of a chain, an empty bucket or leaf place.
const NIL: u32 = u32::MAX;

/// gawk's hash table sizes (`grow_table`, `grow_int_table`).
const SIZES: [u32; 21] = [
    13, 127, 1021, 8191, 16381, 32749, 65497, 131101, 262147, 524309, 1048583, 2097169, 4194319, 8388617, 16777259, 33554467, 67108879,
    134217757, 268435459, 536870923, 1073741827,
];

/// A hash table grows when its elements over its buckets (integer division) pass this
/// (`STR_CHAIN_MAX`, `INT_CHAIN_MAX`).
const CHAIN_MAX: usize = 2;

/// cint arrays: blocks of at most 2^NHAT elements...
const NHAT: u32 = 10;

/// ...and at most this much unused room (`THRESHOLD` = 2^(NHAT+1)) before integers go elsewhere.
const THRESHOLD: i64 = 1 << (NHAT + 1);

/// The hash table size after `cur` (`None`: at the largest already).
fn next_size(cur: usize) -> Option<usize> {
    SIZES.iter().map(|&s| s as usize).find(|&s| s > cur)
}

/// gawk's string hash (`awk_hash`: sdbm, `h = c + 65599 h` over signed chars, 32 bits).
pub fn str_hash(s: &[u8]) -> u32 {
    s.iter().fold(0u32, |h, &c| (c as i8 as i32 as u32).wrapping_add(h.wrapping_mul(65599)))
}

/// gawk's integer hash (`int_hash`: the final mix of Hsieh's SuperFastHash) modulo `size`.
fn int_hash(k: i32, size: usize) -> usize {
    let mut k = k as u32;
    k ^= k << 3;
    k = k.wrapping_add(k >> 5);
    k ^= k << 4;
    k = k.wrapping_add(k >> 17);
    k ^= k << 25;
    k = k.wrapping_add(k >> 6);
    k as usize % size
}

/// The integer gawk's integer arrays take a subscript for: `0` or `-?[1-9][0-9]*` within 32 bits.
pub fn int_key(s: &[u8]) -> Option<i32> {
    if s == b"0" {
        return Some(0);
    }
    let (neg, digits) = match s.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, s),
    };
    if digits.is_empty() || digits.len() > 10 || digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = digits.iter().fold(0i64, |v, &d| v * 10 + i64::from(d - b'0'));
    let v = if neg { -v } else { v };
    i32::try_from(v).ok()
}

/// A subscript as the layout sees it.
#[derive(Clone, Copy)]
struct Key<'k> {
    text: &'k [u8],
    int: Option<i32>,
}

/// One of gawk's array representations.
#[derive(Clone, Default)]
enum Part {
    /// Empty: the next subscript decides.
    #[default]
    Null,
    Str(StrPart),
    Int(IntPart),
    Cint(CintPart),
}

impl Part {
    /// The representation an empty array takes for its first subscript (`null_lookup`).
    fn for_first(k: Key<'_>) -> Part {
        match k.int {
            Some(i) if i >= 0 => Part::Cint(CintPart::default()),
            Some(_) => Part::Int(IntPart::default()),
            None => Part::Str(StrPart::default()),
        }
    }

    fn insert(&mut self, k: Key<'_>, slot: u32) {
        if let Part::Null = self {
            *self = Part::for_first(k);
        }
        match self {
            Part::Null => {}
            Part::Str(s) => s.insert(str_hash(k.text), slot),
            Part::Int(p) => p.insert(k, slot),
            Part::Cint(c) => c.insert(k, slot),
        }
    }

    /// Remove an element known to be here; the part may change kind (emptied: `Null`; a cint
    /// or int array without integers: its other array).
    fn remove(&mut self, k: Key<'_>, slot: u32) {
        let next = match self {
            Part::Null => return,
            Part::Str(s) => {
                s.remove(str_hash(k.text), slot);
                (s.len == 0).then_some(Part::Null)
            }
            Part::Int(p) => {
                p.remove(k, slot);
                if p.n == 0 {
                    Some(p.xn.take().map_or(Part::Null, Part::Str))
                } else {
                    None
                }
            }
            Part::Cint(c) => {
                c.remove(k, slot);
                if c.n == 0 {
                    Some(c.xn.take().map_or(Part::Null, |x| *x))
                } else {
                    None
                }
            }
        };
        if let Some(n) = next {
            *self = n;
        }
    }

    fn visit(&self, f: &mut dyn FnMut(u32, bool)) {
        match self {
            Part::Null => {}
            Part::Str(s) => s.visit(&mut |slot| f(slot, false)),
            Part::Int(p) => p.visit(f),
            Part::Cint(c) => c.visit(f),
        }
    }
}

/// A node of a string chain.
#[derive(Clone, Copy)]
struct StrNode {
    slot: u32,
    code: u32,
    next: u32,
}

/// gawk's `str_array`: buckets of chains, the newest element first.
#[derive(Clone)]
struct StrPart {
    heads: Vec<u32>,
    nodes: Vec<StrNode>,
    /// The first unused node (a list through `next`).
    free: u32,
    len: usize,
}

impl Default for StrPart {
    fn default() -> Self {
        StrPart { heads: Vec::new(), nodes: Vec::new(), free: NIL, len: 0 }
    }
}

impl StrPart {
    fn insert(&mut self, code: u32, slot: u32) {
        if self.heads.is_empty() {
            self.grow();
        }
        self.len += 1;
        if self.len / self.heads.len() > CHAIN_MAX {
            self.grow();
        }
        let b = code as usize % self.heads.len();
        let node = StrNode { slot, code, next: self.heads[b] };
        let i = if self.free != NIL {
            let i = self.free;
            self.free = self.nodes[i as usize].next;
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.heads[b] = i;
    }

    /// A bigger table: each old chain in bucket order, front to back, pushed onto the front
    /// of its new chain.
    fn grow(&mut self) {
        let Some(size) = next_size(self.heads.len()) else { return };
        let mut heads = vec![NIL; size];
        for &h in &self.heads {
            let mut n = h;
            while n != NIL {
                let node = &mut self.nodes[n as usize];
                let next = node.next;
                let b = node.code as usize % size;
                node.next = heads[b];
                heads[b] = n;
                n = next;
            }
        }
        self.heads = heads;
    }

    fn remove(&mut self, code: u32, slot: u32) {
        if self.heads.is_empty() {
            return;
        }
        let b = code as usize % self.heads.len();
        let mut prev = NIL;
        let mut n = self.heads[b];
        while n != NIL {
            let node = self.nodes[n as usize];
            if node.slot == slot {
                if prev == NIL {
                    self.heads[b] = node.next;
                } else {
                    self.nodes[prev as usize].next = node.next;
                }
                self.nodes[n as usize].next = self.free;
                self.free = n;
                self.len -= 1;
                if self.len == 0 {
                    *self = StrPart::default();
                }
                return;
            }
            prev = n;
            n = node.next;
        }
    }

    fn visit(&self, f: &mut dyn FnMut(u32)) {
        for &h in &self.heads {
            let mut n = h;
            while n != NIL {
                let node = &self.nodes[n as usize];
                f(node.slot);
                n = node.next;
            }
        }
    }
}

/// A bucket of gawk's `int_array`: two elements.
#[derive(Clone, Copy)]
struct IntBucket {
    num: [i32; 2],
    slot: [u32; 2],
    count: u8,
    next: u32,
}

/// gawk's `int_array`: integers in chains of two-element buckets (only a chain's first bucket
/// may be half full), the other subscripts in a string array (`xn`).
#[derive(Clone)]
struct IntPart {
    heads: Vec<u32>,
    buckets: Vec<IntBucket>,
    /// The first unused bucket (a list through `next`).
    free: u32,
    /// The integer elements.
    n: usize,
    xn: Option<StrPart>,
}

impl Default for IntPart {
    fn default() -> Self {
        IntPart { heads: Vec::new(), buckets: Vec::new(), free: NIL, n: 0, xn: None }
    }
}

impl IntPart {
    fn insert(&mut self, k: Key<'_>, slot: u32) {
        let Some(i) = k.int else {
            self.xn.get_or_insert_with(StrPart::default).insert(str_hash(k.text), slot);
            return;
        };
        if self.heads.is_empty() {
            self.grow();
        }
        self.n += 1;
        if self.n / self.heads.len() > CHAIN_MAX {
            self.grow();
        }
        let h = int_hash(i, self.heads.len());
        self.push(h, i, slot);
    }

    /// `int_insert`: into the chain's first bucket when it has room, else a new first bucket.
    fn push(&mut self, h: usize, num: i32, slot: u32) {
        let head = self.heads[h];
        if head != NIL && self.buckets[head as usize].count == 1 {
            let b = &mut self.buckets[head as usize];
            b.num[1] = num;
            b.slot[1] = slot;
            b.count = 2;
            return;
        }
        let b = IntBucket { num: [num, 0], slot: [slot, NIL], count: 1, next: head };
        let i = if self.free != NIL {
            let i = self.free;
            self.free = self.buckets[i as usize].next;
            self.buckets[i as usize] = b;
            i
        } else {
            self.buckets.push(b);
            (self.buckets.len() - 1) as u32
        };
        self.heads[h] = i;
    }

    fn release(&mut self, i: u32) {
        self.buckets[i as usize].next = self.free;
        self.free = i;
    }

    /// A bigger table, filled in the old table's order (`grow_int_table`).
    fn grow(&mut self) {
        let Some(size) = next_size(self.heads.len()) else { return };
        let mut items = Vec::with_capacity(self.n);
        self.visit_ints(&mut |num, slot| items.push((num, slot)));
        self.heads = vec![NIL; size];
        self.buckets.clear();
        self.free = NIL;
        for (num, slot) in items {
            self.push(int_hash(num, size), num, slot);
        }
    }

    fn remove(&mut self, k: Key<'_>, slot: u32) {
        let Some(num) = k.int else {
            if let Some(x) = &mut self.xn {
                x.remove(str_hash(k.text), slot);
                if x.len == 0 {
                    self.xn = None;
                }
            }
            return;
        };
        if self.heads.is_empty() {
            return;
        }
        let h = int_hash(num, self.heads.len());
        let mut prev = NIL;
        let mut b = self.heads[h];
        while b != NIL {
            let bk = self.buckets[b as usize];
            if let Some(i) = (0..bk.count as usize).find(|&i| bk.num[i] == num && bk.slot[i] == slot) {
                self.take(h, prev, b, i);
                self.n -= 1;
                if self.n == 0 {
                    self.heads.clear();
                    self.buckets.clear();
                    self.free = NIL;
                }
                return;
            }
            prev = b;
            b = bk.next;
        }
    }

    /// Take element `i` out of bucket `b` of chain `h` as `int_remove` does: a bucket left
    /// half full other than the first is refilled from the first.
    fn take(&mut self, h: usize, prev: u32, b: u32, i: usize) {
        let bk = &mut self.buckets[b as usize];
        if i == 0 && bk.count == 2 {
            bk.num[0] = bk.num[1];
            bk.slot[0] = bk.slot[1];
        }
        bk.count -= 1;
        if bk.count == 0 {
            let next = bk.next;
            if prev == NIL {
                self.heads[h] = next;
            } else {
                self.buckets[prev as usize].next = next;
            }
            self.release(b);
        } else if b != self.heads[h] {
            let head = self.heads[h];
            let hb = &mut self.buckets[head as usize];
            hb.count -= 1;
            let j = hb.count as usize;
            let (num, slot, left, next) = (hb.num[j], hb.slot[j], hb.count, hb.next);
            let bk = &mut self.buckets[b as usize];
            bk.num[1] = num;
            bk.slot[1] = slot;
            bk.count = 2;
            if left == 0 {
                self.heads[h] = next;
                self.release(head);
            }
        }
    }

    fn visit_ints(&self, f: &mut dyn FnMut(i32, u32)) {
        for &h in &self.heads {
            let mut b = h;
            while b != NIL {
                let bk = &self.buckets[b as usize];
                for i in 0..bk.count as usize {
                    f(bk.num[i], bk.slot[i]);
                }
                b = bk.next;
            }
        }
    }

    fn visit(&self, f: &mut dyn FnMut(u32, bool)) {
        if let Some(x) = &self.xn {
            x.visit(&mut |slot| f(slot, false));
        }
        self.visit_ints(&mut |_, slot| f(slot, true));
    }
}

/// A block of consecutive integers of a cint array.
#[derive(Clone)]
struct Leaf {
    slots: Box<[u32]>,
    count: u32,
}

/// gawk's `cint_array`: integers `>= 0` in blocks whose sizes grow with the numbers (listed
/// ascending), the rest in another array (`xn`, an int or str array).
#[derive(Clone, Default)]
struct CintPart {
    /// The elements in blocks.
    n: usize,
    /// The blocks' total size (`array_capacity`).
    capacity: i64,
    /// The integers below 2^NHAT (blocks of 32) by value, as far as the highest block used.
    low: Vec<u32>,
    /// The elements in each of those blocks.
    low_count: [u16; LOW_BLOCKS],
    /// The blocks of larger integers, by first integer.
    leaves: KeyMap<u32, Leaf>,
    xn: Option<Box<Part>>,
}

/// The size of the blocks of integers below 2^NHAT, and their number.
const LOW_BLOCK: u32 = 32;
const LOW_BLOCKS: usize = (1 << NHAT) / LOW_BLOCK as usize;

/// `cint_hash`: the power-of-two group of `k` (`NHAT` for `k < 2^NHAT`, else 1 + log2 k).
fn cint_group(k: u32) -> u32 {
    if k == 0 {
        return NHAT;
    }
    let r = 31 - k.leading_zeros();
    if r < NHAT {
        NHAT
    } else {
        r + 1
    }
}

/// The block holding `k`: its first integer and size (`tree_lookup` down to `leaf_lookup`).
fn leaf_of(k: u32) -> (u32, u32) {
    let g = cint_group(k);
    let (mut m, mut base) = if g - 1 < NHAT { (NHAT, 0u32) } else { (g - 1, 1u32 << (g - 1)) };
    loop {
        let n = m.div_ceil(2);
        let size = 1u32 << n;
        base += size * ((k - base) / size);
        if n > NHAT {
            m = n;
        } else {
            return (base, size);
        }
    }
}

/// The size `cint_lookup` reckons a new block for `k` takes when it weighs the waste.
fn block_estimate(k: u32) -> i64 {
    let mut li = (cint_group(k) - 1).max(NHAT);
    while li >= NHAT {
        li = li.div_ceil(2);
    }
    1 << li
}

impl CintPart {
    fn insert(&mut self, k: Key<'_>, slot: u32) {
        if let Some(i) = k.int.and_then(|i| u32::try_from(i).ok()) {
            if self.capacity + block_estimate(i) - self.n as i64 <= THRESHOLD {
                if i < 1 << NHAT {
                    let b = (i / LOW_BLOCK) as usize;
                    let end = (b + 1) * LOW_BLOCK as usize;
                    if self.low.len() < end {
                        self.low.resize(end, NIL);
                    }
                    if self.low_count[b] == 0 {
                        self.capacity += i64::from(LOW_BLOCK);
                    }
                    self.low_count[b] += 1;
                    self.low[i as usize] = slot;
                    self.n += 1;
                    return;
                }
                let (base, size) = leaf_of(i);
                let cap = &mut self.capacity;
                let leaf = self.leaves.entry(base).or_insert_with(|| {
                    *cap += i64::from(size);
                    Leaf { slots: vec![NIL; size as usize].into_boxed_slice(), count: 0 }
                });
                leaf.slots[(i - base) as usize] = slot;
                leaf.count += 1;
                self.n += 1;
                return;
            }
        }
        let xn = self.xn.get_or_insert_with(|| {
            Box::new(if k.int.is_some() { Part::Int(IntPart::default()) } else { Part::Str(StrPart::default()) })
        });
        xn.insert(k, slot);
    }

    fn remove(&mut self, k: Key<'_>, slot: u32) {
        if let Some(i) = k.int.and_then(|i| u32::try_from(i).ok()) {
            if let Some(place) = self.low.get_mut(i as usize) {
                if *place == slot {
                    *place = NIL;
                    let b = (i / LOW_BLOCK) as usize;
                    self.low_count[b] -= 1;
                    if self.low_count[b] == 0 {
                        self.capacity -= i64::from(LOW_BLOCK);
                    }
                    self.n -= 1;
                    return;
                }
            }
            let (base, size) = leaf_of(i);
            if let Some(leaf) = self.leaves.get_mut(&base) {
                let place = &mut leaf.slots[(i - base) as usize];
                if *place == slot {
                    *place = NIL;
                    leaf.count -= 1;
                    if leaf.count == 0 {
                        self.leaves.remove(&base);
                        self.capacity -= i64::from(size);
                    }
                    self.n -= 1;
                    return;
                }
            }
        }
        if let Some(x) = &mut self.xn {
            x.remove(k, slot);
            if let Part::Null = **x {
                self.xn = None;
            }
        }
    }

    fn visit(&self, f: &mut dyn FnMut(u32, bool)) {
        if let Some(x) = &self.xn {
            x.visit(f);
        }
        for &s in self.low.iter().filter(|&&s| s != NIL) {
            f(s, true);
        }
        let mut bases: Vec<u32> = self.leaves.keys().copied().collect();
        bases.sort_unstable();
        for b in bases {
            if let Some(leaf) = self.leaves.get(&b) {
                for &s in leaf.slots.iter().filter(|&&s| s != NIL) {
                    f(s, true);
                }
            }
        }
    }
}

/// Where gawk would keep each element of an array, for its traversal order.
#[derive(Clone, Default)]
pub struct Layout {
    top: Part,
}

impl Layout {
    /// Note a new element `key` kept in `slot`.
    pub fn insert(&mut self, key: &[u8], slot: u32) {
        self.top.insert(Key { text: key, int: int_key(key) }, slot);
    }

    /// Note the removal of element `key` (in `slot`).
    pub fn remove(&mut self, key: &[u8], slot: u32) {
        self.top.remove(Key { text: key, int: int_key(key) }, slot);
    }

    /// Forget every element.
    pub fn clear(&mut self) {
        self.top = Part::Null;
    }

    /// Each element's slot in gawk's order, with whether gawk keeps it as an integer (its
    /// subscript then comes out of `for (k in a)` as a string, not as the strnum it may have
    /// been).
    pub fn visit(&self, f: &mut dyn FnMut(u32, bool)) {
        self.top.visit(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(ops: &[(&str, bool)]) -> Vec<String> {
        let mut l = Layout::default();
        let mut slots: Vec<String> = Vec::new();
        let mut live: std::collections::HashMap<String, u32> = Default::default();
        for (k, add) in ops {
            if *add {
                if !live.contains_key(*k) {
                    slots.push(k.to_string());
                    let s = (slots.len() - 1) as u32;
                    live.insert(k.to_string(), s);
                    l.insert(k.as_bytes(), s);
                }
            } else if let Some(s) = live.remove(*k) {
                l.remove(k.as_bytes(), s);
            }
        }
        let mut out = Vec::new();
        l.visit(&mut |s, _| out.push(slots[s as usize].clone()));
        assert_eq!(out.len(), live.len());
        out
    }

    fn adds(keys: &[&str]) -> Vec<String> {
        order(&keys.iter().map(|k| (*k, true)).collect::<Vec<_>>())
    }

    #[test]
    fn integer_subscripts() {
        assert_eq!(int_key(b"0"), Some(0));
        assert_eq!(int_key(b"-12"), Some(-12));
        assert_eq!(int_key(b"2147483647"), Some(i32::MAX));
        assert_eq!(int_key(b"-2147483648"), Some(i32::MIN));
        for k in ["", "-", "-0", "01", "+1", "1.0", " 1", "1e2", "2147483648", "99999999999"] {
            assert_eq!(int_key(k.as_bytes()), None, "{k}");
        }
    }

    // the orders below are gawk 5.2.1's
    #[test]
    fn strings_by_hash() {
        assert_eq!(adds(&["x", "y", "z"]), ["x", "y", "z"]);
        assert_eq!(adds(&["banana", "apple", "cherry"]), ["apple", "banana", "cherry"]);
    }

    #[test]
    fn integers_ascending_others_first() {
        assert_eq!(adds(&["10", "9", "x", "1"]), ["x", "1", "9", "10"]);
        assert_eq!(adds(&["-1", "-2", "5", "q"]), ["q", "5", "-1", "-2"]);
    }

    #[test]
    fn emptied_array_starts_afresh() {
        let o = order(&[("a", true), ("a", false), ("2", true), ("1", true)]);
        assert_eq!(o, ["1", "2"]);
    }

    #[test]
    fn block_places() {
        assert_eq!(leaf_of(0), (0, 32));
        assert_eq!(leaf_of(1023), (992, 32));
        assert_eq!(leaf_of(1024), (1024, 32));
        assert_eq!(leaf_of(3000), (2944, 64));
        assert_eq!(block_estimate(5), 32);
    }
}
