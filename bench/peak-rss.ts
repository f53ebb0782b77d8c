/**
 * Loaded with `--import` into a process a bench measures (NODE_OPTIONS reaches `fdh` through its
 * interpreter line): writes the process's peak resident set size, in KiB, to BENCH_PEAK_RSS_FILE
 * as it exits, which its parent cannot read once it has.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_RSS_FILE;
if (file !== undefined) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
