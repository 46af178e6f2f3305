import {
  ApplicationCommandOptionType,
  ApplicationIntegrationType,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { CRAG_SETTINGS } from '../../commands/crag-settings/options.js';
import type { OptionKind } from '../../commands/define.js';
import { CRAG_OPTIONS, commandDefinitions } from '../../commands/index.js';
import { DEFAULT_LANGUAGE, Languages, loadCatalogues } from '../../src/i18n/index.js';

/** Discord's rule for chat-input command and option names, in every locale. */
const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const DISCORD_LOCALES = new Set<string>(Object.values(Locale));

/** A command, subcommand or option as the definitions JSON holds it. */
interface Named {
  readonly name: string;
  readonly name_localizations?: Record<string, string | null> | null;
  readonly description: string;
  readonly description_localizations?: Record<string, string | null> | null;
  readonly options?: readonly Named[];
  readonly choices?: readonly { name: string; name_localizations?: Record<string, string | null> | null }[];
}

/**
 * Every way a definition breaks Discord's rules: names (lowercase, 1–32 of the allowed characters,
 * unique among siblings in every locale), descriptions and choice names (1–100), localizations keyed
 * by Discord locales, and every text localized for each of `locales`.
 */
function definitionProblems(command: Named, locales: readonly string[]): string[] {
  const problems: string[] = [];
  const visit = (node: Named, path: string): void => {
    const names = { '': node.name, ...node.name_localizations };
    for (const [locale, name] of Object.entries(names)) {
      const where = `${path} name${locale ? ` (${locale})` : ''}`;
      if (locale && !DISCORD_LOCALES.has(locale)) problems.push(`${where}: ${locale} is not a Discord locale`);
      if (typeof name !== 'string' || !NAME.test(name)) problems.push(`${where}: "${name}" is not a valid name`);
      else if (name !== name.toLocaleLowerCase(locale || 'en')) problems.push(`${where}: "${name}" is not lowercase`);
    }
    const descriptions = { '': node.description, ...node.description_localizations };
    for (const [locale, description] of Object.entries(descriptions)) {
      if (typeof description !== 'string' || description.length < 1 || description.length > 100) {
        problems.push(`${path} description${locale ? ` (${locale})` : ''}: ${description?.length ?? 0} characters`);
      }
    }
    for (const locale of locales) {
      if (!node.name_localizations?.[locale]) problems.push(`${path}: no ${locale} name`);
      if (!node.description_localizations?.[locale]) problems.push(`${path}: no ${locale} description`);
    }
    for (const choice of node.choices ?? []) {
      const choiceNames = { '': choice.name, ...choice.name_localizations };
      for (const [locale, name] of Object.entries(choiceNames)) {
        if (locale && !DISCORD_LOCALES.has(locale))
          problems.push(`${path} choice ${choice.name}: ${locale} is not a Discord locale`);
        if (typeof name !== 'string' || name.length < 1 || name.length > 100) {
          problems.push(`${path} choice ${choice.name}${locale ? ` (${locale})` : ''}: "${name}" is 1–100 characters`);
        }
      }
      for (const locale of locales) {
        if (!choice.name_localizations?.[locale]) problems.push(`${path} choice ${choice.name}: no ${locale} name`);
      }
    }
    for (const locale of ['', ...locales]) {
      const siblings = (node.options ?? []).map((option) =>
        locale ? option.name_localizations?.[locale] : option.name,
      );
      const repeated = siblings.filter((name, i) => siblings.indexOf(name) !== i);
      if (repeated.length > 0)
        problems.push(`${path}: options named ${repeated.join(', ')} twice${locale ? ` in ${locale}` : ''}`);
    }
    for (const option of node.options ?? []) visit(option, `${path} ${option.name}`);
  };
  visit(command, `/${command.name}`);
  return problems;
}

/** A definition to break on purpose. */
interface Editable extends Named {
  name_localizations?: Record<string, string>;
  description_localizations?: Record<string, string>;
  options?: Editable[];
}

const languages = new Languages(loadCatalogues());
/** The Discord locales that a catalogue other than English serves: each needs every text translated. */
const TRANSLATED = Object.values(Locale).filter((locale) => languages.languageOf(locale) !== DEFAULT_LANGUAGE);
const [crag] = commandDefinitions(languages) as RESTPostAPIChatInputApplicationCommandsJSONBody[];
if (!crag) throw new Error('no /crag definition');

describe('the command definitions', () => {
  it('install to servers and to people, and run everywhere: servers, the DM with the bot, group DMs', () => {
    // Contexts are per top-level command: `season new` and `export` come along, refused by their handlers outside a server.
    expect(crag.integration_types).toEqual([
      ApplicationIntegrationType.GuildInstall,
      ApplicationIntegrationType.UserInstall,
    ]);
    expect(crag.contexts).toEqual([
      InteractionContextType.Guild,
      InteractionContextType.BotDM,
      InteractionContextType.PrivateChannel,
    ]);
  });

  it('localize every subcommand, option and choice in every catalogue’s locales, within Discord’s rules', () => {
    expect(TRANSLATED).toContain('ru');
    expect(definitionProblems(crag as Named, TRANSLATED)).toEqual([]);
    // Every Discord locale a catalogue serves has its names, and Russian's are these.
    expect(Object.keys(crag.name_localizations ?? {}).sort()).toEqual([...TRANSLATED].sort());
    expect(crag.name_localizations?.ru).toBe('крэг');
    const start = crag.options?.find((option) => option.name === 'start') as Named | undefined;
    expect(start?.name_localizations?.ru).toBe('начать');
    const level = start?.options?.find((option) => option.name === 'level');
    expect(level?.choices?.map((choice) => [choice.name, choice.name_localizations?.ru])).toEqual([
      ['easy: takes the most points now', 'лёгкий: берёт больше всего очков сразу'],
      ['optimal: exact best expected total', 'оптимальный: лучший ожидаемый итог'],
      ['strong: plays to win against the table', 'сильный: играет на победу над столом'],
    ]);
  });

  it('keep the canonical English names the handlers read', () => {
    const names = (node: Named): string[] => [node.name, ...(node.options ?? []).flatMap(names)];
    expect(names(crag as Named)).toEqual([
      'crag',
      'start',
      'rerolls',
      'thirteen',
      'turn-timer',
      'computers',
      'level',
      'hints',
      'thread',
      'pings',
      'leaderboard',
      'scope',
      'period',
      'season',
      'rerolls',
      'thirteen',
      'rank-by',
      'min-games',
      'sheet',
      'player',
      'rules',
      'board',
      'hint',
      'leave',
      'end',
      'stats',
      'player',
      'period',
      'season',
      'history',
      'scope',
      'season',
      'new',
      'export',
      'daily',
      'play',
      'board',
      'day',
      'tournament',
      'create',
      'name',
      'rounds',
      'hours',
      'rerolls',
      'thirteen',
      'format',
      'announcements',
      'standings',
      'number',
    ]);
    expect(JSON.stringify(crag)).not.toMatch(/"en-(US|GB)"/);
  });

  it('define each subcommand with exactly the options, and kinds, that the handlers read', () => {
    const KIND: Readonly<Record<number, OptionKind>> = {
      [ApplicationCommandOptionType.Integer]: 'integer',
      [ApplicationCommandOptionType.String]: 'string',
      [ApplicationCommandOptionType.Boolean]: 'boolean',
      [ApplicationCommandOptionType.User]: 'user',
    };
    const defined = Object.fromEntries(
      (crag.options ?? [])
        .filter((sub) => sub.type === ApplicationCommandOptionType.Subcommand)
        .map((sub) => [
          sub.name,
          Object.fromEntries(
            ('options' in sub ? (sub.options ?? []) : []).map((option) => [option.name, KIND[option.type]]),
          ),
        ])
        .filter(([, options]) => Object.keys(options as object).length > 0),
    );
    expect(defined).toEqual(CRAG_OPTIONS);
  });

  it('are checked: a name with a space or a capital, a long description or a missing translation fails', () => {
    const broken = structuredClone(crag) as unknown as Editable;
    const start = broken.options?.[0];
    const rerolls = start?.options?.[0];
    if (!start || !rerolls) throw new Error('no /crag start rerolls');
    start.name_localizations = { ru: 'Начать игру' };
    start.description_localizations = { ru: 'я'.repeat(101) };
    delete rerolls.name_localizations;
    expect(definitionProblems(broken, ['ru'])).toEqual([
      '/crag start name (ru): "Начать игру" is not a valid name',
      '/crag start description (ru): 101 characters',
      '/crag start rerolls: no ru name',
    ]);
    start.name_localizations = { ru: 'Начать' };
    expect(definitionProblems(broken, ['ru'])).toContain('/crag start name (ru): "Начать" is not lowercase');
  });

  it('refuse to build when the English catalogue renames an option the handlers read', () => {
    const catalogues = loadCatalogues();
    const english = new Map(catalogues.get('en'));
    english.set('command.start.turn-timer.name', 'timer');
    catalogues.set('en', english);
    expect(() => commandDefinitions(new Languages(catalogues))).toThrow(/handlers read "turn-timer"/);
  });
});

describe('the /crag-settings definition', () => {
  const settings = commandDefinitions(languages).find((command) => command.name === 'crag-settings') as
    | RESTPostAPIChatInputApplicationCommandsJSONBody
    | undefined;
  if (!settings) throw new Error('no /crag-settings definition');

  it('is hidden from members without Manage Server, and runs in servers only, under either install', () => {
    expect(settings.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
    expect(settings.integration_types).toEqual([
      ApplicationIntegrationType.GuildInstall,
      ApplicationIntegrationType.UserInstall,
    ]);
    expect(settings.contexts).toEqual([InteractionContextType.Guild]);
  });

  it('is localized within Discord’s rules, offering every catalogue as a language', () => {
    expect(definitionProblems(settings as Named, TRANSLATED)).toEqual([]);
    const language = settings.options?.find((option) => option.name === 'language') as Named | undefined;
    const offered = language?.options?.[0]?.choices?.map((choice) => choice.name) ?? [];
    // "auto" first, then each catalogue by its name for itself.
    expect(offered[0]).toBe('auto (the server’s Discord language)');
    expect(offered.slice(1)).toEqual(languages.names.map((tag) => languages.translator(tag).t('language.name')));
    expect(offered).toEqual(expect.arrayContaining(['English', 'Русский']));
  });

  it('defines each subcommand with exactly the options the handler reads; defaults are /crag start’s', () => {
    const KIND: Readonly<Record<number, string>> = {
      [ApplicationCommandOptionType.Integer]: 'integer',
      [ApplicationCommandOptionType.String]: 'string',
      [ApplicationCommandOptionType.Boolean]: 'boolean',
      [ApplicationCommandOptionType.Channel]: 'channel',
      [ApplicationCommandOptionType.Role]: 'role',
    };
    const defined = Object.fromEntries(
      (settings.options ?? []).map((sub) => [
        sub.name,
        Object.fromEntries(
          ('options' in sub ? (sub.options ?? []) : []).map((option) => [option.name, KIND[option.type]]),
        ),
      ]),
    );
    const listed = Object.fromEntries(
      Object.entries(CRAG_SETTINGS).map(([name, subcommand]) => [
        name,
        Object.fromEntries(Object.entries(subcommand.options).map(([option, { kind }]) => [option, kind])),
      ]),
    );
    expect(defined).toEqual(listed);
    const start = crag.options?.find((option) => option.name === 'start');
    const defaults = settings.options?.find((option) => option.name === 'defaults');
    expect(defaults && 'options' in defaults ? defaults.options : undefined).toEqual(
      start && 'options' in start ? start.options : 'no start',
    );
  });
});
