// How the Action's scripts speak to the runner: a step output in GitHub's delimited form (a value with a line
// break refused, so that no value can add a line, an output of its own, to $GITHUB_OUTPUT), and a workflow
// command whose message is escaped as the runner reads it back.
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/** Sets the step output `name` to `value`, a value of one line. */
export function setOutput(name, value) {
  if (!/^[a-z][a-z-]*$/.test(name) || /[\r\n]/.test(value)) throw new Error(`the output ${name} would hold a line break`);
  if (!process.env.GITHUB_OUTPUT) throw new Error('GITHUB_OUTPUT is not set: the Action runs under GitHub Actions');
  const delimiter = `mockapi-conformance-${randomBytes(16).toString('hex')}`;
  appendFileSync(process.env.GITHUB_OUTPUT, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/** `::error::` or `::warning::` with the message as one line the runner shows as it is. */
export function annotate(level, message) {
  process.stdout.write(`::${level}::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
}
