import type { Languages, Translator } from '../i18n/index.js';
import type { SettingValues } from '../settings/values.js';
import type { GameHouseRules, SettingsEdit, SettingsEdited, SettingsStore } from '../store/settings/index.js';

/**
 * How long a server's settings are trusted from memory. A guild's interactions all reach the process
 * of its shard, which invalidates its copy on every change it makes, so this bounds only what another
 * process holding the same shard (during a rolling restart, say) could miss.
 */
export const SETTINGS_MAX_AGE_MS = 5_000;
/** Games whose frozen house rules are kept in memory; the oldest read is dropped first. */
const GAMES_REMEMBERED = 5_000;

interface Cached {
  readonly values: SettingValues;
  readonly readAt: number;
}

/**
 * Servers' house rules for this process: settings read through a short-lived cache that this
 * process's own changes update at once, and what each game froze of them when it started.
 */
export class HouseRules {
  private readonly servers = new Map<string, Cached>();
  private readonly games = new Map<number, GameHouseRules | null>();

  constructor(
    private readonly deps: {
      readonly store: SettingsStore;
      readonly languages: Languages;
      readonly now: () => number;
    },
  ) {}

  async settingsOf(guildId: string): Promise<SettingValues> {
    const cached = this.servers.get(guildId);
    if (cached && this.deps.now() - cached.readAt < SETTINGS_MAX_AGE_MS) return cached.values;
    const values = await this.deps.store.read(guildId);
    this.servers.set(guildId, { values, readAt: this.deps.now() });
    return values;
  }

  async update(change: SettingsEdit): Promise<SettingsEdited> {
    this.servers.delete(change.guildId);
    const edited = await this.deps.store.update(change);
    this.servers.set(change.guildId, { values: edited.after, readAt: this.deps.now() });
    return edited;
  }

  recentChanges(guildId: string, limit: number) {
    return this.deps.store.recentChanges(guildId, limit);
  }

  lastChangeOfEach(guildId: string) {
    return this.deps.store.lastChangeOfEach(guildId);
  }

  /** Freezes what a new game took from its server; written before its first drawing. */
  async recordGame(gameId: number, rules: GameHouseRules): Promise<void> {
    await this.deps.store.recordGame(gameId, rules);
    this.remember(gameId, rules);
  }

  async ofGame(gameId: number): Promise<GameHouseRules | undefined> {
    if (this.games.has(gameId)) return this.games.get(gameId) ?? undefined;
    const rules = await this.deps.store.gameRules(gameId);
    this.remember(gameId, rules ?? null);
    return rules;
  }

  /** The game's boards speak the language its server set when it started, else `serverLocale`'s. */
  async translatorFor(gameId: number, serverLocale: Translator): Promise<Translator> {
    const language = (await this.ofGame(gameId))?.language;
    return language ? this.deps.languages.translator(language) : serverLocale;
  }

  private remember(gameId: number, rules: GameHouseRules | null): void {
    this.games.delete(gameId);
    this.games.set(gameId, rules);
    if (this.games.size > GAMES_REMEMBERED) {
      const oldest = this.games.keys().next().value;
      if (oldest !== undefined) this.games.delete(oldest);
    }
  }
}
