// `mockapi-conformance proxy --upstream URL --port N`: a validating proxy. Requests are forwarded to the
// deployment unchanged (but for the hop-by-hop headers HTTP says a proxy must not forward) and its answers
// come back unchanged; each exchange of the nine operations is judged with checkExchange as it passes, and
// every violation is printed at once, one line each. Ctrl-C (or SIGTERM) ends it and writes the report in
// every format asked for, as a run does. A client team points its app at it in staging.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { Agent, request } from 'undici';
import type { CheckResult } from '../../contract/report.ts';
import type { CommandOutput } from './check-har.ts';
import { ConfigError } from '../run/config.ts';
import { EXIT } from '../../contract/exit.ts';
import { finish, keysPassedLine, parseRecorded, RECORDED_HELP, type RecordedSettings, yourBaseUrl } from './recorded-command.ts';
import { RECORDED_BODY_BYTES, RECORDED_LIMITS, recordedReport, Tally, tallyOne, type Judged, type RecordedExchange, type RecordedLimits } from './recorded.ts';
import { KEY_LIMITS, KeyRing, redactedAgain, type KeyLimits } from './keys.ts';
import { bounded, inertLine } from '../../contract/untrusted.ts';
import { hasDotSegment } from '../../contract/path-segment.ts';

export const PROXY_HELP = `Usage: mockapi-conformance proxy --upstream URL [--port N] [flags]

Forwards every request to the deployment at URL and its answer back, unchanged, and judges each exchange
of the nine operations as it passes: every answer that breaks the interface is printed at once, one line
per statement broken. Ctrl-C ends it and writes the report.

  --upstream URL         the deployment (http or https); paths are appended to it
  --port N               the port to listen on (default 0: a free one, printed)
  --host HOST            the address to listen on (default 127.0.0.1)
  --timeout-ms N         how long to wait for the upstream's answer (default 30000)
${RECORDED_HELP}`;

/**
 * Headers that belong to one connection, not to the exchange (RFC 9110 section 7.6.1), and the framing that
 * whoever sends sets anew (host, content-length): never forwarded. bench/recorder.ts forwards by them too.
 */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'host',
  'content-length',
]);

const forwardable = (headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> => {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((s) => s.trim()),
  );
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  return out;
};

/** Bytes of a request or an answer the proxy holds to judge, at most; past them it forwards without holding. */
export const PROXY_HELD_BYTES = RECORDED_BODY_BYTES;

/** What passes through a stream, held up to PROXY_HELD_BYTES: the bytes, and whether more passed. */
function holdOf(stream: Readable): { bytes(): Buffer; over(): boolean; size(): number } {
  const chunks: Buffer[] = [];
  let held = 0;
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (held + chunk.length > PROXY_HELD_BYTES) return;
    chunks.push(chunk);
    held += chunk.length;
  });
  return { bytes: () => Buffer.concat(chunks, held), over: () => size > held, size: () => size };
}

/**
 * The upstream URL of a request target, or undefined for one a proxy in front of one deployment does not
 * take: the absolute form (what a client configured with HTTP_PROXY sends), the asterisk form (OPTIONS *),
 * a target that is not a path. Parsed, never concatenated: the answer always goes to the upstream's origin.
 */
