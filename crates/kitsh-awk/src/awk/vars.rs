//! Variables and array elements as the interpreter reaches them: untyped variables that become
//! scalars or arrays by their first use, parameters that stand for a caller's untyped variable
//! or element, gawk's arrays of arrays (`a[i][j]`), the order of `for (k in a)`, and gawk's
//! messages for a scalar used as an array and an array used as a scalar.

use std::cell::RefCell;
use std::rc::Rc;

use super::array::{full_name, sub_name, ArrRef, Array, Elem};
use super::ast::{ArrPath, Expr, Special, Var};
use super::interp::{Cell, Flow, Interp, Place, Res};
use super::value::{str_to_num, Str, Value};

/// What an untyped parameter stands for.
#[derive(Clone)]
pub enum Target {
    /// A global variable.
    Global(u32),
    /// A calling function's parameter (its place in the frames).
    Local(usize),
    /// An array element.
    Elem(ArrRef, Str),
}

/// A parameter given an untyped variable or element.
pub struct Alias {
    /// What it stands for.
    pub target: Target,
    /// A variable target's name (for the array it makes if used as one).
    pub name: Rc<str>,
    /// Where it comes from, for messages.
    pub from: Rc<From>,
}

/// Where a parameter's array comes from: gawk's `p (from x)`, `q (from p, from x)`.
pub enum From {
    /// An array (named as it is: `x`, `a["k"]`).
    Array(ArrRef),
    /// Untyped variable `x`.
    Var(Rc<str>),
    /// Element `k` of an array.
    Elem(ArrRef, Str),
    /// The caller's parameter `p`, and where it comes from.
    Param(Rc<str>, Rc<From>),
}

impl From {
    /// `from p, from x`
    fn text(&self) -> String {
        let mut out = String::new();
        let mut cur = self;
        loop {
            match cur {
                From::Array(a) => out.push_str(&format!("from {}", full_name(a))),
                From::Var(n) => out.push_str(&format!("from {n}")),
                From::Elem(a, k) => out.push_str(&format!("from {}", sub_name(a, k))),
                From::Param(p, f) => {
                    out.push_str(&format!("from {p}, "));
                    cur = f;
                    continue;
                }
            }
            return out;
        }
    }
}

/// What an alias's target is now.
enum State {
    New,
    Val,
    Arr(ArrRef),
}

/// How to complain about a scalar where a subarray is wanted.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// ``attempt to use scalar `a["k"]' as an array`` (element access, `delete`).
    Named,
    /// `attempt to use a scalar value as array` (`in`, `for`).
    Value,
}

/// An argument that may be an array (of `length`, `isarray`, `typeof`).
pub enum Probe {
    /// An array.
    Arr(ArrRef),
    /// A scalar.
    Val(Value),
    /// An untyped variable or element.
    Untyped,
}

fn new_array(name: &str) -> ArrRef {
    Rc::new(RefCell::new(Array::new(name)))
}

/// The name of an array in messages, for an error about element `k` of `a` (`None`: `a`).
fn elem_name(a: &ArrRef, k: &[u8]) -> String {
    sub_name(a, k)
}

impl Interp<'_, '_> {
    /// The place of a parameter in the frames.
    fn abs(&self, v: Var) -> Option<usize> {
        match v {
            Var::Local(i) => Some(self.base + i as usize),
            Var::Global(_) => None,
        }
    }

    /// A variable as gawk names an array in messages: `x`, `p`, `p (from x)`.
    fn array_name(&self, v: Var) -> String {
        let name = self.plain_name(v);
        match self.abs(v).and_then(|i| self.from.get(i)) {
            Some(Some(f)) => format!("{name} ({})", f.text()),
            _ => name,
        }
    }

    /// The error of array variable `v` used as a scalar.
    pub(super) fn var_as_scalar(&mut self, v: Var) -> Flow {
        let name = self.array_name(v);
        self.array_as_scalar(&name)
    }

    /// The error of an array used as a scalar.
    fn array_as_scalar(&mut self, name: &str) -> Flow {
        self.fatal(0, &format!("attempt to use array `{name}' in a scalar context"))
    }

    /// The error of scalar variable `v` used as an array.
    fn scalar_as_array(&mut self, v: Var) -> Flow {
        let name = self.plain_name(v);
        let msg = match v {
            Var::Global(_) => format!("attempt to use scalar `{name}' as an array"),
            Var::Local(_) => format!("attempt to use scalar parameter `{name}' as an array"),
        };
        self.fatal(0, &msg)
    }

