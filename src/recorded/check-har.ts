// `mockapi-conformance check-har FILE.har`: what a deployment actually answered, as a browser, a proxy or
// Schemathesis recorded it, judged offline: every exchange of the nine operations with checkExchange, the
// rest counted and listed as ignored; the same outcomes, reports and exit codes as a live run. Nothing is sent.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../run/config.ts';
import { EXIT } from '../../reporters/exit.ts';
import { HarError, readHar } from './har.ts';
import { finish, parseRecorded, RECORDED_HELP } from './recorded-command.ts';
import { judgeRecorded, recordedReport } from './recorded.ts';

export const CHECK_HAR_HELP = `Usage: mockapi-conformance check-har FILE.har [flags]

Judges recorded traffic (HAR 1.2) offline: every exchange whose method and path are one of the nine
operations is held to the interface with what one exchange can show; the others are counted and listed as
ignored. Keys in recorded headers are redacted in every output. Nothing is sent.

${RECORDED_HELP}`;

export interface CommandOutput {
  write(text: string): void;
  error(text: string): void;
}

export function runCheckHar(argv: string[], output: CommandOutput, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): number {
  try {
    const { settings, positionals } = parseRecorded('check-har', argv, {}, env, cwd);
    if (settings.help) {
      output.write(`${CHECK_HAR_HELP}\n`);
      return EXIT.passed;
    }
    if (positionals.length !== 1)
      throw new ConfigError(`give one HAR file${positionals.length > 1 ? `, not ${positionals.length}` : ''} (see mockapi-conformance check-har --help)`);
    const file = resolve(cwd, positionals[0]!);
    if (!existsSync(file) || !statSync(file).isFile()) throw new ConfigError(`${file} is not a file`);
    const started = performance.now();
    let exchanges;
    try {
      exchanges = readHar(readFileSync(file, 'utf8'));
    } catch (error) {
      if (error instanceof HarError) throw new ConfigError(`${file}: ${error.message}`);
      throw error;
    }
    const judgement = judgeRecorded(exchanges, settings.profile);
    output.write(
      `Judging ${exchanges.length} recorded exchange${exchanges.length === 1 ? '' : 's'} of ${file}, profile ${settings.profile}: ${judgement.checks.length} of the nine operations\n`,
    );
    if (!judgement.credentialsRecorded)
      output.write(
        'No exchange of the nine operations carries an Authorization header: the recording was sanitized (Chrome exports HAR without credentials by default), so requests are judged as sent with a key and missing credentials are not judged\n',
      );
    const report = recordedReport(judgement, {
      source: file,
      profile: settings.profile,
      strict: settings.strict,
      durationMs: performance.now() - started,
      exchanges: exchanges.length,
    });
    const code = finish(report, settings, output.write);
    if (judgement.checks.length === 0)
      output.error(`mockapi-conformance check-har: none of the ${exchanges.length} exchanges is one of the nine operations; nothing was judged\n`);
    return code;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.error(`mockapi-conformance check-har: ${error.message}\n`);
    return EXIT.usage;
  }
}
