//! The `-l` math library (`s c a l e j`), written for kitsh in bc's own language and run before
//! the program, as GNU bc runs its library: `scale` becomes 20, and each function works with
//! guard digits, then truncates to the caller's `scale`. The methods: exponential by halving
//! and squaring around a Taylor series, logarithm through square roots and the `atanh` series,
//! sine and cosine by reduction modulo 2π and their Taylor series, arctangent by
//! argument halving and its series, Bessel functions by their power series. Constants in the
//! library are read in base ten whatever `ibase` the program set (each function switches
//! `ibase` to ten around its own body, since bc converts constants when it runs them).

/// The library source, run before the program when `-l` is given.
pub const LIBMATH: &str = r#"scale = 20
define e(x) {
  auto p, r, t, k, h, m, o
  if (ibase != A) { o = ibase; ibase = A; r = e(x); ibase = o; return (r) }
  p = scale
  if (x < 0) { m = 1; x = -x }
  scale = scale(x) + 4
  h = 0
  while (x > 1) { x = x / 2; h = h + 1; scale = scale + 1 }
  scale = p + 12 + h + 0.44 * x * (2 ^ h) / 1
  r = 1
  t = 1
  for (k = 1; t != 0; k++) { t = t * x / k; r = r + t }
  while (h > 0) { r = r * r; h = h - 1 }
  if (m) r = 1 / r
  scale = p
  return (r / 1)
}
define l(x) {
  auto p, f, r, u, w, t, k, o
  if (ibase != A) { o = ibase; ibase = A; r = l(x); ibase = o; return (r) }
  if (x <= 0) return ((1 - 10 ^ scale) / 1)
  p = scale
  scale = p + 12
  f = 2
  while (x >= 2) { x = sqrt(x); f = f * 2 }
  while (x <= 0.5) { x = sqrt(x); f = f * 2 }
  u = (x - 1) / (x + 1)
  w = u * u
  r = u
  t = u
  for (k = 3; 1; k = k + 2) {
    t = t * w
    if (t / k == 0) break
    r = r + t / k
  }
  r = f * r
  scale = p
  return (r / 1)
}
define s(x) {
  auto p, q, r, t, k, n, m, w, o
  if (ibase != A) { o = ibase; ibase = A; r = s(x); ibase = o; return (r) }
  p = scale
  if (x < 0) { m = 1; x = -x }
  scale = p + 14 + length(x)
  q = 8 * a(1)
  scale = 0
  n = x / q
  scale = p + 14 + length(x)
  x = x - n * q
  if (x + x > q) x = x - q
  w = x * x
  r = x
  t = x
  for (k = 2; t != 0; k = k + 2) {
    t = -t * w / (k * (k + 1))
    r = r + t
  }
  if (m) r = -r
  scale = p
  return (r / 1)
}
define c(x) {
  auto p, q, r, t, k, n, w, o
  if (ibase != A) { o = ibase; ibase = A; r = c(x); ibase = o; return (r) }
  p = scale
  if (x < 0) x = -x
  scale = p + 14 + length(x)
  q = 8 * a(1)
  scale = 0
  n = x / q
  scale = p + 14 + length(x)
  x = x - n * q
  if (x + x > q) x = x - q
  w = x * x
  r = 1
  t = 1
  for (k = 2; t != 0; k = k + 2) {
    t = -t * w / ((k - 1) * k)
    r = r + t
  }
  scale = p
  return (r / 1)
}
define a(x) {
  auto p, m, f, r, t, k, w, o
  if (ibase != A) { o = ibase; ibase = A; r = a(x); ibase = o; return (r) }
  p = scale
  if (x < 0) { m = 1; x = -x }
  scale = p + 14
  f = 1
  while (x > 0.2) { x = x / (1 + sqrt(1 + x * x)); f = f * 2 }
  w = x * x
  r = x
  t = x
  for (k = 3; 1; k = k + 2) {
    t = -t * w
    if (t / k == 0) break
    r = r + t / k
  }
  r = f * r
  if (m) r = -r
  scale = p
  return (r / 1)
}
define j(n, x) {
  auto p, h, w, t, r, k, i, m, o
  if (ibase != A) { o = ibase; ibase = A; r = j(n, x); ibase = o; return (r) }
  p = scale
  scale = 0
  n = n / 1
  if (n < 0) { n = -n; if (n % 2 == 1) m = 1 }
  scale = p + 14 + length(x)
  h = x / 2
  w = h * h
  t = 1
  for (i = 1; i <= n; i++) t = t * h / i
  r = t
  for (k = 1; t != 0; k++) {
    t = -t * w / (k * (n + k))
    r = r + t
  }
  if (m) r = -r
  scale = p
  return (r / 1)
}
"#;
