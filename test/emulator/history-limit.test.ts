import { Routes } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { rawRest } from './helpers.js';

describe('a channel with a history limit', () => {
  let discord: Emulator | undefined;
  afterEach(async () => {
    await discord?.stop();
    discord = undefined;
  });

  async function scene(historyLimit?: number) {
    discord = await startEmulator(historyLimit === undefined ? {} : { historyLimit });
    const app = discord.createApplication({ name: 'Crag' });
    const alice = discord.createUser({ username: 'alice' });
    const guild = discord.createGuild({ name: 'Evening', ownerId: alice.id, bots: [app.id] });
    const channel = discord.createChannel(guild.id, { name: 'crag' });
    return { discord, app, alice, channel };
  }

  it('keeps only its newest messages: older ones are Unknown Message, whatever the flood', async () => {
    const { discord, app, alice, channel } = await scene(50);
    const posted = Array.from({ length: 400 }, (_, n) =>
      discord.postMessage({ user: alice.id, channel: channel.id, content: `message ${n} ${'x'.repeat(n % 7)}` }),
    );
    const seen = discord.messagesSeenBy(alice.id, channel.id);
    expect(seen.map((message) => message.id)).toEqual(posted.slice(-50).map((message) => message.id));
    const oldest = posted[0]?.id ?? '';
    expect(discord.message(oldest)).toBeUndefined();
    const answer = await rawRest(discord, 'GET', Routes.channelMessage(channel.id, oldest), { token: app.token });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 10008 });
    // What is kept still answers.
    const newest = posted.at(-1)?.id ?? '';
    expect(
      (await rawRest(discord, 'GET', Routes.channelMessage(channel.id, newest), { token: app.token })).status,
    ).toBe(200);
  });

  it('keeps every message by default, as Discord does', async () => {
    const { discord, alice, channel } = await scene();
    for (let n = 0; n < 600; n++) discord.postMessage({ user: alice.id, channel: channel.id, content: `m${n}` });
    expect(discord.messagesSeenBy(alice.id, channel.id)).toHaveLength(600);
  });

  it('refuses a person’s message over 2,000 characters, as Discord’s client does', async () => {
    const { discord, alice, channel } = await scene();
    expect(
      discord.postMessage({ user: alice.id, channel: channel.id, content: 'x'.repeat(2_000) }).content,
    ).toHaveLength(2_000);
    expect(() => discord.postMessage({ user: alice.id, channel: channel.id, content: 'x'.repeat(2_001) })).toThrow(
      'at most 2000 characters',
    );
  });
});