    fn state(&self, t: &Target) -> State {
        let cell = match t {
            Target::Global(i) => self.globals.get(*i as usize),
            Target::Local(i) => self.locals.get(*i),
            Target::Elem(a, k) => {
                return match a.borrow().get(k) {
                    Some(Elem::Val(_)) => State::Val,
                    Some(Elem::Arr(s)) => State::Arr(s.clone()),
                    _ => State::New,
                }
            }
        };
        match cell {
            Some(Cell::Val(_)) => State::Val,
            Some(Cell::Arr(a)) => State::Arr(a.clone()),
            _ => State::New,
        }
    }

    /// Make an untyped target a scalar (`None`) or the array `a`.
    fn settle(&mut self, t: &Target, a: Option<ArrRef>) {
        let cell = match t {
            Target::Global(i) => self.globals.get_mut(*i as usize),
            Target::Local(i) => self.locals.get_mut(*i),
            Target::Elem(arr, k) => {
                *arr.borrow_mut().entry(k, false) = a.map_or(Elem::Val(Value::Uninit), Elem::Arr);
                return;
            }
        };
        if let Some(c) = cell {
            *c = a.map_or(Cell::Val(Value::Uninit), Cell::Arr);
        }
    }

    fn bind_local(&mut self, v: Var, c: Cell, from: Option<Rc<From>>) {
        *self.cell_mut(v) = c;
        if let Some(f) = self.abs(v).and_then(|i| self.from.get_mut(i)) {
            *f = from;
        }
    }

    /// The array variable `v` holds, made if `v` is untyped.
    pub fn array(&mut self, v: Var) -> Res<ArrRef> {
        match self.cell(v) {
            Cell::Arr(a) => return Ok(a.clone()),
            Cell::Val(_) => return Err(self.scalar_as_array(v)),
            Cell::New => {}
            Cell::Ref(al) => {
                let al = al.clone();
                let a = match self.state(&al.target) {
                    State::Arr(a) => a,
                    State::Val => return Err(self.scalar_as_array(v)),
                    State::New => {
                        let a = match &al.target {
                            Target::Elem(parent, k) => Array::sub(parent, k),
                            _ => new_array(&al.name),
                        };
                        self.settle(&al.target, Some(a.clone()));
                        a
                    }
                };
                self.bind_local(v, Cell::Arr(a.clone()), Some(al.from.clone()));
                return Ok(a);
            }
        }
        let a = new_array(&self.plain_name(v));
        *self.cell_mut(v) = Cell::Arr(a.clone());
        Ok(a)
    }

    /// Parameter `v`, standing for `al`, is used as a scalar: so is what it stands for.
    pub(super) fn ref_scalar(&mut self, v: Var, al: &Alias) -> Res<()> {
        match self.state(&al.target) {
            State::Arr(a) => {
                self.bind_local(v, Cell::Arr(a), Some(al.from.clone()));
                return Err(self.var_as_scalar(v));
            }
            State::New => self.settle(&al.target, None),
            State::Val => {}
        }
        *self.cell_mut(v) = Cell::Val(Value::Uninit);
        Ok(())
    }

    /// The subarray `subs` leads to from `arr`; missing or untyped ones are made when `create`,
    /// else there is none.
    pub(super) fn descend(&mut self, mut arr: ArrRef, subs: &[Vec<Expr>], create: bool, want: Want) -> Res<Option<ArrRef>> {
        for level in subs {
            let (k, strnum) = self.subscript(level)?;
            let found = match arr.borrow().get(&k) {
                Some(Elem::Arr(s)) => Some(Ok(s.clone())),
                Some(Elem::Val(_)) => Some(Err(())),
                _ => None,
            };
            arr = match found {
                Some(Ok(s)) => s,
                Some(Err(())) => {
                    let msg = match want {
                        Want::Named => format!("attempt to use scalar `{}' as an array", elem_name(&arr, &k)),
                        Want::Value => "attempt to use a scalar value as array".to_string(),
                    };
                    return Err(self.fatal(0, &msg));
                }
                None if !create => return Ok(None),
                None => {
                    let s = Array::sub(&arr, &k);
                    *arr.borrow_mut().entry(&k, strnum) = Elem::Arr(s.clone());
                    s
                }
            };
        }
        Ok(Some(arr))
    }

    /// The array a path names (subarrays made where missing).
    pub(super) fn path_array(&mut self, p: &ArrPath, want: Want) -> Res<ArrRef> {
        let a = self.array(p.var)?;
        if p.subs.is_empty() {
            return Ok(a);
        }
        Ok(self.descend(a.clone(), &p.subs, true, want)?.unwrap_or(a))
    }

