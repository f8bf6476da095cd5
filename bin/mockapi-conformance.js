#!/usr/bin/env node
// Node 20 cannot run TypeScript itself; tsx's loader lets the command run the sources as they are.
import { register } from 'tsx/esm/api';

await import('vitest/node');
register();
await import('../src/cli.ts');
