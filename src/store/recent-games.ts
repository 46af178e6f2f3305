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

  /** Keeps `game` as the most recently used, dropping the least recently used beyond capacity. */
  remember(game: StoredGame): StoredGame {
    if (!this.admits(game.guildId)) return game;
    this.games.delete(game.id);
    this.games.set(game.id, game);
    if (this.games.size > this.capacity) {
      const oldest = this.games.keys().next().value;
      if (oldest !== undefined) this.games.delete(oldest);
    }
    return game;
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
