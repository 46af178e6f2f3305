import { DISCORD_LOCALES, type Emulator } from '../emulator/index.js';
import type { PlaygroundWorld } from './playground-world.js';
import type { Person } from './protocol.js';
import type { WorldFile } from './world-file.js';

/**
 * Who speaks what in the playground: each person's Discord locale (their private answers, the
 * command names they see, the page's own words) and the server's (the bot's boards). A change goes
 * to the emulator, so the next interactions carry it as `locale` / `guild_locale` exactly as Discord
 * would, and into the world file, so a restarted playground keeps it.
 */
export class PlaygroundLocales {
  readonly #people: Map<string, Person>;
  #guildLocale: string;
  #file: WorldFile;

  constructor(
    private readonly discord: Emulator,
    world: PlaygroundWorld,
    file: WorldFile,
    private readonly save: (file: WorldFile) => void,
  ) {
    this.#people = new Map(world.people.map((person) => [person.id, person]));
    this.#guildLocale = world.guildLocale;
    this.#file = file;
  }

  get people(): Person[] {
    return [...this.#people.values()];
  }

  get guildLocale(): string {
    return this.#guildLocale;
  }

  person(id: string): Person | undefined {
    return this.#people.get(id);
  }

  /** Sets a person's locale, or the server's; false for a locale Discord does not have. */
  set(scope: 'me' | 'server', personId: string, locale: string): boolean {
    if (!DISCORD_LOCALES.has(locale)) return false;
    if (scope === 'server') {
      this.discord.setGuildLocale(this.#file.guild.id, locale);
      this.#guildLocale = locale;
      this.#file = { ...this.#file, guild: { ...this.#file.guild, locale } };
    } else {
      const person = this.#people.get(personId);
      if (!person) return false;
      this.discord.setUserLocale(personId, locale);
      this.#people.set(personId, { ...person, locale });
      this.#file = {
        ...this.#file,
        people: this.#file.people.map((saved) => (saved.id === personId ? { ...saved, locale } : saved)),
      };
    }
    this.save(this.#file);
    return true;
  }
}
