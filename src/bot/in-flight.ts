/** Counts interactions being handled, so shutdown can wait for them to finish. */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  async track<T>(work: Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work;
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}
