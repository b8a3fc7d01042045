const csv = `date,region,product,units,price
2024-01-03,north,widget,10,2.50
2024-01-03,south,gadget,3,10.00
2024-01-04,north,gadget,7,10.00
2024-01-05,east,widget,1,2.50
2024-01-05,north,widget,4,2.50`;
const [head, ...lines] = csv.trim().split('\n');
const cols = head.split(',');
const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], /^\d+(\.\d+)?$/.test(v) ? Number(v) : v])));
const byRegion = {};
for (const r of rows) {
  const g = (byRegion[r.region] ??= { units: 0, revenue: 0 });
  g.units += r.units;
  g.revenue += r.units * r.price;
}
console.log(byRegion);
console.table(Object.entries(byRegion).map(([region, v]) => ({ region, ...v })));
console.log(JSON.stringify(rows[0]));
