import type { MessageComponentInteraction, PrimaryEntryPointCommandInteraction } from 'discord.js';

/**
 * Answers with LAUNCH_ACTIVITY (interaction response type 12): Discord opens the Activity for the
 * person, in the interaction's channel, joining the instance already running there.
 */
export async function launchTable(
  interaction: PrimaryEntryPointCommandInteraction | MessageComponentInteraction,
): Promise<void> {
  await interaction.launchActivity();
}
