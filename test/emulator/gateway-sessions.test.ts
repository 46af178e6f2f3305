/**
 * Several sessions on one shard: a process killed without closing its socket leaves its session
 * behind (never resumed), and the process that took over has the live one. While the live one is
 * briefly disconnected, an interaction must wait for it, not go to the dead one.
 */
import { once } from 'node:events';
import { Events, Routes, SlashCommandBuilder } from 'discord.js';
import { afterAll, expect, test } from 'vitest';
import { WebSocket } from 'ws';
import { connectClient, InteractionHandlers, type Scene, startScene } from './helpers.js';

let scene: Scene | undefined;
afterAll(async () => {
  await scene?.discord.stop();
});

/** Identifies as the app on a raw socket, waits for READY, then cuts the socket as a SIGKILL would. */
async function sessionOfAKilledProcess(url: string, token: string): Promise<void> {
  const socket = new WebSocket(`${url}?v=10&encoding=json`);
  const ready = new Promise<void>((resolve) =>
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op: number; t?: string };
      if (frame.op === 10) socket.send(JSON.stringify({ op: 2, d: { token, intents: 1, properties: {} } }));
      if (frame.t === 'GUILD_CREATE') resolve();
    }),
  );
  await ready;
  const closed = once(socket, 'close');
  socket.terminate();
  await closed;
}

test('an interaction sent while the live session is down is replayed to it, not to a dead session of the shard', async () => {
  scene = await startScene();
  const { discord, app, guild, channel, alice } = scene;
  await sessionOfAKilledProcess(discord.gatewayUrl, app.token);
  const client = await connectClient(discord, app.token);
  try {
    await client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), {
      body: [new SlashCommandBuilder().setName('ping').setDescription('Answers pong').toJSON()],
    });
    const handlers = new InteractionHandlers(client);
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply('pong');
    });
    const resumed = once(client, Events.ShardResume);
    const reconnected = discord.dropGateway({ appId: app.id });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'ping' });
    expect(await reconnected).toBe('resumed');
    await resumed;
    expect(outcome.ack, outcome.error ?? '').toBe('reply');
    expect(outcome.message?.content).toBe('pong');
    expect(handlers.errors).toEqual([]);
  } finally {
    await client.destroy();
  }
});