export function upstreamUrl(upstream: URL, target: string | undefined): URL | undefined {
  if (target === undefined || !target.startsWith('/') || target.startsWith('//') || hasDotSegment(target)) return undefined;
  const at = target.search(/[?#]/);
  const path = at < 0 ? target : target.slice(0, at);
  const query = at < 0 || target[at] === '#' ? '' : target.slice(at).replace(/#.*$/, '');
  let url: URL;
  try {
    url = new URL(`${upstream.pathname.replace(/\/+$/, '')}${path}${query}`, upstream.origin);
  } catch {
    return undefined;
  }
  return url.origin === upstream.origin ? url : undefined;
}

/** The proxy's rule of dot segments is the run's rule of fixture ids too: one rule, in contract/path-segment.ts. */
export { hasDotSegment };

/** A check of an answer too large to hold: only its status was judged, and it says so. */
function tooLargeSaid(result: CheckResult, tooLarge: number | undefined): void {
  if (tooLarge === undefined) return;
  const said = `the answer's body is longer than ${PROXY_HELD_BYTES} bytes (${tooLarge} passed): forwarded as it came, too large to hold, so only its status is judged`;
  result.notes.unshift(said);
  result.message = `${said}${result.message ? `\n${result.message}` : ''}`;
  // its body was not judged: what the status showed stands, else it could not judge (and says so live)
  if (result.outcome === 'passed') result.outcome = 'errored';
}

const MARK = { failed: 'FAIL', warned: 'WARN', errored: 'ERR ' } as const;

/** Refused requests said one by one, at most; the rest are counted. */
const REFUSED_SAID = 20;

/** The lines an exchange prints as it passes: one per statement broken, or why it could not be judged. */
function liveLines({ result, violations }: Judged, method: string, path: string, status: number | undefined): string[] {
  // a client's method and path, a deployment's answer: one inert line each, cut (contract/untrusted.ts)
  const line = (text: string) => bounded(inertLine(text), 500);
  if (result.outcome === 'errored') return [line(`${MARK.errored} ${method} ${path}: ${result.message.split('\n')[0]}`)];
  return violations.map((v) =>
    line(`${v.level === 'must' ? MARK.failed : MARK.warned} ${method} ${path} ${status}: [${v.requirement}] expected ${v.expected}; actual ${v.actual}`),
  );
}

/** The bounds of what the proxy keeps (scaled down by tests, which exercise them with a few exchanges), and its end. */
export interface ProxyOptions {
  keys: KeyLimits;
  recorded: RecordedLimits;
  /** ends the proxy as Ctrl-C does (SIGINT and SIGTERM always do) */
  stop?: AbortSignal;
}

/** A proxy's flags, read and held to their bounds: what it reports, where it forwards, where it listens. */
interface ProxyFlags {
  settings: RecordedSettings;
  upstream: URL;
  /** the upstream without its trailing slash, as the report names it */
  base: string;
  port: number;
  host: string;
  timeoutMs: number;
  /** the base URL the user gave for their key (yourBaseUrl): curl lines of exchanges elsewhere show keys inert */
  home?: string;
}

/** The flags parsed; a number: the exit code once --help or a usage error is said. */
function parseProxyArgs(argv: string[], output: CommandOutput, env: NodeJS.ProcessEnv, cwd: string): ReturnType<typeof parseRecorded> | number {
  try {
    const parsed = parseRecorded(
      'proxy',
      argv,
      { upstream: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'timeout-ms': { type: 'string' } },
      env,
      cwd,
    );
    if (parsed.settings.help) {
      output.write(`${PROXY_HELP}\n`);
      return EXIT.passed;
    }
    if (parsed.positionals.length > 0) throw new ConfigError(`unexpected argument '${parsed.positionals[0]}' (see mockapi-conformance proxy --help)`);
    return parsed;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // a setting's value may hold anything: one inert line
    output.error(`mockapi-conformance proxy: ${inertLine(error.message)}\n`);
    return EXIT.usage;
  }
}

/** The proxy's own flags, read; a string: what is wrong with one. */
function proxyFlags(settings: RecordedSettings, values: Record<string, string | boolean | undefined>): ProxyFlags | string {
  if (typeof values.upstream !== 'string') return 'give --upstream URL, the deployment to forward to (see mockapi-conformance proxy --help)';
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
  } catch {
    return `--upstream is not a URL: "${values.upstream}"`;
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    return `--upstream must be an http or https URL, not ${upstream.protocol.replace(':', '')}`;
  if (upstream.username || upstream.password || upstream.search || upstream.hash) return '--upstream must have no credentials, query or fragment';
  const portText = typeof values.port === 'string' ? values.port : '0';
  const port = /^\d+$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) return `--port must be a whole number from 0 to 65535, not "${portText}"`;
  const timeoutText = typeof values['timeout-ms'] === 'string' ? values['timeout-ms'] : '30000';
  const timeoutMs = /^\d+$/.test(timeoutText) ? Number(timeoutText) : NaN;
  if (!(timeoutMs >= 1 && timeoutMs <= 600_000)) return `--timeout-ms must be a whole number from 1 to 600000, not "${timeoutText}"`;
  const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
  return { settings, upstream, base: upstream.href.replace(/\/+$/, ''), port, host, timeoutMs };
}

/** The exchanges judged as they pass: learnt keys, counted and kept in a tally, every violation printed at once. */
class PassingJudge {
  private readonly tally: Tally;
  readonly keys: KeyRing;
  /** exchanges that passed, judged or not */
  seen = 0;

  constructor(
    private readonly flags: ProxyFlags,
    private readonly limits: ProxyOptions,
    private readonly output: CommandOutput,
  ) {
    // counts and the first checks of each outcome, however many exchanges pass
    this.tally = new Tally(limits.recorded);
    this.keys = new KeyRing(limits.keys, flags.home);
  }

  private judge(exchange: RecordedExchange, tooLarge?: number): void {
    const index = this.seen++;
    // its keys first: an answer may echo them, and every line printed of it is redacted
    this.keys.learn(exchange.request, exchange.response);
    const judged = tallyOne(this.tally, exchange, index, this.flags.settings.profile, true, this.keys, (result) => tooLargeSaid(result, tooLarge));
    if (!judged) return;
    const method = this.keys.redact(bounded(exchange.request.method.toUpperCase(), 100));
    const path = this.keys.redact(bounded(new URL(exchange.request.url).pathname, 300));
    for (const line of liveLines(judged, method, path, exchange.response?.status)) this.output.write(`${line}\n`);
  }

  /** requests refused as another Host's or another origin's (refusedRequest) */
  private refused = 0;

  /** A refused request said on stderr, the first REFUSED_SAID of them: a page may send many. */
  refusedOne(line: string): void {
    if (++this.refused <= REFUSED_SAID) this.output.error(line);
  }

  /** Judged without a throw reaching the server: a check that throws is said in one line, and the proxy goes on. */
  judgeSafely(exchange: RecordedExchange, tooLarge?: number): void {
    try {
      this.judge(exchange, tooLarge);
    } catch (error) {
      this.output.error(
        `mockapi-conformance proxy: could not judge ${bounded(inertLine(`${exchange.request.method} ${exchange.request.url}`), 300)}: ${bounded(inertLine((error as Error).message), 300)}\n`,
      );
    }
  }

  /** The report of every exchange that passed, written in every format asked for: the exit code. */
  finish(started: number): number {
    const { base, settings } = this.flags;
    const judgement = { ...this.tally.judgement(true), origins: [new URL(base).origin] };
    // a key first seen after an exchange that echoed it: the kept checks are redacted again with every key
    judgement.checks = redactedAgain(judgement.checks, this.keys);
    const report = recordedReport(judgement, {
      source: base,
      baseUrl: base,
      profile: settings.profile,
      strict: settings.strict,
      durationMs: performance.now() - started,
      exchanges: this.seen,
    });
    if (this.keys.passed > 0) this.output.error(keysPassedLine('proxy', this.keys, this.limits.keys));
    if (this.refused > REFUSED_SAID)
      this.output.error(`mockapi-conformance proxy: ${this.refused} requests refused in all (another Host, or another origin)\n`);
    const code = finish(report, settings, this.output.write);
    if (report.recorded!.judged === 0)
      this.output.error(`mockapi-conformance proxy: none of the ${this.seen} exchanges that passed was one of the nine operations; nothing was judged\n`);
    return code;
  }
}

/** The upstream URL of a request, or undefined once the request is answered 400: a target the proxy does not take. */
function targetOf(req: IncomingMessage, res: ServerResponse, upstream: URL): URL | undefined {
  if (req.url !== undefined && hasDotSegment(req.url)) {
    req.resume();
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(
      'mockapi-conformance proxy: a path with a dot segment (. or .., plain or percent-encoded) is refused: it would leave the base path of the upstream\n',
    );
    return undefined;
  }
  const target = upstreamUrl(upstream, req.url);
  if (target === undefined) {
    // the request is the client's mistake, not an exchange with the deployment: said, and the proxy goes on
    req.resume();
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(
      `mockapi-conformance proxy: only a path is taken as the request target (origin form), not ${bounded(inertLine(req.url ?? ''), 200)}; point the client at the proxy as its base URL, not as an HTTP proxy\n`,
    );
  }
  return target;
}

/** The names the proxy answers to: its loopback names, the address it listens on, and any IP address where that is all of them. */
function ownHost(host: string | undefined, listening: string, port: number): boolean {
  let url: URL;
  try {
    url = new URL(`http://${host ?? ''}`);
  } catch {
    return false;
  }
  if (host === undefined || url.username || url.password || url.pathname !== '/' || Number(url.port || '80') !== port) return false;
  const given = listening.toLowerCase().replace(/^\[?(.*?)\]?$/, '$1');
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (['127.0.0.1', 'localhost', '::1', given].includes(name)) return true;
  return ['0.0.0.0', '::'].includes(given) && isIP(name) !== 0;
}

/**
 * Why a request is not forwarded, as a status and one line, or undefined. The proxy answers its own Host alone: a
 * page whose name was made to resolve to this address (DNS rebinding) sends its own name. And a request from a page
 * of another origin (Origin, Sec-Fetch-Site) is refused: the upstream's answers are not a web page's to read.
 */
function refusedRequest(req: IncomingMessage, listening: string, port: number): { status: number; line: string } | undefined {
  const quoted = (text: string) => bounded(inertLine(JSON.stringify(text)), 200);
  if (!ownHost(req.headers.host, listening, port))
    return {
      status: 421,
      line: `the Host ${quoted(req.headers.host ?? '')} is not this proxy's (${listening}:${port}): a name made to point here is not answered`,
    };
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const sameOrigin = origin === undefined || (URL.canParse(origin) && new URL(origin).origin === new URL(`http://${req.headers.host}`).origin);
  if ((typeof site === 'string' && site !== 'same-origin' && site !== 'none') || !sameOrigin)
    return {
      status: 403,
      line: `a request from another origin (${quoted(origin ?? `Sec-Fetch-Site: ${site}`)}) is refused: a page of another site does not read the deployment's answers through the proxy`,
    };
  return undefined;
}

/** The upstream's answer passed back as it comes and held up to the cap; a reason: it did not end. */
async function passAnswer(answer: Dispatched, res: ServerResponse, method: string): Promise<{ got: ReturnType<typeof holdOf>; ended?: string }> {
  const headers = forwardable(answer.headers as Record<string, string | string[] | undefined>);
  const length = answer.headers['content-length'];
  res.writeHead(answer.statusCode, { ...headers, ...(typeof length === 'string' ? { 'content-length': length } : {}) });
  // forwarded as it comes, held up to the cap: an endless body costs the proxy no more than the cap
  const got = holdOf(answer.body);
  const ended = await new Promise<string | undefined>((resolve) => {
    answer.body.once('error', (error) => resolve(error.message));
    res.once('close', () => resolve(res.writableFinished ? undefined : 'the client went away before the answer ended'));
    answer.body.once('end', () => resolve(undefined));
    if (res.destroyed) resolve('the client went away before the answer came');
    else if (method === 'HEAD') answer.body.resume();
    else answer.body.pipe(res);
  });
  return ended === undefined ? { got } : { got, ended };
}

type Dispatched = Awaited<ReturnType<typeof request>>;

/** One request forwarded to the upstream and its answer back, then judged as an exchange. */
async function forward(req: IncomingMessage, res: ServerResponse, flags: ProxyFlags, agent: Agent, judge: PassingJudge, port: number): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const target = targetOf(req, res, flags.upstream);
  if (target === undefined) return;
  const refused = refusedRequest(req, flags.host, port);
  if (refused !== undefined) {
    req.resume();
    res.writeHead(refused.status, { 'content-type': 'text/plain' }).end(`mockapi-conformance proxy: ${refused.line}\n`);
    judge.refusedOne(`mockapi-conformance proxy: ${bounded(inertLine(method), 20)} refused, ${refused.status}: ${refused.line}\n`);
    return;
  }
  const url = target.href;
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
  // the request body is forwarded as it comes, and held up to the cap to be judged
  const sentBody = hasBody ? new PassThrough() : undefined;
  const sent = holdOf(req);
  if (sentBody) req.pipe(sentBody);
  else req.resume();
  // a request without a body is recorded without one: its curl line sends none (no --data-binary '')
  const recorded = () => ({ method, url, headers: req.headers, body: !hasBody || sent.over() ? undefined : sent.bytes() });
  let answer: Dispatched;
  try {
    const timeouts = { headersTimeout: flags.timeoutMs, bodyTimeout: flags.timeoutMs };
    answer = await request(url, { method: method as 'GET', headers: forwardable(req.headers), body: sentBody, dispatcher: agent, ...timeouts });
  } catch (error) {
    // the library's message may quote the upstream's bytes: one inert line, cut
    const reason = `the upstream gave no answer: ${bounded(inertLine((error as Error).message), 300)}`;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    if (!res.writableEnded) res.end(`mockapi-conformance proxy: ${reason}\n`);
    judge.judgeSafely({ request: recorded(), response: undefined, error: reason, startedAt, durationMs: performance.now() - t0 });
    return;
  }
  const { got, ended } = await passAnswer(answer, res, method);
  if (ended !== undefined) {
    answer.body.destroy();
    res.destroy();
    judge.judgeSafely({ request: recorded(), response: undefined, error: `the answer did not end: ${ended}`, startedAt, durationMs: performance.now() - t0 });
    return;
  }
  if (method === 'HEAD' && !res.writableEnded) res.end();
  const over = got.over();
  const response = {
    status: answer.statusCode,
    headers: answer.headers as Record<string, string | string[]>,
    ...(over ? { bodyRecorded: false } : { body: got.bytes() }),
  };
  judge.judgeSafely({ request: recorded(), response, startedAt, durationMs: performance.now() - t0 }, over ? got.size() : undefined);
}

/** The proxy listening until Ctrl-C, SIGTERM or the stop signal: then the report, and the exit code. */
function serve(flags: ProxyFlags, limits: ProxyOptions, output: CommandOutput): Promise<number> {
  const { host, port, base, settings } = flags;
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const started = performance.now();
  const judge = new PassingJudge(flags, limits, output);
  return new Promise((resolveExit) => {
    let listening = port;
    const server = createServer((req, res) => {
      forward(req, res, flags, agent, judge, listening).catch((error: unknown) => {
        // never a write after the answer ended: a failure then only ends the connection
        if (res.writableEnded || res.destroyed) return;
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`mockapi-conformance proxy: ${bounded(inertLine((error as Error).message), 300)}\n`);
        } else res.destroy();
      });
    });
    server.on('clientError', (_, socket) => socket.destroy());
    server.once('error', (error: Error & { code?: string }) => {
      output.error(`mockapi-conformance proxy: cannot listen on ${host}:${port}: ${error.code ?? error.message}\n`);
      resolveExit(EXIT.usage);
    });
    server.listen(port, host, () => {
      ({ port: listening } = server.address() as { port: number });
      output.write(
        `Proxy on http://${host}:${listening} forwarding to ${base}, profile ${settings.profile}: every answer that breaks the interface is printed as it passes; Ctrl-C ends and writes the report\n`,
      );
    });
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      limits.stop?.removeEventListener('abort', stop);
      server.close();
      server.closeAllConnections();
      // in-flight upstream requests (an endless body) are ended, so that nothing keeps the process after the report
      void agent.destroy();
      resolveExit(judge.finish(started));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    limits.stop?.addEventListener('abort', stop, { once: true });
  });
}

export function runProxy(
  argv: string[],
  output: CommandOutput,
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  limits: ProxyOptions = { keys: KEY_LIMITS, recorded: RECORDED_LIMITS },
): Promise<number> {
  const parsed = parseProxyArgs(argv, output, env, cwd);
  if (typeof parsed === 'number') return Promise.resolve(parsed);
  const flags = proxyFlags(parsed.settings, parsed.values);
  if (typeof flags === 'string') {
    output.error(`mockapi-conformance proxy: ${flags}\n`);
    return Promise.resolve(EXIT.usage);
  }
  const home = yourBaseUrl(env);
  return serve(home === undefined ? flags : { ...flags, home }, limits, output);
}
