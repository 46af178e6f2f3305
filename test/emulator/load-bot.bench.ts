import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Client, GatewayIntentBits } from 'discord.js';

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.DISCORD_API_URL } });
const row = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    ...[1, 2, 3, 4, 5].map((n) => new ButtonBuilder().setCustomId(`keep:${n}`).setLabel(`Keep ${n}`).setStyle(ButtonStyle.Secondary)),
  );
client.on('interactionCreate', async (interaction) => {
  if (interaction.isChatInputCommand()) await interaction.reply({ content: 'Rolled 1 2 3', embeds: [{ title: 'Board', description: 'x'.repeat(500) }], components: [row()] });
  else if (interaction.isButton()) await interaction.update({ content: `Kept ${interaction.customId}`, components: [row()] });
});
await client.login(process.env.DISCORD_TOKEN);
