// What the configuration refuses, as the tests of it read it: parseCommand's ConfigError, held to one line.
import { expect } from 'vitest';
import { ConfigError, parseCommand } from '../../src/run/config.ts';

/** The one line parseCommand refuses `argv` and `env` with, in `cwd`; a test failure where it refuses nothing or otherwise. */
export function refusalOf(argv: string[], env: Record<string, string>, cwd: string, options?: Parameters<typeof parseCommand>[3]): string {
  try {
    parseCommand(argv, env, cwd, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`not refused: ${JSON.stringify(argv)}`);
}
