import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, GatewayIntentBits } from 'discord.js';

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_URL } });
const row = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    ...[1, 2, 3, 4, 5].map((n) => new ButtonBuilder().setCustomId(`keep:${n}`).setLabel(`Keep ${n}`).setStyle(ButtonStyle.Secondary)),
  );
const lag: number[] = [];
const dur: number[] = [];
const stat = (a: number[]) => { a.sort((x, y) => x - y); return { p50: a[a.length >> 1]?.toFixed(1), p95: a[Math.floor(a.length * 0.95)]?.toFixed(1), max: a.at(-1)?.toFixed(1) }; };
process.on('SIGTERM', () => {
  console.log('BOT', JSON.stringify({ receiveLag: stat(lag), replyMs: stat(dur), cpu: process.cpuUsage() }));
  process.exit(0);
});
client.on('interactionCreate', async (interaction) => {
  lag.push(Date.now() - interaction.createdTimestamp);
  const t0 = performance.now();
  try {
  if (interaction.isChatInputCommand()) await interaction.reply({ content: 'Rolled 1 2 3', embeds: [{ title: 'Board', description: 'x'.repeat(500) }], components: [row()] });
  else if (interaction.isButton()) await interaction.update({ content: `Kept ${interaction.customId}`, components: [row()] });
  } finally { dur.push(performance.now() - t0); }
});
await client.login(process.env.DISCORD_TOKEN);
