// Scripts that feature-detect: what Node 20 has and has not.
const checks = {
  'Object.groupBy': typeof Object.groupBy,
  'Map.groupBy': typeof Map.groupBy,
  'Array.prototype.toSorted': typeof [].toSorted,
  'Array.prototype.findLast': typeof [].findLast,
  'Array.prototype.at': typeof [].at,
  'Promise.withResolvers': typeof Promise.withResolvers,
  structuredClone: typeof structuredClone,
  'String.prototype.isWellFormed': typeof ''.isWellFormed,
  'Set.prototype.union': typeof new Set().union,
  'Array.fromAsync': typeof Array.fromAsync,
  fetch: typeof fetch,
  AbortController: typeof AbortController,
  TextEncoder: typeof TextEncoder,
  atob: typeof atob,
  queueMicrotask: typeof queueMicrotask,
  'Iterator.prototype.map': typeof globalThis.Iterator?.prototype?.map,
};
for (const [k, v] of Object.entries(checks)) console.log(k.padEnd(32), v);
