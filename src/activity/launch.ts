import {
  DiscordAPIError,
  type MessageComponentInteraction,
  type PrimaryEntryPointCommandInteraction,
  RESTJSONErrorCodes,
} from 'discord.js';
import { claimAnswer, deferredForSlowness } from '../bot/answer-in-time.js';
import type { BotContext } from '../bot/context.js';
import { type Outcome, refused } from '../bot/outcome.js';
import { metrics } from '../ops/metrics.js';

/** What asked for the table: the App Launcher's Entry Point command, or a lobby's Play at the table. */
type Via = 'entry-point' | 'button';

/**
 * Answers with LAUNCH_ACTIVITY (interaction response type 12): Discord opens the Activity for the
 * person, in the interaction's channel, joining the instance already running there. Discord
 * refuses it (400) when the application's Activities are not enabled; the interaction is then still
 * unanswered, so the caller can say why. Every attempt is counted (crag_table_launches_total).
 */
async function launch(
  interaction: PrimaryEntryPointCommandInteraction | MessageComponentInteraction,
  via: Via,
): Promise<'launched' | 'refused' | 'late'> {
  await claimAnswer(interaction);
  // LAUNCH_ACTIVITY must be the interaction's first response: after a deferral it cannot follow.
  if (deferredForSlowness(interaction)) {
    metrics.tableLaunches.inc({ via, outcome: 'late' });
    return 'late';
  }
  try {
    await interaction.launchActivity();
  } catch (error) {
    // Discord's docs do not say how it refuses an app without Activities; a 400 is what the
    // emulator answers (src/emulator/README.md). An interaction answered already is a 400 too, but a
    // failure: no private reply could follow it.
    const refusedByDiscord =
      error instanceof DiscordAPIError &&
      error.status === 400 &&
      error.code !== RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged;
    metrics.tableLaunches.inc({ via, outcome: refusedByDiscord ? 'refused' : 'failed' });
    if (refusedByDiscord) return 'refused';
    throw error;
  }
  metrics.tableLaunches.inc({ via, outcome: 'launched' });
  return 'launched';
}

/** The App Launcher's Entry Point command (handler APP_HANDLER): the table, or why not. */
export async function launchFromEntryPoint(interaction: PrimaryEntryPointCommandInteraction): Promise<Outcome> {
  return launchOutcome(await launch(interaction, 'entry-point'));
}

/**
 * A lobby's Play at the table. Offered only where this process serves the channel's table; an
 * older board may still show it where that is no longer so. Whether the application has
 * Activities is Discord's to say: it refuses the launch otherwise.
 */
export async function launchFromLobby(ctx: BotContext, interaction: MessageComponentInteraction): Promise<Outcome> {
  if (!ctx.tables?.servedIn(interaction.channelId)) return refused('refusal.table-not-here');
  return launchOutcome(await launch(interaction, 'button'));
}

function launchOutcome(launched: 'launched' | 'refused' | 'late'): Outcome {
  if (launched === 'launched') return undefined;
  return refused(launched === 'late' ? 'refusal.table-late' : 'refusal.table-refused');
}
