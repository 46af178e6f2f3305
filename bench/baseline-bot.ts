import { Client, Events, GatewayIntentBits } from 'discord.js';
import { BASELINE_BOARD } from './baseline-board.js';

/**
 * The trivial bot the game bot is measured against: the same discord.js 14 client and gateway
 * intents, no database and no game. Every command gets the constant board as a reply, every click
 * the same board as an update (so its buttons stay clickable).
 */
const api = process.env.DISCORD_API_URL;
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(api ? { rest: { api } } : {}) });

const log = (level: string, message: string, extra: Record<string, unknown> = {}) =>
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...extra })}\n`);

client.on(Events.InteractionCreate, (interaction) => {
  const answer = interaction.isMessageComponent()
    ? interaction.update(BASELINE_BOARD)
    : interaction.isChatInputCommand()
      ? interaction.reply(BASELINE_BOARD)
      : undefined;
  answer?.catch((error: unknown) => log('error', 'answer failed', { error: String(error) }));
});
client.once(Events.ClientReady, () => log('info', 'ready', { guilds: client.guilds.cache.size }));

process.on('SIGTERM', () => {
  void client.destroy().finally(() => process.exit(0));
});

client.login(process.env.DISCORD_TOKEN).catch((error: unknown) => {
  log('error', 'login failed', { error: String(error) });
  process.exit(1);
});
