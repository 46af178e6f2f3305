import { afterEach, describe, expect, test } from 'vitest';
import { EmulatorClock } from '../../src/emulator/clock.js';
import { CommandStore } from '../../src/emulator/commands.js';
import { type Emulator, ImpossibleActionError, startEmulator } from '../../src/emulator/index.js';
import { SnowflakeGenerator } from '../../src/emulator/snowflake.js';

describe('rebuilding a saved world', () => {
  let discord: Emulator | undefined;
  afterEach(async () => {
    await discord?.stop();
  });

  test('takes explicit ids and a bot token, and refuses taken or malformed ids', async () => {
    discord = await startEmulator();
    const app = discord.createApplication({ name: 'Crag', id: '1000000000000000009', token: 'saved.token.value' });
    expect(app).toMatchObject({ id: '1000000000000000009', token: 'saved.token.value' });
    const alice = discord.createUser({ username: 'alice', id: '1000000000000000001' });
    const guild = discord.createGuild({ name: 'G', ownerId: alice.id, bots: [app.id], id: '1000000000000000002' });
    const channel = discord.createChannel(guild.id, { name: 'crag', id: '1000000000000000003' });
    expect([alice.id, guild.id, channel.id]).toEqual([
      '1000000000000000001',
      '1000000000000000002',
      '1000000000000000003',
    ]);
    expect(() => discord?.createUser({ username: 'bob', id: alice.id })).toThrow(ImpossibleActionError);
    expect(() => discord?.createUser({ username: 'bob', id: 'bob' })).toThrow('"bob" is not a snowflake');
    expect(() => discord?.createApplication({ name: 'Other', token: 'saved.token.value' })).toThrow(
      ImpossibleActionError,
    );
    // New ids never collide with the explicit ones.
    expect(BigInt(discord.createUser({ username: 'carol' }).id) > 1000000000000000003n).toBe(true);
  });

  test('puts messages back with their ids, in order, editable by their bot, and new ones after them', async () => {
    discord = await startEmulator();
    const app = discord.createApplication({ name: 'Crag' });
    const alice = discord.createUser({ username: 'alice' });
    const guild = discord.createGuild({ name: 'G', ownerId: alice.id, bots: [app.id] });
    const channel = discord.createChannel(guild.id, { name: 'crag' });
    // Made "later" on another clock, as by a playground whose clock ran ahead.
    const ahead = new SnowflakeGenerator(new EmulatorClock({ now: () => Date.now() + 3_600_000 }));
    const [firstId, secondId] = [ahead.next(), ahead.next()];
    const message = (id: string, content: string, authorId: string) => ({
      ...discord!.postMessage({ user: alice.id, channel: channel.id, content: 'template' }),
      id,
      content,
      author: { id: authorId, username: authorId === app.id ? 'Crag' : 'alice' },
    });
    const board = message(secondId, 'the board', app.id);
    const greeting = message(firstId, 'hello', alice.id);
    discord.restoreMessages(channel.id, [board, greeting]);
    const seen = discord.messagesSeenBy(alice.id, channel.id).map((m) => m.content);
    expect(seen).toEqual(['template', 'template', 'hello', 'the board']);

    const edited = await fetch(`${discord.apiUrl}/v10/channels/${channel.id}/messages/${secondId}`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${app.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'the board, redrawn' }),
    });
    expect(edited.status).toBe(200);
    expect(discord.message(secondId)?.content).toBe('the board, redrawn');
    const later = discord.postMessage({ user: alice.id, channel: channel.id, content: 'later' });
    expect(BigInt(later.id) > BigInt(secondId)).toBe(true);
    expect(() => discord?.restoreMessages(channel.id, [board])).toThrow(`message ${secondId} already exists`);
    expect(discord.problems).toEqual([]);
  });

  test('keeps command and option translations as registered', () => {
    const commands = new CommandStore(new SnowflakeGenerator(new EmulatorClock()));
    const [crag] = commands.overwrite('1000000000000000000', null, [
      {
        name: 'crag',
        description: 'Play',
        name_localizations: { ru: 'кости' },
        description_localizations: { ru: 'Играть' },
        options: [{ type: 1, name: 'rules', description: 'Rules', name_localizations: { ru: 'правила' } }],
      },
    ]);
    expect(crag).toMatchObject({
      name_localizations: { ru: 'кости' },
      description_localizations: { ru: 'Играть' },
      options: [{ name_localizations: { ru: 'правила' } }],
    });
  });
});
