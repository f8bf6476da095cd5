// The library face (src/index.ts): runConformance takes its options as the command takes its flags.
import { expect, test } from 'vitest';
import { runConformance } from '../src/index.ts';

test('runConformance takes a key that begins with a dash as the key, not as another flag', async () => {
  // base64url keys begin with "-" one time in 64; nothing listens on port 1, so the run ends before any check
  const result = await runConformance({ baseUrl: 'http://127.0.0.1:1', token: '-key-with-a-dash', forbiddenToken: '-another', only: '-pattern' });
  expect(result.exitCode).toBe(3);
  expect(result.report).toBeUndefined();
});
