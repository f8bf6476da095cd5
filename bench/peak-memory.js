// Preloaded into a measured process (node --import): at exit, writes the process's peak resident memory in
// KiB (getrusage's maxrss, all threads together) to the file MOCKAPI_BENCH_PEAK_FILE names. Plain
// JavaScript, so that it loads before any TypeScript loader and changes nothing the process loads.
import { writeFileSync } from 'node:fs';

const file = process.env.MOCKAPI_BENCH_PEAK_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