    /// The array holding element `v[...]...[k]` (subarrays made where missing), `k`, and
    /// whether `k` is input text.
    pub(super) fn elem_place(&mut self, v: Var, levels: &[Vec<Expr>]) -> Res<(ArrRef, Str, bool)> {
        let mut a = self.array(v)?;
        let [path @ .., last] = levels else {
            let (k, strnum) = self.subscript(&[])?;
            return Ok((a, k, strnum));
        };
        if !path.is_empty() {
            a = self.descend(a.clone(), path, true, Want::Named)?.unwrap_or(a);
        }
        let (k, strnum) = self.subscript(last)?;
        Ok((a, k, strnum))
    }

    /// The scalar value of element `k` of `a` (made when missing).
    pub(super) fn elem_value(&mut self, a: &ArrRef, k: &Str, strnum: bool) -> Res<Value> {
        match a.borrow_mut().entry(k, strnum) {
            Elem::Val(x) => return Ok(x.clone()),
            Elem::New => return Ok(Value::Uninit),
            Elem::Arr(_) => {}
        }
        Err(self.array_as_scalar(&elem_name(a, k)))
    }

    /// Assign element `k` of `a`.
    pub(super) fn elem_store(&mut self, a: &ArrRef, k: &Str, strnum: bool, val: Value) -> Res<()> {
        match a.borrow_mut().entry(k, strnum) {
            Elem::Arr(_) => {}
            e => {
                *e = Elem::Val(val);
                return Ok(());
            }
        }
        Err(self.array_as_scalar(&elem_name(a, k)))
    }

    /// A place about to get a scalar must not hold an array (an element is made, as gawk
    /// makes a `getline` target even when nothing is read).
    pub(super) fn scalar_place(&mut self, p: &Place) -> Res<()> {
        match p {
            Place::Var(v) if matches!(self.cell(*v), Cell::Arr(_)) => Err(self.var_as_scalar(*v)),
            Place::Elem(a, k, strnum) => {
                if !matches!(a.borrow_mut().entry(k, *strnum), Elem::Arr(_)) {
                    return Ok(());
                }
                Err(self.array_as_scalar(&elem_name(a, k)))
            }
            _ => Ok(()),
        }
    }

    /// An argument of a built-in that must be an array; `what` names it in the error
    /// (`split: second argument`).
    pub fn array_arg(&mut self, e: &Expr, what: &str) -> Res<ArrRef> {
        match e {
            Expr::Var(v) => {
                let scalar = match self.cell(*v) {
                    Cell::Val(_) => true,
                    Cell::Ref(al) => matches!(self.state(&al.target), State::Val),
                    _ => false,
                };
                if !scalar {
                    return self.array(*v);
                }
            }
            Expr::Index(v, levels) => {
                let (a, k, strnum) = self.elem_place(*v, levels)?;
                let mut arr = a.borrow_mut();
                let e = arr.entry(&k, strnum);
                match e {
                    Elem::Arr(s) => return Ok(s.clone()),
                    Elem::New => {
                        let s = Array::sub(&a, &k);
                        *e = Elem::Arr(s.clone());
                        return Ok(s);
                    }
                    Elem::Val(_) => {}
                }
            }
            _ => {}
        }
        Err(self.fatal(0, &format!("{what} is not an array")))
    }

    /// An argument that may be an array: what it is now (an element is made when missing).
    pub fn probe(&mut self, e: &Expr) -> Res<Probe> {
        match e {
            Expr::Var(v) => Ok(match self.cell(*v) {
                Cell::Arr(a) => Probe::Arr(a.clone()),
                Cell::New => Probe::Untyped,
                Cell::Val(x) => Probe::Val(x.clone()),
                Cell::Ref(al) => match self.state(&al.target) {
                    State::Arr(a) => Probe::Arr(a),
                    State::New => Probe::Untyped,
                    State::Val => Probe::Val(Value::Uninit),
                },
            }),
            Expr::Index(v, levels) => {
                let (a, k, strnum) = self.elem_place(*v, levels)?;
                let mut arr = a.borrow_mut();
                Ok(match arr.entry(&k, strnum) {
                    Elem::Arr(s) => Probe::Arr(s.clone()),
                    Elem::New => Probe::Untyped,
                    Elem::Val(x) => Probe::Val(x.clone()),
                })
            }
            e => Ok(Probe::Val(self.eval(e)?)),
        }
    }

