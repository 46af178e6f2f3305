import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether podman is installed; the container test is skipped, saying so, when it is not. */
export const HAS_PODMAN = spawnSync('podman', ['--version']).status === 0;

/**
 * These machines' podman as root: runc (crun refuses the hybrid cgroup layout) and ulimits at or
 * below the shell's (root lacks CAP_SYS_RESOURCE to raise them). See docs/operating.md.
 */
const GLOBAL = ['--runtime', 'runc'];
export const LIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

export async function podman(args: readonly string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await run('podman', [...GLOBAL, ...args], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout.trim();
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`podman ${args.join(' ')} failed: ${failed.stderr?.trim() || failed.message}`);
  }
}

/**
 * Runs podman, returning its exit code and output instead of throwing. Never synchronously: the
 * emulator the containers talk to runs in this process, and must keep answering meanwhile.
 */
export function podmanResult(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('podman', [...GLOBAL, ...args], { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}
