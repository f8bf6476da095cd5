// `npm run reference -- [--port N] [--faults a,b] [--freedoms a,b] [--variations] | --list-faults | --list-freedoms`
// in a checkout: the reference
// command (runReference) as a script; installed, the same is `mockapi-conformance reference`.
import { runReference } from './command.ts';

const code = await runReference(process.argv.slice(2), 'npm run reference --');
if (code !== undefined) process.exitCode = code;
