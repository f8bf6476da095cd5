// Ctrl-C from the command's first module on, imported before any other: a run not yet begun has sent nothing and
// has nothing to put back, so the command ends as interrupted; the run takes the signals over as it begins
// (src/run/run-life.ts), keeping a handler in place throughout. The subcommands that serve keep their own handlers.
const SERVING = ['reference', 'proxy', 'check-har', 'diff'];

if (!SERVING.includes(process.argv[2] ?? '')) {
  // the code of contract/exit.ts's EXIT.interrupted, written out: this module imports nothing, so it is in place first
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
}
