// index.js --message TEXT [--times N] [--exclaim]
const args = process.argv.slice(2);
let message = "", times = 1, exclaim = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--message") message = args[++i];
  else if (args[i] === "--times") times = Number(args[++i]);
  else if (args[i] === "--exclaim") exclaim = true;
}
const line = message.toUpperCase() + (exclaim ? "!" : "");
for (let i = 0; i < times; i++) console.log(line);
