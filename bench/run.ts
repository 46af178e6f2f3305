import path from 'node:path';
import { killAllChildren, ROOT } from '../harness/kit/bot-process.js';
import { writeLatest } from '../harness/kit/figures.js';
import { describeMachine } from '../harness/kit/machine.js';
import { readBenchConfig } from './config.js';
import { BenchContext, type BenchStep, say } from './context.js';
import { STEPS } from './steps.js';

const OUTPUT = path.join(ROOT, 'bench/latest.json');

/** BENCH_ONLY=<step>[,<step>…] (BENCH_SCALE_ONLY=1: `scale`), else every step, in STEPS' order. */
function chosenSteps(only: readonly string[] | null): readonly BenchStep[] {
  if (!only) return STEPS;
  const unknown = only.filter((name) => !STEPS.some((step) => step.name === name));
  if (unknown.length) {
    throw new Error(`BENCH_ONLY takes ${STEPS.map((step) => step.name).join(', ')}; not ${unknown.join(', ')}`);
  }
  return STEPS.filter((step) => only.includes(step.name));
}

/**
 * `npm run bench`: each step of bench/steps.ts in turn, on the world they share (bench/context.ts);
 * their entries written to bench/latest.json, merged into the last run's when only some ran, and
 * their lines printed at the end.
 */
async function main(context: BenchContext, steps: readonly BenchStep[]): Promise<void> {
  const machine = describeMachine();
  say(`machine: ${machine.cpu}, ${machine.cores} cores, node ${machine.node}`);
  let entries: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const step of steps) {
    say(`${step.name}: ${step.loads}; measuring ${step.measures}…`);
    const result = await step.run(context);
    // The declaration is what docs and readers go by: a step that writes other entries says so loudly.
    const undeclared = Object.keys(result.json).filter((key) => !step.writes.includes(key));
    const missing = step.writes.filter((key) => !(key in result.json));
    if (undeclared.length || missing.length) {
      say(
        `WARNING ${step.name}: writes ${undeclared.join(', ') || 'nothing'} undeclared, not ${missing.join(', ') || '—'}`,
      );
    }
    const targets = { ...(entries.targets as object), ...(result.json.targets as object) };
    entries = { ...entries, ...result.json, ...(Object.keys(targets).length ? { targets } : {}) };
    lines.push(...result.lines);
  }
  const discord = context.emulator;
  if (discord && steps.some((step) => step.name === 'head-to-head')) {
    const problems = discord.problems;
    entries.emulator_problems = problems.length;
    // Of Discord's limits, every step together (the strict emulator answers them; none expected).
    entries.emulator_rate_limit_429s = discord.rateLimitRefusals();
    entries.first_emulator_problems = problems.slice(0, 5).map((problem) => `${problem.kind}: ${problem.detail ?? ''}`);
    entries.duration_s = performance.now() / 1000;
  }
  writeLatest(OUTPUT, entries, steps.length < STEPS.length);
  lines.push(`written to ${path.relative(process.cwd(), OUTPUT)} after ${(performance.now() / 1000).toFixed(0)} s`);
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

const config = readBenchConfig();
const context = new BenchContext(config);
process.on('exit', () => context.closeNow());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

main(context, chosenSteps(config.only))
  .finally(() => context.close())
  .then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      killAllChildren();
      process.exit(1);
    },
  );
