#!/usr/bin/env node
// The command. `--version` and `--help` (or -V, -h) alone are answered here, before anything heavy is loaded
// (vitest, tsx, Ajv); everything else is src/cli/cli.ts, once the vitest beside the package is one it runs on.
// An installed package runs its compiled JavaScript (dist/). In a checkout (src/cli/cli.ts beside bin/) the
// command runs the TypeScript sources as they are, through tsx's loader: Node 20 cannot run TypeScript itself.
import { existsSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const only = args.length === 1 ? args[0] : undefined;

// Ctrl-C from the process's first instant: while vitest and the command load nothing is sent, so the command ends as
// interrupted (130, contract/exit.ts); the run takes the signals over as it begins (src/run/run-life.ts), and the
// subcommands that serve keep their own handlers (src/cli/cli.ts)
if (!['reference', 'proxy', 'check-har', 'diff'].includes(args[0] ?? '')) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
}
const checkout = existsSync(new URL('../src/cli/cli.ts', import.meta.url));

async function registerTsx() {
  const { register } = await import('tsx/esm/api');
  register();
}

if (only === '-V' || only === '--version') {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
} else if (only === '-h' || only === '--help') {
  // src/cli/help.ts imports nothing heavy
  if (checkout) await registerTsx();
  const { HELP } = checkout ? await import('../src/cli/help.ts') : await import('../dist/src/cli/help.js');
  process.stdout.write(`${HELP}\n`);
} else if (checkout) {
  // vitest's Node API is imported before tsx's loader hooks are registered: through them it takes several times
  // as long to import, and more memory (README, Speed and memory)
  await import('vitest/node');
  await registerTsx();
  await import('../src/cli/cli.ts');
} else {
  // vitest is a peer: outside the range the package runs on (or with none installed), one line before it is
  // loaded; a checkout has the vitest of its own lockfile
  const { vitestOutsideRange } = await import('../dist/src/vitest/vitest-peer.js');
  const outside = vitestOutsideRange();
  if (outside === undefined) await import('../dist/src/cli/cli.js');
  else {
    process.stderr.write(`mockapi-conformance: ${outside}\n`);
    // the usage code (contract/exit.ts): a configuration nothing can run with
    process.exitCode = 2;
  }
}
