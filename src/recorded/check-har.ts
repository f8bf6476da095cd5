// `mockapi-conformance check-har FILE.har`: what a deployment actually answered, as a browser, a proxy or
// Schemathesis recorded it, judged offline: every exchange of the nine operations with checkExchange, the
// rest counted and listed as ignored; the same outcomes, reports and exit codes as a live run. Nothing is sent.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../run/config.ts';
import { EXIT } from '../../contract/exit.ts';
import { HarError, streamHar } from './har.ts';
import { FileReadError } from '../run/file-read.ts';
import { SCAN_LIMITS, type ScanLimits } from './har-scan.ts';
import { KEY_LIMITS, KeyRing, type KeyLimits } from './keys.ts';
import { finish, keysPassedLine, parseRecorded, RECORDED_HELP, yourBaseUrl } from './recorded-command.ts';
import { authorizationOf, RECORDED_LIMITS, recordedReport, Tally, tallyOne, type RecordedJudgement, type RecordedLimits } from './recorded.ts';
import { inertLine } from '../../contract/untrusted.ts';

export const CHECK_HAR_HELP = `Usage: mockapi-conformance check-har FILE.har [flags]

Judges recorded traffic (HAR 1.2) offline: every exchange whose method and path are one of the nine
operations is held to the interface with what one exchange can show; the others are counted and listed as
ignored. Every key the recording carries (Authorization, X-API-Key, cookies, query parameters and body fields
named for a key) is redacted in every exchange and every output (its limits: docs/untrusted.md). The file is
read as a stream. Nothing is sent.

${RECORDED_HELP}`;

export interface CommandOutput {
  write(text: string): void;
  error(text: string): void;
}

/** The bounds of reading and judging a HAR: scaled down by tests, which exercise them with small files. */
export interface CheckHarLimits {
  scan: ScanLimits;
  keys: KeyLimits;
  recorded: RecordedLimits;
}

const LIMITS: CheckHarLimits = { scan: SCAN_LIMITS, keys: KEY_LIMITS, recorded: RECORDED_LIMITS };

/**
 * The file read twice, an entry at a time: first for the keys it carries and whether it kept credentials at all,
 * then to judge, so that a key first seen late is redacted in the exchanges before it too.
 */
function judgeFile(
  file: string,
  profile: 'live' | 'mock',
  limits: CheckHarLimits,
  home: string | undefined,
): { judgement: RecordedJudgement; exchanges: number; keys: KeyRing } {
  const keys = new KeyRing(limits.keys, home);
  let operations = 0;
  let authorized = 0;
  streamHar(
    file,
    (exchange) => {
      if ('tooLarge' in exchange) return;
      keys.learn(exchange.request, exchange.response);
      const authorization = authorizationOf(exchange);
      if (authorization !== undefined) operations++;
      if (authorization) authorized++;
    },
    limits.scan,
  );
  const withCredentials = operations === 0 || authorized > 0;
  const tally = new Tally(limits.recorded);
  const exchanges = streamHar(
    file,
    (exchange, index) => {
      if ('tooLarge' in exchange) tally.ignore('…', `(entries longer than the ${limits.scan.entryBytes} bytes read, left unread)`);
      else tallyOne(tally, exchange, index, profile, withCredentials, keys);
    },
    limits.scan,
  );
  return { judgement: tally.judgement(withCredentials), exchanges, keys };
}

export function runCheckHar(
  argv: string[],
  output: CommandOutput,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  limits: CheckHarLimits = LIMITS,
): number {
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
    let judged;
    try {
      judged = judgeFile(file, settings.profile, limits, yourBaseUrl(env));
    } catch (error) {
      if (error instanceof HarError) throw new ConfigError(`${file}: ${error.message}`);
      if (error instanceof FileReadError) throw new ConfigError(error.message);
      throw error;
    }
    const { judgement, exchanges, keys } = judged;
    const operations = judgement.checks.length + (judgement.notKept?.checks ?? 0);
    output.write(
      `Judging ${exchanges} recorded exchange${exchanges === 1 ? '' : 's'} of ${file}, profile ${settings.profile}: ${operations} of the nine operations\n`,
    );
    if (keys.passed > 0) output.error(keysPassedLine('check-har', keys, limits.keys));
    if (!judgement.credentialsRecorded)
      output.write(
        'No exchange of the nine operations carries an Authorization header: the recording was sanitized (Chrome exports HAR without credentials by default), so requests are judged as sent with a key and missing credentials are not judged\n',
      );
    const report = recordedReport(judgement, {
      source: file,
      profile: settings.profile,
      strict: settings.strict,
      durationMs: performance.now() - started,
      exchanges,
    });
    const code = finish(report, settings, output.write);
    if (operations === 0) output.error(`mockapi-conformance check-har: none of the ${exchanges} exchanges is one of the nine operations; nothing was judged\n`);
    return code;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // a file's name or a setting's value may hold anything: one inert line
    output.error(`mockapi-conformance check-har: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
}
