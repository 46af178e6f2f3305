import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectPath } from '../../src/project-path.js';

// The house's plan (.dependency-cruiser.cjs) run as `npm run lint` runs it, on small trees that
// stand for the rooms: each fixture under test/fixtures/depcruise/ is a project of its own, so its
// files are src/bot/…, commands/… to the rules, as the real ones are.

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

/** The plan's verdict on one fixture: the exit status and each violation it names. */
function checkPlan(fixture: string): { status: number | null; violations: Violation[]; output: string } {
  const run = spawnSync(
    process.execPath,
    [
      projectPath('node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      projectPath('.dependency-cruiser.cjs'),
      '.',
    ],
    { cwd: projectPath('test/fixtures/depcruise', fixture), encoding: 'utf8', timeout: 60_000 },
  );
  const output = `${run.stdout}${run.stderr}`;
  const violations = [...output.matchAll(/^\s*error ([\w-]+): (\S+) → (\S+)/gm)].map(([, rule, from, to]) => ({
    rule: rule!,
    from: from!,
    to: to!.replace(/^(\.\.\/)+/, ''),
  }));
  return { status: run.status, violations, output };
}

describe('the import plan', () => {
  it('refuses the runtime importing a feature, naming the rule and both files', () => {
    const { status, violations } = checkPlan('bot-imports-feature');
    expect(status).not.toBe(0);
    expect(violations).toEqual([{ rule: 'bot-imports-no-feature', from: 'src/bot/router.ts', to: 'commands/ping.ts' }]);
  });

  it('refuses a circle, even inside one room', () => {
    const { status, output } = checkPlan('circle');
    expect(status).not.toBe(0);
    expect(output).toMatch(/error no-circular: src\/game\/(dice|score)\.ts/);
    expect(output).toContain('src/game/dice.ts');
    expect(output).toContain('src/game/score.ts');
  });

  it('refuses each wall between rooms', () => {
    const { status, violations } = checkPlan('walls');
    expect(status).not.toBe(0);
    expect(violations).toEqual(
      expect.arrayContaining([
        { rule: 'game-and-strategy-stand-alone', from: 'src/game/score.ts', to: 'src/store/games.ts' },
        {
          rule: 'game-and-strategy-no-discord',
          from: 'src/strategy/solver.ts',
          to: expect.stringMatching(/^node_modules\/discord\.js\//),
        },
        { rule: 'emulator-stands-alone', from: 'src/emulator/gateway.ts', to: 'src/log.ts' },
        {
          rule: 'emulator-no-client-library',
          from: 'src/emulator/client.ts',
          to: expect.stringMatching(/^node_modules\/discord\.js\//),
        },
        { rule: 'tools-import-no-test', from: 'bench/run.ts', to: 'test/world.ts' },
        { rule: 'product-imports-no-tool', from: 'src/main.ts', to: 'harness/board.ts' },
      ]),
    );
    expect(violations).toHaveLength(6);
  });

  it('refuses the canvas library reachable from the start, naming the path to it', () => {
    const { status, violations } = checkPlan('canvas-at-boot');
    expect(status).not.toBe(0);
    expect(violations).toEqual([
      {
        rule: 'main-thread-loads-no-canvas',
        from: 'src/main.ts',
        to: expect.stringMatching(/node_modules\/@napi-rs\/canvas\//),
      },
    ]);
  });

  it('passes the arrows it allows: a feature using the runtime, the runtime using the game', () => {
    const { status, violations, output } = checkPlan('allowed');
    expect(violations).toEqual([]);
    expect(status, output).toBe(0);
  });
});
