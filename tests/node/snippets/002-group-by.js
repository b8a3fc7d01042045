const rows = [ { dept: 'eng', salary: 100 }, { dept: 'ops', salary: 80 }, { dept: 'eng', salary: 120 }, { dept: 'ops', salary: 70 }, { dept: 'hr', salary: 60 } ];
const byDept = rows.reduce((acc, r) => { (acc[r.dept] ||= []).push(r.salary); return acc; }, {});
for (const [dept, s] of Object.entries(byDept)) {
  const avg = s.reduce((a, b) => a + b, 0) / s.length;
  console.log(`${dept.padEnd(5)} n=${s.length} avg=${avg.toFixed(1)}`);
}
console.log(byDept);
