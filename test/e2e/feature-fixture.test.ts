import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions, FEATURES } from '../../commands/index.js';
import { texts } from '../../harness/board.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { projectPath } from '../../src/project-path.js';
import { registerCommands } from '../../src/register-commands.js';
import { tallyFeature } from '../fixtures/tally-feature/feature.js';
import { BotProcess } from './support/bot-process.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

// Issue 41: a feature is one value handed to the registry. The fixture (test/fixtures/tally-feature)
// adds a command and a button without a line of src/bot/ changing, and the real client plays it.

/** The fixture's entry points run from their sources: tsx, by absolute path (the bot's cwd is a temp folder). */
const TSX = ['--import', pathToFileURL(projectPath('node_modules/tsx/dist/loader.mjs')).href];
const fixture = (file: string) => projectPath('test/fixtures/tally-feature', file);
const textOf = (message: Parameters<typeof texts>[0] | null | undefined) => (message ? texts(message).join('\n') : '');

describe('a feature added as one value', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, botEntry: { entry: fixture('main.ts'), nodeArgs: TSX } });
    await registerCommands(
      { token: world.app.token, clientId: world.app.id, guildId: world.guild.id, apiUrl: world.discord.apiUrl },
      commandDefinitions(loadLanguages(), [...FEATURES, tallyFeature]),
    );
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  it('answers its command and its button through the registry, beside Crag', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const answer = await world.discord.runCommand({ user: alice, channel: world.channel().id, name: 'tally' });
    expect(answer).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(textOf(answer.message)).toBe('Tally: 0');
    const messageId = answer.message?.id ?? '';
    const first = await world.discord.clickButton({ user: bob, message: messageId, customId: 'tally:1:0' });
    expect(first).toMatchObject({ ack: 'update' });
    const second = await world.discord.clickButton({ user: alice, message: messageId, customId: 'tally:1:1' });
    expect(textOf(second.message)).toBe('Tally: 2');
    expect(textOf(world.discord.message(messageId))).toBe('Tally: 2');

    // Crag's own command and controls are routed as before in the same process.
    const table = new Table(world);
    const lobby = await table.open(alice);
    expect(lobby.id).toBeTruthy();
    await table.act(bob, 'join');
    expect(world.bot.errors()).toEqual([]);
  });

  it('will not start when two features claim one custom_id prefix, and names both', async () => {
    const bot = new BotProcess(world.env, world.dir, fixture('conflict-main.ts'), TSX);
    const exit = await bot.exited;
    expect(exit.code).not.toBe(0);
    expect(bot.stderr.join('\n')).toMatch(/custom_id prefix "tally" is claimed by both tally and copycat/);
  });
});
