import { spawn } from 'node:child_process';

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a command of the production build (`node dist/…`) to its end, in `cwd` (a folder with no
 * `.env`) and with only `env`; killed after `guardMs`, so one that starts instead of refusing fails
 * the test on its exit code rather than hanging it.
 */
export function runOnce(
  entry: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  cwd: string,
  guardMs = 20_000,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), guardMs);
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}
