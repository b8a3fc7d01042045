async function load(name) {
  try {
    JSON.parse('{oops');
  } catch (e) {
    throw new Error(`failed to load ${name}`, { cause: e });
  }
}
load('cfg').catch((e) => {
  console.log(e.message, '<-', e.cause.name);
  const agg = new AggregateError([new Error('a'), new TypeError('b')], 'many failed');
  console.log(agg.name, agg.message, agg.errors.map((x) => x.message));
  console.log(Object.keys(e), e instanceof Error, typeof e.stack);
});
