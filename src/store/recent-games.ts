import type { StoredGame } from './types.js';

/**
 * Games kept parsed in memory, most recently used first, up to `capacity`. Every click reads its
 * game and writes it back; keeping the hot ones saves a query and parsing the state JSON on each.
 * Small, so memory stays flat however many games a server has. Only games no other process writes
 * belong here: a store admits a game by its guild (`admits`), and every write still checks the
 * version in SQL, so an entry gone stale can at worst make a save refused as stale.
 */
export class RecentGames {
  private readonly games = new Map<number, StoredGame>();

  constructor(
    private readonly capacity: number,
    private readonly admits: (guildId: string) => boolean = () => true,
  ) {}

  get(gameId: number): StoredGame | undefined {
    return this.games.get(gameId);
  }

  /**
   * Keeps `game` as the most recently used, dropping the least recently used beyond capacity, and
   * returns what is kept. A copy older than the kept one is not kept: on a networked database a read
   * that started before a save can finish after it, and must not bring back the state it replaced.
   */
  remember(game: StoredGame): StoredGame {
    if (!this.admits(game.guildId)) return game;
    const kept = this.games.get(game.id);
    const newest = kept && isNewer(kept, game) ? kept : game;
    this.games.delete(game.id);
    this.games.set(game.id, newest);
    if (this.games.size > this.capacity) {
      const oldest = this.games.keys().next().value;
      if (oldest !== undefined) this.games.delete(oldest);
    }
    return newest;
  }

  /** Changes a kept game's columns in place (not its recency); nothing if it is not kept. */
  patch(gameId: number, changes: Partial<StoredGame>): void {
    const kept = this.games.get(gameId);
    if (kept) this.games.set(gameId, { ...kept, ...changes });
  }

  drop(gameId: number): void {
    this.games.delete(gameId);
  }

  clear(): void {
    this.games.clear();
  }
}

/** A later state version, or the same one with a later write around it (a board message recorded). */
function isNewer(a: StoredGame, b: StoredGame): boolean {
  return a.state.version > b.state.version || (a.state.version === b.state.version && a.updatedAt > b.updatedAt);
}
