// What an invalid payload is: the body, the one rule it breaks and where. Made by the generators
// (properties/arbitraries.ts, properties/breaches.ts) for the property checks that send them, and read off a
// recorded request by src/judge/exchange.ts, which judges the answer it got.

export type Rule = 'above-limit' | 'below-limit' | 'non-integer' | 'wrong-type' | 'missing-required' | 'rows-misfit' | 'not-json' | 'too-large';

export interface Invalid {
  rule: Rule;
  /** JSON pointer of the offending value (of the missing property for missing-required; '' for not-json) */
  pointer: string;
  /** the body to send: a JSON value, or raw text for not-json */
  body: unknown;
  raw?: string;
  /** missing-required: the type the missing property must have, which an Invalid JSON answer names */
  type?: string;
}
