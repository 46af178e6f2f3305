export interface WaitOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** Named in the timeout error. */
  description?: string;
}

interface Waiter {
  check: () => boolean;
  fail: (error: Error) => void;
}

/** Re-checks conditions whenever the emulator changes, with a slow poll for changes it cannot see. */
export class Waiters {
  readonly #waiters = new Set<Waiter>();
  static readonly POLL_MS = 50;

  /** Resolves with the first truthy value of `condition`. */
  waitFor<T>(condition: () => T | null | undefined | false | 0 | '', options: WaitOptions = {}): Promise<T> {
    const first = condition();
    if (first) return Promise.resolve(first);
    const timeoutMs = options.timeoutMs ?? 5_000;
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timeout);
        clearInterval(poll);
        this.#waiters.delete(waiter);
      };
      const waiter: Waiter = {
        check: () => {
          let value: ReturnType<typeof condition>;
          try {
            value = condition();
          } catch (error) {
            finish();
            reject(error);
            return true;
          }
          if (!value) return false;
          finish();
          resolve(value);
          return true;
        },
        fail: (error) => {
          finish();
          reject(error);
        },
      };
      const timeout = setTimeout(
        () =>
          waiter.fail(
            new Error(
              `waitFor timed out after ${timeoutMs} ms${options.description ? `: ${options.description}` : ''}`,
            ),
          ),
        timeoutMs,
      );
      const poll = setInterval(() => waiter.check(), Waiters.POLL_MS);
      this.#waiters.add(waiter);
    });
  }

  /** Something changed: let every waiter look again. */
  notify(): void {
    for (const waiter of [...this.#waiters]) waiter.check();
  }

  failAll(error: Error): void {
    for (const waiter of [...this.#waiters]) waiter.fail(error);
  }
}
