// The loader hooks of test/support/stop-at.js: the module named by its `at` begins with a SIGINT to its own process.
let at;

export function initialize(data) {
  at = data.at;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.endsWith(at) || loaded.format !== 'module') return loaded;
  return { ...loaded, source: `process.kill(process.pid, 'SIGINT');\n${String(loaded.source)}` };
}
