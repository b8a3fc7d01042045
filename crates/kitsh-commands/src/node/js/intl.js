// A small `Intl` (QuickJS has none): NumberFormat (decimal, currency, percent, compact; the
// separators of English, German-style and French-style locales), DateTimeFormat (en-US's
// patterns, en-GB's and de-DE's numeric dates; the local time zone or UTC), Collator,
// PluralRules and ListFormat for English; and the `toLocaleString` methods on top of them.
// Named time zones other than UTC are not known: they format in UTC.

const DOT_COMMA = ['de', 'es', 'it', 'nl', 'pt', 'id', 'tr', 'da', 'el', 'ro', 'hr', 'sl', 'sr', 'vi'];
const SPACE_COMMA = ['fr', 'ru', 'pl', 'cs', 'sk', 'sv', 'nb', 'no', 'fi', 'uk', 'hu', 'bg', 'lt', 'lv', 'et'];
const CURRENCY = { USD: '$', EUR: '€', GBP: '£', JPY: '¥', CNY: 'CN¥', INR: '₹', KRW: '₩', CAD: 'CA$', AUD: 'A$', BRL: 'R$', MXN: 'MX$', CHF: 'CHF' };
const ZERO_DECIMALS = ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'HUF'];

function localeOf(locales) {
  const l = Array.isArray(locales) ? locales[0] : locales;
  return typeof l === 'string' && l !== '' ? l : 'en-US';
}

function separators(locale) {
  const lang = locale.toLowerCase().split(/[-_]/)[0];
  if (lang === 'de' && /-(ch|li)$/i.test(locale)) return ['’', '.'];
  if (DOT_COMMA.includes(lang)) return ['.', ','];
  if (lang === 'fr') return ['\u202f', ','];
  if (SPACE_COMMA.includes(lang)) return ['\u00a0', ','];
  return [',', '.'];
}

function group(intPart, sep) {
  let out = '';
  for (let i = intPart.length; i > 0; i -= 3) out = intPart.slice(Math.max(0, i - 3), i) + (out ? sep + out : '');
  return out;
}

// `x` in plain decimal notation with at most `max` and at least `min` fraction digits.
function fixed(x, min, max) {
  let s;
  if (Math.abs(x) >= 1e21) {
    s = BigInt(Math.round(x)).toString();
  } else {
    s = x.toFixed(Math.min(max, 100));
    // toFixed rounds the binary value; round the shortest decimal form half away from zero.
    const shortest = String(Math.abs(x));
    if (!shortest.includes('e')) {
      const [i, f = ''] = shortest.split('.');
      if (f.length > max) {
        const digits = BigInt(i + f.slice(0, max)) + (Number(f[max]) >= 5 ? 1n : 0n);
        let t = digits.toString().padStart(max + 1, '0');
        s = (x < 0 ? '-' : '') + (max > 0 ? t.slice(0, -max) + '.' + t.slice(-max) : t);
      }
    }
  }
  if (s.includes('.')) {
    let [i, f] = s.split('.');
    while (f.length > min && f.endsWith('0')) f = f.slice(0, -1);
    s = f.length ? `${i}.${f}` : i;
  }
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
  return s;
}

function significant(x, max) {
  if (x === 0) return '0';
  const e = Math.floor(Math.log10(x));
  if (e >= max - 1) return fixed(Number(x.toPrecision(max)), 0, 0);
  return fixed(x, 0, max - 1 - e);
}

// `x * 100` computed on its decimal digits (1.005 -> 100.5, not 100.49999999999999).
function times100(x) {
  const s = String(x);
  if (s.includes('e')) return x * 100;
  const [i, f = ''] = s.split('.');
  const f2 = f.padEnd(2, '0');
  return Number(`${i}${f2.slice(0, 2)}.${f2.slice(2) || '0'}`);
}

