// A .env file read as dotenv reads its usual forms, in one pass: `NAME=value` a line (`export NAME=value` and
// `NAME: value` too), the value cut at `#` and trimmed, or quoted in ', " or ` (to the closing quote, across lines;
// `\n` and `\r` inside " are line ends). dotenv's parser is one regular expression run over the whole file, which
// backtracks over blank lines and lone quotes: a file of many blank lines took it seconds to minutes, in which no
// signal is heard. Here each line is read once, and each closing quote searched for once.

/** A line that sets a variable: the name, and the rest of the line after `=` (or `: `). */
const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:(?=\s))(.*)$/;

const QUOTES = ['"', "'", '`'] as const;

/**
 * Where the next closing quote of each kind is, found by one scan forward that is never repeated over the same
 * text: a later search from inside a stretch already scanned reuses its answer.
 */
class ClosingQuotes {
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  /** The first `quote` at or after `from` that is not escaped (`\"`), or -1. */
  next(quote: string, from: number): number {
    const known = this.found.get(quote);
    if (known && from >= known.from && (known.at < 0 || from <= known.at)) return known.at;
    let at = from;
    for (; at < this.text.length; at++) {
      if (this.text[at] === '\\' && this.text[at + 1] === quote) at++;
      else if (this.text[at] === quote) break;
    }
    const result = at < this.text.length ? at : -1;
    this.found.set(quote, { from, at: result });
    return result;
  }
}

/** Every variable the text sets, the last setting of a name winning, as dotenv's parse returns them. */
export function parseEnvFile(source: string): Record<string, string> {
  const text = source.replace(/\r\n?/g, '\n');
  const quotes = new ClosingQuotes(text);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline < 0 ? text.length : newline;
    if (lineEnd === start) {
      start++;
      continue;
    }
    const assignment = ASSIGNMENT.exec(text.slice(start, lineEnd));
    start = lineEnd + 1;
    if (!assignment) continue;
    const [, name, rest] = assignment as unknown as [string, string, string];
    const value = rest.trimStart();
    const quote = QUOTES.find((q) => value.startsWith(q));
    const open = lineEnd - value.length;
    const close = quote === undefined ? -1 : quotes.next(quote, open + 1);
    if (quote === undefined || close < 0) {
      values[name] = value.split('#')[0]!.trim();
      continue;
    }
    const quoted = text.slice(open + 1, close);
    values[name] = quote === '"' ? quoted.replace(/\\n/g, '\n').replace(/\\r/g, '\r') : quoted;
    // what follows the closing quote on its line is a comment at most; a value across lines goes on after its own
    const after = text.indexOf('\n', close);
    start = after < 0 ? text.length : after + 1;
  }
  return values;
}
