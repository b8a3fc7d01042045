const start = new Date('2024-02-27T00:00:00Z');
const days = [];
for (let i = 0; i < 5; i++) {
  const d = new Date(start);
  d.setUTCDate(d.getUTCDate() + i);
  days.push(d.toISOString().slice(0, 10));
}
console.log(days);
const diffDays = (a, b) => Math.round((new Date(b) - new Date(a)) / 864e5);
console.log(diffDays('2024-01-01', '2024-12-31'), diffDays('2023-01-01', '2023-12-31'));
const weekday = (s) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(s + 'T00:00:00Z').getUTCDay()];
console.log(days.map(weekday).join(' '));
console.log(new Date(Date.UTC(2024, 0, 31)).toISOString(), Date.UTC(1970, 0, 2), new Date(0).getTimezoneOffset() === new Date(0).getTimezoneOffset());
const iso = '2024-03-10T14:05:00.123Z';
const d = new Date(iso);
console.log(d.getTime(), d.getUTCHours(), d.getUTCMilliseconds(), d.toJSON() === iso);