class NumberFormat {
  constructor(locales, options = {}) {
    this._locale = localeOf(locales);
    const o = Object.assign({}, options);
    this._style = o.style || 'decimal';
    this._currency = o.currency ? String(o.currency).toUpperCase() : undefined;
    if (this._style === 'currency' && !this._currency) {
      throw new TypeError('Currency code is required with currency style.');
    }
    const curDigits = this._currency && ZERO_DECIMALS.includes(this._currency) ? 0 : 2;
    const defMin = this._style === 'currency' ? curDigits : 0;
    const defMax = this._style === 'currency' ? curDigits : this._style === 'percent' ? 0 : 3;
    this._min = o.minimumFractionDigits !== undefined ? Number(o.minimumFractionDigits) : defMin;
    this._max = o.maximumFractionDigits !== undefined ? Math.max(Number(o.maximumFractionDigits), this._min) : Math.max(defMax, this._min);
    this._minInt = o.minimumIntegerDigits || 1;
    this._maxSig = o.maximumSignificantDigits;
    this._grouping = o.useGrouping === undefined ? true : o.useGrouping !== false && o.useGrouping !== 'false';
    this._notation = o.notation || 'standard';
    this._display = o.currencyDisplay || 'symbol';
    this._signDisplay = o.signDisplay || 'auto';
    this._unit = o.unit;
  }
  format(value) {
    let x = typeof value === 'bigint' ? Number(value) : Number(value);
    if (Number.isNaN(x)) return 'NaN';
    const [gsep, dsep] = separators(this._locale);
    const negative = x < 0 || Object.is(x, -0);
    x = Math.abs(x);
    if (!Number.isFinite(x)) return (negative ? '-' : '') + '∞';
    if (this._style === 'percent') x = times100(x);
    let suffix = '';
    let s;
    if (this._notation === 'compact') {
      const units = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
      const u = units.find(([n]) => x >= n * 0.9995);
      let scaled = u ? x / u[0] : x;
      const digits = Math.max(2, Math.floor(Math.log10(Math.max(scaled, 1))) + 1);
      s = significant(scaled, digits);
      suffix = u ? u[1] : '';
    } else if (this._maxSig !== undefined) {
      s = significant(x, this._maxSig);
    } else {
      s = fixed(x, this._min, this._max);
    }
    let [i, f] = s.split('.');
    i = i.padStart(this._minInt, '0');
    if (this._grouping && !(this._notation === 'compact' && i.length <= 4)) i = group(i, gsep);
    let out = f ? i + dsep + f : i;
    out += suffix;
    if (this._style === 'percent') out += separators(this._locale)[1] === ',' && this._locale.startsWith('de') ? '\u00a0%' : '%';
    if (this._style === 'currency') {
      const sym = this._display === 'code' ? this._currency + '\u00a0' : CURRENCY[this._currency] || this._currency + '\u00a0';
      out = dsep === ',' ? `${out}\u00a0${CURRENCY[this._currency] || this._currency}` : sym + out;
    }
    if (this._style === 'unit' && this._unit) out += ' ' + this._unit;
    const isZero = Number(s) === 0;
    if (negative && !isZero && this._signDisplay !== 'never') out = '-' + out;
    else if (this._signDisplay === 'always' || (this._signDisplay === 'exceptZero' && !isZero)) out = '+' + out;
    return out;
  }
  formatToParts(value) {
    return [{ type: 'literal', value: this.format(value) }];
  }
  resolvedOptions() {
    return {
      locale: this._locale, numberingSystem: 'latn', style: this._style, currency: this._currency,
      minimumIntegerDigits: this._minInt, minimumFractionDigits: this._min, maximumFractionDigits: this._max,
      useGrouping: this._grouping ? 'auto' : false, notation: this._notation, signDisplay: this._signDisplay,
    };
  }
  static supportedLocalesOf(l) {
    return Array.isArray(l) ? l : l ? [l] : [];
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function localZone() {
  const tz = process.env.TZ;
  return tz && tz !== '' ? tz.replace(/^:/, '') : 'UTC';
}

class DateTimeFormat {
  constructor(locales, options = {}) {
    this._locale = localeOf(locales);
    this._o = Object.assign({}, options);
    const o = this._o;
    const any = ['weekday', 'year', 'month', 'day', 'hour', 'minute', 'second', 'dateStyle', 'timeStyle', 'dayPeriod', 'fractionalSecondDigits'].some((key) => o[key] !== undefined);
    this._defaults = !any;
    this._utc = o.timeZone !== undefined && o.timeZone !== localZone() ? true : localZone() === 'UTC';
  }
  _fields(d) {
    const u = this._utc;
    return {
      year: u ? d.getUTCFullYear() : d.getFullYear(),
      month: u ? d.getUTCMonth() : d.getMonth(),
      day: u ? d.getUTCDate() : d.getDate(),
      weekday: u ? d.getUTCDay() : d.getDay(),
      hour: u ? d.getUTCHours() : d.getHours(),
      minute: u ? d.getUTCMinutes() : d.getMinutes(),
      second: u ? d.getUTCSeconds() : d.getSeconds(),
    };
  }
  format(date) {
    const d = date === undefined ? new Date() : date instanceof Date ? date : new Date(date);
    if (Number.isNaN(d.getTime())) throw new RangeError('Invalid time value');
    let o = this._o;
    if (this._defaults) o = Object.assign({ year: 'numeric', month: 'numeric', day: 'numeric' }, this._withTime ? { hour: 'numeric', minute: '2-digit', second: '2-digit' } : {}, o);
    if (o.dateStyle || o.timeStyle) {
      const ds = { full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, long: { year: 'numeric', month: 'long', day: 'numeric' }, medium: { year: 'numeric', month: 'short', day: 'numeric' }, short: { year: '2-digit', month: 'numeric', day: 'numeric' } };
      const ts = { full: { hour: 'numeric', minute: '2-digit', second: '2-digit', tz: 'long' }, long: { hour: 'numeric', minute: '2-digit', second: '2-digit', tz: 'short' }, medium: { hour: 'numeric', minute: '2-digit', second: '2-digit' }, short: { hour: 'numeric', minute: '2-digit' } };
      const date2 = o.dateStyle ? this._date(d, ds[o.dateStyle]) : '';
      const time = o.timeStyle ? this._time(d, Object.assign({ hour12: o.hour12 }, ts[o.timeStyle])) : '';
      if (date2 && time) return date2 + (o.dateStyle === 'full' || o.dateStyle === 'long' ? ' at ' : ', ') + time;
      return date2 || time;
    }
    const date2 = this._date(d, o);
    const time = this._time(d, o);
    if (date2 && time) return `${date2}, ${time}`;
    return date2 || time;
  }
  _date(d, o) {
    const f = this._fields(d);
    const two = (n) => String(n).padStart(2, '0');
    const lang = this._locale.toLowerCase();
    const y = o.year === '2-digit' ? two(f.year % 100) : o.year ? String(f.year) : '';
    const dd = o.day === '2-digit' ? two(f.day) : o.day ? String(f.day) : '';
    const wd = o.weekday === 'long' ? DAYS[f.weekday] : o.weekday === 'short' ? DAYS[f.weekday].slice(0, 3) : o.weekday === 'narrow' ? DAYS[f.weekday][0] : '';
    if (o.month === 'long' || o.month === 'short' || o.month === 'narrow') {
      const m = o.month === 'long' ? MONTHS[f.month] : o.month === 'short' ? MONTHS[f.month].slice(0, 3) : MONTHS[f.month][0];
      let s = m;
      if (dd) s += ` ${dd}`;
      if (y) s += dd ? `, ${y}` : ` ${y}`;
      return wd ? `${wd}, ${s}` : s;
    }
    if (!o.month && !dd && !y) return wd;
    const mm = o.month === '2-digit' ? two(f.month + 1) : o.month ? String(f.month + 1) : '';
    let s;
    if (lang.startsWith('en-gb') || lang.startsWith('fr') || lang.startsWith('es') || lang.startsWith('it')) s = [two(f.day), two(f.month + 1), y].filter(Boolean).join('/');
    else if (lang.startsWith('de')) s = [dd, mm, y].filter(Boolean).join('.');
    else if (lang.startsWith('ja') || lang.startsWith('zh') || lang.startsWith('sv') || lang === 'en-ca') s = [y, two(f.month + 1), two(f.day)].filter(Boolean).join(lang.startsWith('sv') || lang === 'en-ca' ? '-' : '/');
    else s = [mm, dd, y].filter(Boolean).join('/');
    return wd ? `${wd}, ${s}` : s;
  }
  _time(d, o) {
    if (!o.hour && !o.minute && !o.second) return '';
    const f = this._fields(d);
    const two = (n) => String(n).padStart(2, '0');
    const lang = this._locale.toLowerCase();
    const h12 = o.hour12 !== undefined ? o.hour12 : o.hourCycle ? o.hourCycle === 'h12' || o.hourCycle === 'h11' : lang.startsWith('en') && !lang.startsWith('en-gb');
    let h = f.hour;
    let suffix = '';
    if (h12 && o.hour) {
      suffix = h < 12 ? ' AM' : ' PM';
      h = h % 12 || 12;
    }
    const parts = [];
    if (o.hour) parts.push(o.hour === '2-digit' || (!h12 && o.minute) ? two(h) : String(h));
    if (o.minute) parts.push(o.hour ? two(f.minute) : String(f.minute));
    if (o.second) parts.push(o.minute ? two(f.second) : String(f.second));
    let s = parts.join(':') + suffix;
    if (o.tz === 'short' || o.timeZoneName === 'short') s += ' UTC';
    if (o.tz === 'long' || o.timeZoneName === 'long') s += ' Coordinated Universal Time';
    return s;
  }
  formatToParts(date) {
    return [{ type: 'literal', value: this.format(date) }];
  }
  formatRange(a, b) {
    return `${this.format(a)} – ${this.format(b)}`;
  }
  resolvedOptions() {
    return Object.assign({ locale: this._locale, calendar: 'gregory', numberingSystem: 'latn', timeZone: this._o.timeZone || localZone() }, this._o);
  }
  static supportedLocalesOf(l) {
    return Array.isArray(l) ? l : l ? [l] : [];
  }
}

// A collation key close to ICU's root order: white space and punctuation, then digits, then
// letters compared without case or accents first; accents, then case (lower first) break ties.
function primary(s) {
  const base = s.normalize('NFD');
  const out = [];
  for (const ch of base) {
    const c = ch.codePointAt(0);
    if (c >= 0x300 && c <= 0x36f) continue;
    if (/\p{L}/u.test(ch)) out.push(3e6 + ch.toLowerCase().codePointAt(0));
    else if (/\p{N}/u.test(ch)) out.push(2e6 + c);
    else out.push(1e6 + c);
  }
  return out;
}

function compareKeys(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function collate(x, y, sensitivity) {
  x = String(x);
  y = String(y);
  if (x === y) return 0;
  const p = compareKeys(primary(x), primary(y));
  if (p !== 0 || sensitivity === 'base') return p;
  const sx = x.normalize('NFD');
  const sy = y.normalize('NFD');
  const ax = sx.toLowerCase();
  const ay = sy.toLowerCase();
  if (ax !== ay) return ax < ay ? -1 : 1;
  if (sensitivity === 'accent') return 0;
  for (let i = 0; i < Math.min(sx.length, sy.length); i++) {
    if (sx[i] !== sy[i]) return sx[i] === sx[i].toLowerCase() ? -1 : 1;
  }
  return sx.length < sy.length ? -1 : sx.length > sy.length ? 1 : 0;
}

class Collator {
  constructor(locales, options = {}) {
    this._o = options;
  }
  compare = (a, b) => {
    const x = String(a);
    const y = String(b);
    if (this._o.numeric) {
      const re = /(\d+)|(\D+)/g;
      const xs = x.match(re) || [];
      const ys = y.match(re) || [];
      for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
        const nx = /^\d/.test(xs[i]);
        const ny = /^\d/.test(ys[i]);
        if (nx && ny && Number(xs[i]) !== Number(ys[i])) return Number(xs[i]) < Number(ys[i]) ? -1 : 1;
        if (xs[i] !== ys[i]) return collate(xs[i], ys[i], this._o.sensitivity);
      }
      return xs.length - ys.length;
    }
    return collate(x, y, this._o.sensitivity);
  };
  resolvedOptions() {
    return Object.assign({ locale: 'en-US', usage: 'sort', sensitivity: 'variant' }, this._o);
  }
}

class PluralRules {
  constructor(locales, options = {}) {
    this._type = options.type || 'cardinal';
  }
  select(n) {
    if (this._type === 'ordinal') {
      const t = n % 10;
      const h = n % 100;
      if (t === 1 && h !== 11) return 'one';
      if (t === 2 && h !== 12) return 'two';
      if (t === 3 && h !== 13) return 'few';
      return 'other';
    }
    return n === 1 ? 'one' : 'other';
  }
}

class ListFormat {
  constructor(locales, options = {}) {
    this._type = options.type || 'conjunction';
    this._style = options.style || 'long';
  }
  format(list) {
    const a = [...list].map(String);
    const word = this._type === 'disjunction' ? 'or' : this._type === 'unit' ? '' : this._style === 'long' ? 'and' : '&';
    if (a.length <= 1) return a.join('');
    if (a.length === 2) return word ? `${a[0]} ${word} ${a[1]}` : `${a[0]}, ${a[1]}`;
    return `${a.slice(0, -1).join(', ')},${word ? ` ${word}` : ''} ${a[a.length - 1]}`;
  }
}

class RelativeTimeFormat {
  constructor(locales, options = {}) {
    this._numeric = options.numeric || 'always';
  }
  format(value, unit) {
    const u = String(unit).replace(/s$/, '');
    const n = Math.abs(value);
    if (this._numeric === 'auto') {
      if (u === 'day' && value === -1) return 'yesterday';
      if (u === 'day' && value === 1) return 'tomorrow';
      if (value === 0) return u === 'day' ? 'today' : `this ${u}`;
    }
    const label = `${n} ${u}${n === 1 ? '' : 's'}`;
    return value < 0 || Object.is(value, -0) ? `${label} ago` : `in ${label}`;
  }
}

// Collator, DateTimeFormat and NumberFormat may be called without `new` (ECMA-402); the others
// may not.
const callable = (C) => new Proxy(C, { apply: (target, _, args) => new target(...args) });

const Intl = {
  NumberFormat: callable(NumberFormat),
  DateTimeFormat: callable(DateTimeFormat),
  Collator: callable(Collator),
  PluralRules,
  ListFormat,
  RelativeTimeFormat,
  getCanonicalLocales: (l) => (Array.isArray(l) ? l : l ? [l] : []),
  supportedValuesOf: () => [],
};

function install() {
  const nf = new Map();
  String.prototype.localeCompare = function localeCompare(that, locales, options) {
    if (options && options.numeric) return new Collator(locales, options).compare(this, that);
    return collate(String(this), String(that), options && options.sensitivity);
  };
  Number.prototype.toLocaleString = function toLocaleString(locales, options) {
    const key = options === undefined ? localeOf(locales) : null;
    let f = key !== null ? nf.get(key) : undefined;
    if (f === undefined) {
      f = new NumberFormat(locales, options);
      if (key !== null) nf.set(key, f);
    }
    return f.format(Number(this));
  };
  BigInt.prototype.toLocaleString = function toLocaleString(locales, options) {
    const s = BigInt(this).toString();
    const neg = s.startsWith('-');
    const [gsep] = separators(localeOf(locales));
    return (neg ? '-' : '') + group(neg ? s.slice(1) : s, gsep);
  };
  Date.prototype.toLocaleDateString = function toLocaleDateString(locales, options) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    return new DateTimeFormat(locales, options).format(this);
  };
  Date.prototype.toLocaleTimeString = function toLocaleTimeString(locales, options) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    const o = Object.assign({}, options);
    if (!o.hour && !o.minute && !o.second && !o.timeStyle) Object.assign(o, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
    return new DateTimeFormat(locales, o).format(this);
  };
  Date.prototype.toLocaleString = function toLocaleString(locales, options) {
    if (Number.isNaN(this.getTime())) return 'Invalid Date';
    const f = new DateTimeFormat(locales, options);
    f._withTime = true;
    return f.format(this);
  };
}

module.exports = { Intl, install };
