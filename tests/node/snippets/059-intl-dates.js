const d = new Date(Date.UTC(2024, 6, 4, 15, 5, 9));
console.log(d.toLocaleDateString('en-US', { timeZone: 'UTC' }), d.toLocaleTimeString('en-US', { timeZone: 'UTC' }), d.toLocaleString('en-US', { timeZone: 'UTC' }));
console.log(d.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
console.log(d.toLocaleDateString('en-GB', { timeZone: 'UTC' }), d.toLocaleDateString('de-DE', { timeZone: 'UTC' }), d.toLocaleString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
console.log(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.56), (0.256).toLocaleString('en-US', { style: 'percent', minimumFractionDigits: 1 }));
