import type { ChildProcess } from 'node:child_process';
import { BOT_ENTRY, type LogLine, readLines, spawnNode } from '../../../harness/node-process.js';

export {
  BOT_ENTRY,
  DEPLOY_ENTRY,
  type LogLine,
  ROOT,
  runDeploy,
  SHARDED_ENTRY,
} from '../../../harness/node-process.js';

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * The bot as a child process, with its JSON log lines collected (under `SHARDED_ENTRY`, the
 * launcher's and every shard's: the shards write to the launcher's stderr).
 */
export class BotProcess {
  readonly logs: LogLine[] = [];
  readonly stderr: string[] = [];
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcess;

  /** `cwd` is a temp folder, so a developer's own `.env` never leaks into a test. */
  constructor(env: Readonly<Record<string, string>>, cwd: string, entry = BOT_ENTRY, nodeArgs: readonly string[] = []) {
    this.child = spawnNode(entry, env, cwd, nodeArgs);
    readLines(this.child.stderr, (text, log) => {
      this.stderr.push(text);
      // A line that is not a log line (for example a configuration error) is kept in stderr only.
      if (log) this.logs.push(log);
    });
    this.child.stdout?.resume();
    // 'close', not 'exit': once every writer of its stderr (a launcher's shards too) is done, so no line is lost.
    this.exited = new Promise((resolve) => this.child.once('close', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<Exit> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }

  /** Log lines at error level, e.g. to assert a run had none. */
  errors(): LogLine[] {
    return this.logs.filter((line) => line.level === 'error');
  }
}
