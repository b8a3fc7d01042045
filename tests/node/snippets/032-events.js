const EventEmitter = require('events');
class Job extends EventEmitter {}
const job = new Job();
job.on('progress', (p) => console.log('progress', p));
job.once('done', (r) => console.log('done', r));
job.emit('progress', 10); job.emit('progress', 90); job.emit('done', 'ok'); job.emit('done', 'again');
console.log(job.listenerCount('progress'), job.eventNames());
try { job.emit('error', new Error('bad')); } catch (e) { console.log('thrown', e.message); }
(async () => { setTimeout(() => job.emit('ready', 1, 2), 5); const args = await EventEmitter.once(job, 'ready'); console.log('once', args); })();
