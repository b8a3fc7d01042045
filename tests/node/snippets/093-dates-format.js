// Dates as agents print them: toString with the zone name, locale formats, Intl called
// without new, parsing, relative times and lists (the sandbox is UTC, as this machine).
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 45));
console.log(d.toString());
console.log(d.toDateString(), '|', d.toTimeString());
console.log(d.toUTCString(), '|', d.toISOString(), '|', d.toJSON());
console.log(d.toLocaleDateString(), '|', d.toLocaleTimeString(), '|', d.toLocaleString());
console.log(d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
console.log(d.toLocaleDateString('en-GB'), '|', d.toLocaleDateString('de-DE'), '|', d.toLocaleDateString('en-US', { month: 'short', day: '2-digit' }));
console.log(d.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' }), '|', d.toLocaleTimeString('en-US', { hour12: false }));
console.log(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d));
console.log(Intl.DateTimeFormat().resolvedOptions().timeZone, d.getTimezoneOffset());
console.log(new Date('2024-03-05').getTime(), new Date('2024-03-05T10:00:00').getTime(), new Date('March 5, 2024').getTime(), Date.parse('nope'));
console.log(new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day'), new Intl.ListFormat('en', { type: 'conjunction' }).format(['a', 'b', 'c']));
console.log(new Intl.PluralRules('en-US').select(1), (1234.5).toLocaleString('de-DE'), (0.256).toLocaleString('en-US', { style: 'percent' }));
