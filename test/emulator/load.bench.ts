import { spawn } from 'node:child_process';
import { Routes, SlashCommandBuilder } from 'discord.js';
import { REST } from '@discordjs/rest';
import { startEmulator } from '../../src/emulator/index.js';

const CHANNELS = Number(process.env.CHANNELS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 20);

const discord = await startEmulator();
const app = discord.createApplication({ name: 'Crag' });
const owner = discord.createUser({ username: 'owner' });
const players = Array.from({ length: CHANNELS }, (_, i) => discord.createUser({ username: `p${i}` }));
const guild = discord.createGuild({ name: 'Load', ownerId: owner.id, members: players.map((p) => p.id), bots: [app.id] });
const channels = Array.from({ length: CHANNELS }, (_, i) => discord.createChannel(guild.id, { name: `c${i}` }));
await new REST({ api: discord.apiUrl }).setToken(app.token).put(Routes.applicationGuildCommands(app.id, guild.id), {
  body: [new SlashCommandBuilder().setName('roll').setDescription('Roll').toJSON()],
});
const bot = spawn(process.execPath, ['--import', 'tsx', 'test/emulator/load-bot.bench.ts'], {
  env: { ...process.env, DISCORD_TOKEN: app.token, DISCORD_API_URL: discord.apiUrl },
  stdio: 'inherit',
});
await discord.waitForBotReady(app.id, { timeoutMs: 30_000 });
const latencies: number[] = [];
const failures: number[] = [];
const timed = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const value = await run();
  latencies.push(performance.now() - start);
  return value;
};
const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(
  channels.map(async (channel, i) => {
    const user = players[i]!.id;
    for (let round = 0; round < ROUNDS; round++) {
      const reply = await timed(() => discord.runCommand({ user, channel: channel.id, name: 'roll' }));
      if (reply.ack !== 'reply') { failures.push(round); continue; }
      const click = await timed(() => discord.clickButton({ user, message: reply.message!.id, customId: 'keep:3' }));
      if (click.ack !== 'update') failures.push(round);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(1);
console.log(
  JSON.stringify({
    channels: CHANNELS,
    interactions: latencies.length,
    seconds: seconds.toFixed(2),
    perSecond: Math.round(latencies.length / seconds),
    ackMs: { p50: pct(0.5), p95: pct(0.95), max: pct(1) },
    emulatorCpuMsPerInteraction: ((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2),
    failures: failures.length,
    failedRounds: [...new Set(failures)].slice(0, 10),
    messages: discord.messagesSeenBy(players[0]!.id, channels[0]!.id).length,
    rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
bot.kill();
await new Promise((r) => bot.once('exit', r));
await discord.stop();
