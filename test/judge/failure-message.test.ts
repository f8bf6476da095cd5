// A failed check's message opens with its cause: the statement it breaks, what was expected and what came back;
// the check's notes (what else it saw, such as the subscription link of an organisation) come after, then curl.
import { expect, test } from 'vitest';
import { failureMessage } from '../../src/judge/judge.ts';

test("a failure's first line is its cause, not a note the check made on the way", () => {
  const message = failureMessage(
    [{ requirement: 'ORG-RENAME', level: 'must', statement: 'the name is changed', expected: 'name "B"', actual: 'name "A"' }],
    [
      {
        request: { method: 'PUT', url: 'http://127.0.0.1:1/v1/organisations/o1', headers: {}, body: '' },
        response: { status: 200, headers: {}, body: '' },
        curl: "curl -sS -i -X PUT 'http://127.0.0.1:1/v1/organisations/o1'",
      },
    ],
    ['links.subscription = /v1/subscriptions/s1 (the subscription id is not otherwise shown)'],
  );
  const lines = message.split('\n');
  expect(lines[0]).toMatch(/^\[ORG-RENAME\] \(must\) .*: "the name is changed"$/);
  expect(lines.slice(1)).toEqual([
    '  expected: name "B"',
    '  actual:   name "A"',
    'links.subscription = /v1/subscriptions/s1 (the subscription id is not otherwise shown)',
    "  reproduce: curl -sS -i -X PUT 'http://127.0.0.1:1/v1/organisations/o1'",
  ]);
});
