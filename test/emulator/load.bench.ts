import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Routes, SlashCommandBuilder } from 'discord.js';
import { startEmulator } from '../../src/emulator/index.js';
import { connectClient } from './helpers.js';

const CHANNELS = Number(process.env.CHANNELS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const discord = await startEmulator();
const app = discord.createApplication({ name: 'Crag' });
const owner = discord.createUser({ username: 'owner' });
const players = Array.from({ length: CHANNELS }, (_, i) => discord.createUser({ username: `p${i}` }));
const guild = discord.createGuild({ name: 'Load', ownerId: owner.id, members: players.map((p) => p.id), bots: [app.id] });
const channels = Array.from({ length: CHANNELS }, (_, i) => discord.createChannel(guild.id, { name: `c${i}` }));
const client = await connectClient(discord, app.token);
await client.rest.put(Routes.applicationGuildCommands(app.id, guild.id), { body: [new SlashCommandBuilder().setName('roll').setDescription('Roll').toJSON()] });
const row = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    ...[1, 2, 3, 4, 5].map((n) => new ButtonBuilder().setCustomId(`keep:${n}`).setLabel(`Keep ${n}`).setStyle(ButtonStyle.Secondary)),
  );
client.on('interactionCreate', async (interaction) => {
  if (interaction.isChatInputCommand()) await interaction.reply({ content: 'Rolled 1 2 3', embeds: [{ title: 'Board', description: 'x'.repeat(500) }], components: [row()] });
  else if (interaction.isButton()) await interaction.update({ content: `Kept ${interaction.customId}`, components: [row()] });
});
const latencies: number[] = [];
const timed = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const value = await run();
  latencies.push(performance.now() - start);
  return value;
};
const started = performance.now();
await Promise.all(
  channels.map(async (channel, i) => {
    const user = players[i]!.id;
    for (let round = 0; round < ROUNDS; round++) {
      const reply = await timed(() => discord.runCommand({ user, channel: channel.id, name: 'roll' }));
      if (reply.ack !== 'reply') throw new Error(`round ${round}: ${reply.error}`);
      const click = await timed(() => discord.clickButton({ user, message: reply.message!.id, customId: 'keep:3' }));
      if (click.ack !== 'update') throw new Error(`click: ${click.error}`);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(1);
console.log(
  JSON.stringify({
    channels: CHANNELS,
    interactions: latencies.length,
    seconds: seconds.toFixed(2),
    perSecond: Math.round(latencies.length / seconds),
    ackMs: { p50: pct(0.5), p95: pct(0.95), max: pct(1) },
    problems: discord.problems.length,
    rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
    rest: discord.restCounts(),
  }),
);
await client.destroy();
await discord.stop();
