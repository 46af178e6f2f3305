/**
 * `npm run soak [-- --minutes N --backend sqlite|postgres --shards K --seed S]`: the sharded bot from
 * the build against the emulator with Discord's rate limits, 100 games at once, faults on a seeded
 * schedule, and the ledger held against the database at the end (docs/reliability.md). Writes
 * soak/latest.json and prints the figures; exits 1 when a target is missed, 78 for a bad option.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeMachine } from '../harness/kit/machine.js';
import { ROOT } from '../harness/node-process.js';
import { readSoakOptions, SoakOptionError } from './options.js';
import { printFigures, targetsMissed } from './report.js';
import { runSoak } from './soak.js';

async function main(): Promise<void> {
  let options: ReturnType<typeof readSoakOptions>;
  try {
    options = readSoakOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SoakOptionError)) throw error;
    process.stderr.write(`soak: ${error.message}\n`);
    process.exit(78);
  }
  const say = (line: string) => process.stdout.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  const leftOut = options.without.length ? `, without ${options.without.join(', ')}` : '';
  say(`${options.minutes} minutes, ${options.backend}, ${options.shards} shards, seed ${options.seed}${leftOut}`);
  const figures = await runSoak(options, say);
  const out = process.env.SOAK_OUT ?? path.join(ROOT, 'soak', 'latest.json');
  fs.writeFileSync(out, `${JSON.stringify({ machine: describeMachine(), ...figures }, null, 2)}\n`);
  for (const line of printFigures(figures)) process.stdout.write(`${line}\n`);
  say(`figures written to ${out}`);
  const missed = targetsMissed(figures);
  for (const line of missed) say(`target missed: ${line}`);
  process.exit(missed.length ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
