import Database from 'better-sqlite3';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { part, requireControl, texts } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { withClient } from '../../harness/postgres-client.js';
import { PART } from '../../src/bot/render/parts.js';
import { CommandPermissionType, ImpossibleActionError, type InteractionOutcome } from '../../src/emulator/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { playToTheEnd } from './support/play.js';
import { type OptionValue, Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** Everything a private answer says, whether plain content or a card. */
function said(outcome: InteractionOutcome): string {
  const message = outcome.message;
  if (!message) return outcome.error ?? '';
  return [message.content ?? '', ...texts(message)].join('\n');
}

describe('house rules (/crag-settings)', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let regulars: { id: string };

  const settings = (user: string, subcommand: string, options?: Record<string, OptionValue>, channel = 'crag') =>
    world.discord.runCommand({ user, channel: world.channel(channel).id, name: 'crag-settings', subcommand, options });

  /** A change by alice (the owner), answered privately with the new value. */
  async function set(subcommand: string, options?: Record<string, OptionValue>): Promise<string> {
    const outcome = await settings(alice, subcommand, options);
    expect(outcome, outcome.error ?? '').toMatchObject({ ack: 'reply', ephemeral: true });
    return said(outcome);
  }

  /** A refusal: private, and saying why. */
  function expectRefused(outcome: InteractionOutcome, reason: string | RegExp): void {
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.ephemeral).toBe(true);
    expect(said(outcome)).toMatch(reason);
  }

  async function endGame(table: Table): Promise<void> {
    const ended = await table.command(alice, 'end');
    expect(ended.ack, ended.error ?? '').not.toBe('failed');
  }

  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, channels: ['other', 'doomed'] });
    alice = world.person(0).id;
    bob = world.person(1).id;
    regulars = world.discord.createRole(world.guild.id, { name: 'Regulars', permissions: 0n });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is hidden from a member without Manage Server until the server grants it to their role', async () => {
    await expect(settings(bob, 'show')).rejects.toThrow(ImpossibleActionError);
    const hosts = world.discord.createRole(world.guild.id, { name: 'Hosts', permissions: 0n });
    world.discord.assignRole(world.guild.id, bob, hosts.id);
    world.discord.setCommandPermissions({
      app: world.app.id,
      guild: world.guild.id,
      command: 'crag-settings',
      permissions: [{ id: hosts.id, type: CommandPermissionType.Role, permission: true }],
    });
    const shown = await settings(bob, 'show');
    expect(shown).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(said(shown)).toContain('**Rerolls**: 1 · the bot’s default');
    // The handler trusts Discord's decision: bob, without Manage Server, changes a setting.
    const changed = await settings(bob, 'defaults', { pings: false });
    expect(said(changed)).toContain('Turn pings: yes → no');
    expect(said(await settings(bob, 'defaults', { pings: true }))).toContain('Turn pings: no → yes');
  });

  it('fills the options left out of /crag start from the server’s defaults; an option given still wins', async () => {
    expect(await set('defaults', { rerolls: 2 })).toContain('Rerolls: 1 → 2');
    const rules = await world.discord.runCommand({
      user: bob,
      channel: world.channel().id,
      name: 'crag',
      subcommand: 'rules',
    });
    expect(said(rules)).toContain('Variant in force (this server’s default): 2 rerolls');

    const table = new Table(world);
    const lobby = await table.open(alice);
    expect(part(lobby, PART.footer)).toMatch(/^-# two rerolls · .* · this server’s house rules · game #\d+$/);
    await table.act(alice, 'start');
    expect(requireControl(table.board(), 'reroll').label).toBe('Reroll (2 left)');
    expect(part(table.board(), PART.footer)).toContain('this server’s house rules');
    await endGame(table);

    const own = await table.open(alice, { rerolls: 1, pings: true });
    expect(part(own, PART.footer)).toMatch(/^-# one reroll · /);
    expect(part(own, PART.footer)).not.toContain('house rules');
    await table.act(alice, 'start');
    expect(requireControl(table.board(), 'reroll').label).toBe('Reroll (1 left)');
    await endGame(table);
  });

  it('refuses what the limits forbid, naming the setting', async () => {
    expect(await set('limits', { 'computers-allowed': false })).toContain('Computers allowed: yes → no');
    const refused = await new Table(world).command(alice, 'start', { computers: 2 });
    expectRefused(refused, /does not allow computer opponents \(`\/crag-settings limits computers-allowed`\)/);
    expect(await set('limits', { 'max-turn-timer': 10 })).toContain('Longest turn timer: 60 minutes → 10 minutes');
    expectRefused(
      await new Table(world).command(alice, 'start', { 'turn-timer': 20 }),
      /at most 10 minutes \(`\/crag-settings limits max-turn-timer`\)/,
    );
  });

  it('draws the boards in the language the server set, on a server whose locale is English', async () => {
    expect(await set('language', { language: 'ru' })).toContain(
      'Boards’ language: the server’s Discord language → Русский',
    );
    const table = new Table(world);
    const lobby = await table.open(alice);
    expect(part(lobby, PART.footer)).toMatch(/^-# два переброса · .* · правила этого сервера · игра № \d+$/);
    await table.act(alice, 'start');
    expect(JSON.stringify(table.board())).toMatch(/ваш ход/);
    // The person's own answers keep their language.
    expect(said(await table.command(alice, 'rules'))).toContain('Variant in force (this game)');
    await endGame(table);
    await set('language', { language: 'auto' });
    const english = await table.open(alice);
    expect(part(english, PART.footer)).toMatch(/^-# two rerolls · /);
    await endGame(table);
  });

  it('refuses /crag start and Play again outside the listed channels and without the starter role, privately', async () => {
    // bob finishes a solo game first, before any channel or role rule.
    const table = new Table(world);
    await table.open(bob);
    await table.act(bob, 'start');
    await playToTheEnd(table, { rerolls: 2, thirteen: 'any' });
    const standings = table.board();

    const other = world.channel('other').id;
    const doomed = world.channel('doomed').id;
    await set('channels', { add: world.channel('doomed').id });
    expect(await set('channels', { add: other })).toContain(
      `Channels for games: <#${doomed}> → <#${doomed}>, <#${other}>`,
    );
    // A deleted channel drops out of the list.
    world.discord.deleteChannel(doomed);
    const refusal = new RegExp(`Games start only in <#${other}> on this server`);
    await expect.poll(async () => said(await table.command(bob, 'start')), { timeout: 5_000 }).toMatch(refusal);
    expectRefused(await table.click(bob, 'again', standings), refusal);
    expect(said(await settings(alice, 'show'))).toContain(`**Channels for games**: <#${other}> · set by <@${alice}>`);
    // A thread under a listed channel is inside the list.
    const thread = world.discord.createThread(other, { name: 'side', ownerId: bob, type: 11 });
    const inThread = await world.discord.runCommand({
      user: bob,
      channel: thread.id,
      name: 'crag',
      subcommand: 'start',
    });
    expect(inThread, inThread.error ?? '').toMatchObject({ ack: 'reply', ephemeral: false });
    await world.discord.runCommand({ user: alice, channel: thread.id, name: 'crag', subcommand: 'end' });
    expect(await set('channels', { clear: true })).toContain('→ every channel');

    expect(await set('starter-role', { role: regulars.id })).toContain(`Who starts games: anyone → <@&${regulars.id}>`);
    const roleRefusal = new RegExp(
      `Only members with the <@&${regulars.id}> role, or with Manage Server, can start games here`,
    );
    expectRefused(await table.command(bob, 'start'), roleRefusal);
    expectRefused(await table.click(bob, 'again', standings), roleRefusal);
    world.discord.assignRole(world.guild.id, bob, regulars.id);
    const again = await table.click(bob, 'again', standings);
    expect(again.ack, again.error ?? said(again)).toBe('update');
    await world.discord.waitFor(() => world.discord.interaction(again.interactionId)?.followUpIds[0]);
    await table.command(bob, 'end');
  });

  it('keeps every setting across a restart', async () => {
    const before = said(await settings(alice, 'show'));
    await world.bot.kill('SIGKILL');
    await world.startBot();
    expect(said(await settings(alice, 'show'))).toBe(before);
    const lobby = await new Table(world).open(bob);
    expect(part(lobby, PART.footer)).toMatch(/^-# two rerolls · .* · 5 min per turn · .* · this server’s house rules/);
    await new Table(world).command(alice, 'end');
  });

  it('writes an audit row per change, and show lists the last 10', async () => {
    const db = new Database(world.dbPath, { readonly: true });
    const rows = db
      .prepare('SELECT guild_id, user_id, setting, old_value, new_value FROM settings_changes ORDER BY id')
      .all() as {
      guild_id: string;
      user_id: string;
      setting: string;
      old_value: string | null;
      new_value: string | null;
    }[];
    db.close();
    expect(rows.every((row) => row.guild_id === world.guild.id)).toBe(true);
    expect(
      rows.map((row) => [row.user_id === bob ? 'bob' : 'alice', row.setting, row.old_value, row.new_value]),
    ).toEqual([
      ['bob', 'defaults.pings', null, 'false'],
      ['bob', 'defaults.pings', 'false', 'true'],
      ['alice', 'defaults.rerolls', null, '2'],
      ['alice', 'limits.computers-allowed', null, 'false'],
      ['alice', 'limits.max-turn-timer', null, '10'],
      ['alice', 'language', null, '"ru"'],
      ['alice', 'language', '"ru"', null],
      ['alice', 'channels', null, JSON.stringify([world.channel('doomed').id])],
      [
        'alice',
        'channels',
        JSON.stringify([world.channel('doomed').id]),
        JSON.stringify([world.channel('doomed').id, world.channel('other').id]),
      ],
      ['alice', 'channels', JSON.stringify([world.channel('doomed').id, world.channel('other').id]), null],
      ['alice', 'starter-role', null, JSON.stringify(regulars.id)],
    ]);
    const shown = said(await settings(alice, 'show'));
    const history = shown.slice(shown.indexOf('**Last changes**')).split('\n').slice(1);
    expect(history).toHaveLength(10);
    expect(history[0]).toContain(`<@${alice}> Who starts games: anyone → <@&${regulars.id}>`);
  });

  describe('a reset confirmation is checked when it is pressed', () => {
    let carol: string;
    let managers: { id: string };
    const auditRows = () =>
      readDatabase(world.dbPath, (db) => db.prepare('SELECT COUNT(*) AS n FROM settings_changes').get()) as {
        n: number;
      };

    /** carol asks for a reset and gets the confirmation button; the id of its message. */
    async function askReset(): Promise<string> {
      const asked = await settings(carol, 'reset');
      expect(asked, asked.error ?? '').toMatchObject({ ack: 'reply', ephemeral: true });
      const message = asked.message;
      if (!message) throw new Error('no confirmation');
      return message.id;
    }

    /** Nothing was wiped: the house rules still stand, and no audit row was written. */
    async function expectIntact(rowsBefore: number): Promise<void> {
      expect(said(await settings(alice, 'show'))).toContain('**Rerolls**: 2 · set by');
      expect(auditRows().n).toBe(rowsBefore);
    }

    beforeAll(() => {
      carol = world.person(2).id;
      managers = world.discord.createRole(world.guild.id, {
        name: 'Managers',
        permissions: PermissionFlagsBits.ManageGuild,
      });
      world.discord.assignRole(world.guild.id, carol, managers.id);
      // Refusals come in the reader's language.
      world.discord.setUserLocale(carol, 'ru');
    });

    it('refuses a press more than 5 minutes after the question', async () => {
      const rowsBefore = auditRows().n;
      const message = await askReset();
      world.discord.advanceClock(5 * 60 * 1000 + 1_000);
      const pressed = await world.discord.clickButton({ user: carol, message, label: 'Сбросить все настройки' });
      expectRefused(pressed, /Срок этого подтверждения истёк/);
      await expectIntact(rowsBefore);
    });

    it('refuses a button drawn before confirmations carried their time', async () => {
      const rowsBefore = auditRows().n;
      const message = await askReset();
      const pressed = await world.discord.sendRawInteraction({
        user: carol,
        type: 3,
        message,
        data: { custom_id: `crag-settings:1:reset:${carol}`, component_type: 2 },
      });
      expectRefused(pressed, /Срок этого подтверждения истёк/);
      await expectIntact(rowsBefore);
    });

    it('refuses the old confirmation of a member who has lost Manage Server since', async () => {
      const rowsBefore = auditRows().n;
      const message = await askReset();
      world.discord.setRolePermissions(world.guild.id, managers.id, 0n);
      const pressed = await world.discord.clickButton({ user: carol, message, label: 'Сбросить все настройки' });
      expectRefused(pressed, /«Управлять сервером»/);
      await expectIntact(rowsBefore);
      // Without Manage Server she is not even asked, wherever Integrations let her run the command.
      world.discord.setCommandPermissions({
        app: world.app.id,
        guild: world.guild.id,
        command: 'crag-settings',
        permissions: [{ id: managers.id, type: CommandPermissionType.Role, permission: true }],
      });
      expectRefused(await settings(carol, 'reset'), /«Управлять сервером»/);
      await expectIntact(rowsBefore);
    });
  });

  it('resets everything after a confirmation', async () => {
    const asked = await settings(alice, 'reset');
    expect(asked).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(said(asked)).toContain('back to the bot’s defaults?');
    expect(said(await settings(alice, 'show'))).toContain('**Rerolls**: 2 · set by');
    const message = asked.message;
    if (!message) throw new Error('no confirmation');
    const confirmed = await world.discord.clickButton({
      user: alice,
      message: message.id,
      label: 'Reset every setting',
    });
    expect(confirmed.ack, confirmed.error ?? '').toBe('update');
    expect(said(confirmed)).toContain('Reset: 5 settings are back to the bot’s defaults.');
    const shown = said(await settings(alice, 'show'));
    expect(shown).toContain('**Rerolls**: 1 · the bot’s default');
    expect(shown).toContain('**Who starts games**: anyone · the bot’s default');
    const lobby = await new Table(world).open(bob);
    expect(part(lobby, PART.footer)).not.toContain('house rules');
    const db = new Database(world.dbPath, { readonly: true });
    const reset = db.prepare('SELECT setting, new_value FROM settings_changes WHERE id > 11 ORDER BY id').all();
    db.close();
    expect(reset).toEqual([
      { setting: 'defaults.rerolls', new_value: null },
      { setting: 'defaults.pings', new_value: null },
      { setting: 'starter-role', new_value: null },
      { setting: 'limits.computers-allowed', new_value: null },
      { setting: 'limits.max-turn-timer', new_value: null },
    ]);
  });

  it('broke no rule of Discord’s and logged no error on the way', () => {
    expect(world.discord.problems).toEqual([]);
    expect(world.botHistory.flatMap((bot) => bot.errors())).toEqual([]);
  });
});

describe('house rules on PostgreSQL', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, databaseUrl: await createDatabase() });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('keeps a setting across a restart, with its audit row', async () => {
    const alice = world.person(0).id;
    const changed = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag-settings',
      subcommand: 'defaults',
      options: { rerolls: 2, thirteen: 'no-pair' },
    });
    expect(said(changed)).toContain('Rerolls: 1 → 2');
    await world.bot.kill('SIGKILL');
    await world.startBot();
    const lobby = await new Table(world).open(world.person(1).id);
    expect(part(lobby, PART.footer)).toMatch(
      /^-# two rerolls · Thirteen: 13 with no pair · .* · this server’s house rules/,
    );
    const rows = await withClient(
      world.env.DATABASE_URL ?? '',
      async (client) =>
        (await client.query('SELECT user_id, setting, old_value, new_value FROM settings_changes ORDER BY id')).rows,
    );
    expect(rows).toEqual([
      { user_id: alice, setting: 'defaults.rerolls', old_value: null, new_value: 2 },
      { user_id: alice, setting: 'defaults.thirteen', old_value: null, new_value: 'no-pair' },
    ]);
    expect(world.discord.problems).toEqual([]);
  });
});
