// `console.table`: Node 20's box-drawn table (an `(index)` column, a column per key in order
// of first appearance, `Values` for primitive rows, cells as `util.inspect` shows them).

function cell(util, v) {
  const depth = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
  return util.inspect(v, { depth, maxArrayLength: 3, breakLength: Infinity });
}

function width(s) {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    n += (c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1faff) || (c >= 0x20000 && c <= 0x3fffd))) ? 2 : 1;
  }
  return n;
}

function render(head, rows) {
  const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] || ''))) + 2);
  const line = (l, m, r) => l + widths.map((w) => '─'.repeat(w)).join(m) + r;
  const row = (cells) => '│' + cells.map((c, i) => ' ' + c + ' '.repeat(widths[i] - width(c) - 1)).join('│') + '│';
  const out = [line('┌', '┬', '┐'), row(head), line('├', '┼', '┤')];
  for (const r of rows) out.push(row(head.map((_, i) => r[i] || '')));
  out.push(line('└', '┴', '┘'));
  return out.join('\n');
}

module.exports = {
  table(data, properties, util) {
    if (data === null || typeof data !== 'object') return util.format(data);
    const isMap = data instanceof Map;
    const isSet = data instanceof Set;
    let entries;
    if (isMap) entries = [...data.entries()];
    else if (isSet) entries = [...data.values()].map((v, i) => [i, v]);
    else entries = Object.keys(data).map((key) => [Array.isArray(data) ? Number(key) : key, data[key]]);
    const keys = [];
    let hasValues = false;
    for (const [, v] of entries) {
      if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
        for (const key of Object.keys(v)) if (!keys.includes(key)) keys.push(key);
      } else {
        hasValues = true;
      }
    }
    const cols = properties ? properties.map(String) : keys;
    const head = [isMap ? '(iteration index)' : '(index)'];
    if (isMap) head.push('Key');
    head.push(...cols);
    if (hasValues) head.push('Values');
    const rows = entries.map(([key, v], i) => {
      const r = [isMap ? String(i) : String(key)];
      if (isMap) r.push(cell(util, key));
      const isObj = v !== null && typeof v === 'object' && !(v instanceof Date);
      for (const c of cols) r.push(isObj && Object.prototype.hasOwnProperty.call(v, c) ? cell(util, v[c]) : '');
      if (hasValues) r.push(isObj ? '' : cell(util, v));
      return r;
    });
    return render(head, rows);
  },
};
