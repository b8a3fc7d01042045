function diff(a, b, path = '') {
  const out = [];
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  for (const k of [...keys].sort()) {
    const p = path ? `${path}.${k}` : k;
    const x = a?.[k], y = b?.[k];
    if (typeof x === 'object' && typeof y === 'object' && x && y) out.push(...diff(x, y, p));
    else if (x === undefined) out.push(`+ ${p}: ${JSON.stringify(y)}`);
    else if (y === undefined) out.push(`- ${p}: ${JSON.stringify(x)}`);
    else if (x !== y) out.push(`~ ${p}: ${JSON.stringify(x)} -> ${JSON.stringify(y)}`);
  }
  return out;
}
const before = { name: 'svc', version: '1.2.0', deps: { a: '1', b: '2' }, ports: [80] };
const after = { name: 'svc', version: '1.3.0', deps: { a: '1', c: '5' }, ports: [80, 443] };
console.log(diff(before, after).join('\n'));