    /// A function argument as the parameter's cell, with how messages name an array it gets:
    /// arrays by reference, untyped variables and elements as [`Cell::Ref`], the rest by value.
    pub(super) fn bind_arg(&mut self, e: &Expr) -> Res<(Cell, Option<Rc<From>>)> {
        let alias = |target, name: Rc<str>, from: Rc<From>| Cell::Ref(Rc::new(Alias { target, name, from }));
        match e {
            Expr::Var(v) => {
                let v = *v;
                Ok(match self.cell(v).clone() {
                    Cell::Val(x) => (Cell::Val(x), None),
                    Cell::Arr(a) => {
                        let from = match self.abs(v).and_then(|i| self.from.get(i)) {
                            Some(Some(f)) => From::Param(self.plain_name(v).into(), f.clone()),
                            _ => From::Array(a.clone()),
                        };
                        (Cell::Arr(a), Some(Rc::new(from)))
                    }
                    Cell::New => {
                        let name: Rc<str> = self.plain_name(v).into();
                        let target = match v {
                            Var::Global(i) => Target::Global(i),
                            Var::Local(i) => Target::Local(self.base + i as usize),
                        };
                        (alias(target, name.clone(), Rc::new(From::Var(name))), None)
                    }
                    Cell::Ref(al) => {
                        let from = Rc::new(From::Param(self.plain_name(v).into(), al.from.clone()));
                        match self.state(&al.target) {
                            State::Arr(a) => (Cell::Arr(a), Some(from)),
                            State::New => (alias(al.target.clone(), al.name.clone(), from), None),
                            State::Val => (Cell::Val(Value::Uninit), None),
                        }
                    }
                })
            }
            Expr::Index(v, levels) => {
                let (a, k, strnum) = self.elem_place(*v, levels)?;
                let mut arr = a.borrow_mut();
                Ok(match arr.entry(&k, strnum) {
                    Elem::Val(x) => (Cell::Val(x.clone()), None),
                    Elem::Arr(s) => (Cell::Arr(s.clone()), Some(Rc::new(From::Array(s.clone())))),
                    Elem::New => {
                        let from = Rc::new(From::Elem(a.clone(), k.clone()));
                        (alias(Target::Elem(a.clone(), k), Rc::from(""), from), None)
                    }
                })
            }
            e => Ok((Cell::Val(self.eval(e)?), None)),
        }
    }

    /// The subscripts `for (k in a)` visits, in its order: `PROCINFO["sorted_in"]`'s when set,
    /// else gawk's own.
    #[inline(never)]
    pub(super) fn for_in_keys(&mut self, a: &ArrRef) -> Vec<Value> {
        let mut keys = a.borrow().keys();
        let how = match &self.globals[Special::Procinfo as usize] {
            Cell::Arr(p) => p.borrow().get(b"sorted_in").and_then(|e| match e {
                Elem::Val(v) => Some(v.to_str(&self.convfmt)),
                _ => None,
            }),
            _ => None,
        };
        let Some(how) = how.filter(|h| !h.is_empty() && h.as_ref() != b"@unsorted") else { return keys };
        let arr = a.borrow();
        let cf = self.convfmt.clone();
        let text = |k: &Value| k.to_str(&cf);
        let val = |k: &Value| arr.value(&text(k)).unwrap_or_default();
        use std::cmp::Ordering;
        let num = |x: f64, y: f64| x.partial_cmp(&y).unwrap_or(Ordering::Equal);
        type Cmp<'a> = Box<dyn Fn(&Value, &Value) -> Ordering + 'a>;
        let cmp: Cmp<'_> = match how.as_ref() {
            b"@ind_num_asc" => Box::new(|x, y| num(str_to_num(&text(x)), str_to_num(&text(y))).then_with(|| text(x).cmp(&text(y)))),
            b"@ind_num_desc" => Box::new(|x, y| num(str_to_num(&text(y)), str_to_num(&text(x))).then_with(|| text(y).cmp(&text(x)))),
            b"@ind_str_desc" => Box::new(|x, y| text(y).cmp(&text(x))),
            b"@val_num_asc" => Box::new(|x, y| num(val(x).num(), val(y).num()).then_with(|| text(x).cmp(&text(y)))),
            b"@val_num_desc" => Box::new(|x, y| num(val(y).num(), val(x).num()).then_with(|| text(y).cmp(&text(x)))),
            b"@val_str_asc" => Box::new(|x, y| val(x).to_str(&cf).cmp(&val(y).to_str(&cf)).then_with(|| text(x).cmp(&text(y)))),
            b"@val_str_desc" => Box::new(|x, y| val(y).to_str(&cf).cmp(&val(x).to_str(&cf)).then_with(|| text(y).cmp(&text(x)))),
            _ => Box::new(|x, y| text(x).cmp(&text(y))),
        };
        keys.sort_by(|x, y| cmp(x, y));
        keys
    }
}
