/**
 * Runs work for one game at a time, in arrival order. A change reads a game, lets the engine decide
 * and writes it back; with an async store, two clicks on one game could otherwise interleave
 * between the read and the write, and the second would be refused as stale although it was fine
 * (two friends pressing Join at once must both get a seat). Other games never wait.
 * An entry lives only while work for its game is queued, so the map stays as small as the games
 * being clicked at this moment.
 */
export class GameLocks {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(gameId: number, work: () => Promise<T>): Promise<T> {
    // A tail never rejects (failures are caught below), so the next work always runs.
    const result = (this.tails.get(gameId) ?? Promise.resolve()).then(work);
    const tail = result.catch(() => undefined);
    this.tails.set(gameId, tail);
    void tail.then(() => {
      if (this.tails.get(gameId) === tail) this.tails.delete(gameId);
    });
    return result;
  }

  /** Games with work queued or running; for tests and shutdown. */
  get size(): number {
    return this.tails.size;
  }
}
