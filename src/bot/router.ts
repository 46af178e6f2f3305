import { type Interaction, MessageFlags } from 'discord.js';
import { launchFromEntryPoint } from '../activity/launch.js';
import { countInteraction } from '../ops/interaction-outcome.js';
import { type Deferral, deferWhenSlow } from './answer-in-time.js';
import type { AnswerableInteraction } from './answerable.js';
import { personal } from './audience.js';
import type { BotContext } from './context.js';
import type { Reach } from './feature.js';
import type { InFlight } from './in-flight.js';
import { answersOnlyPrivate } from './install-place.js';
import { type Outcome, type Refusal, refused } from './outcome.js';
import { inServerWithCrag } from './place.js';
import type { Registry } from './registry.js';
import { replyPrivately } from './replies.js';

function describe(interaction: Interaction): Record<string, unknown> {
  const context: Record<string, unknown> = {
    interaction: interaction.id,
    user: interaction.user.id,
    guild: interaction.guildId,
    channel: interaction.channelId,
  };
  if (interaction.isChatInputCommand())
    context.command = `${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim();
  if (interaction.isMessageComponent()) context.customId = interaction.customId;
  return context;
}

/** Where the interaction's command or control may run, as its feature declares it. */
function reachOf(registry: Registry, interaction: AnswerableInteraction): Reach {
  if (interaction.isChatInputCommand())
    return registry.command(interaction.commandName)?.reachOf?.(interaction) ?? 'bot-member';
  if (interaction.isMessageComponent()) return registry.reachOfClick(interaction.customId);
  // The Entry Point command opens the Activity, which keeps its board with the bot's token.
  return 'bot-member';
}

/**
 * The refusal of an interaction outside a server that added Crag (a DM, a group DM, a server where
 * Crag is installed only to the person's account), by its reach; undefined where it may run there.
 */
function refusalElsewhere(interaction: AnswerableInteraction, reach: Reach): Refusal | undefined {
  switch (reach) {
    case 'anywhere':
      return undefined;
    case 'crag-server':
      return refused('refusal.crag-server-only');
    case 'bot-member':
      // A board the bot keeps up to date with its own token in the channel, which Discord refuses
      // where the bot is no member (Missing Access). A game's is not one: /crag start is `anywhere`.
      return refused(interaction.inGuild() ? 'error.not-added-here' : 'error.outside-server');
  }
}

/**
 * Whether the interaction is answered where Discord shows every answer to the person alone (no Use
 * External Apps): a command that declares it plays privately (`/crag start`, a private game), and a
 * click of such a control on a message only this person sees (that game's board). A click on a
 * table's public board is not: its press's token would become the table's, and every turn ping and
 * follow-up through it would be shown to that person alone.
 */
function playsPrivately(registry: Registry, interaction: AnswerableInteraction): boolean {
  if (interaction.isChatInputCommand())
    return registry.command(interaction.commandName)?.privatelyOf?.(interaction) ?? false;
  if (interaction.isMessageComponent())
    return interaction.message.flags.has(MessageFlags.Ephemeral) && registry.privatelyOfClick(interaction.customId);
  return false;
}

/** How a slow answer is deferred: a click's board stays as it is; a command's "thinking…" is seen as its answer will be. */
function deferralFor(registry: Registry, interaction: AnswerableInteraction): Deferral {
  if (interaction.isMessageComponent()) return 'update';
  if (!interaction.isChatInputCommand()) return 'private';
  return registry.command(interaction.commandName)?.answersOf(interaction) ?? 'private';
}

/**
 * The one entry for every interaction: commands and components go to the features of the registry
 * that claim them (by command name, by custom_id prefix); a refusal
 * becomes an ephemeral reply in the person's own language; an unexpected error is logged with its
 * context and the user is told.
 * Handlers answer within Discord's 3 s: their store reads and writes are short awaits, and a
 * command that takes longer (`/crag export`) defers its reply first. An answer that is slow all the
 * same (a store waiting for a lock) is deferred for it when 2 s have passed (answer-in-time.ts).
 */
export function createRouter(
  ctx: BotContext,
  inFlight: InFlight,
  registry: Registry,
): (interaction: Interaction) => Promise<void> {
  const route = async (interaction: AnswerableInteraction): Promise<Outcome> => {
    // Without Use External Apps, Discord shows everything the bot answers to this person alone: no
    // table is possible, only a private game, and the person is told so before anything is attempted.
    if (answersOnlyPrivate(interaction) && !playsPrivately(registry, interaction))
      return refused('error.no-external-apps');
    if (!inServerWithCrag(interaction)) {
      const refusal = refusalElsewhere(interaction, reachOf(registry, interaction));
      if (refusal) return refusal;
    }
    // The App Launcher's Entry Point command (handler APP_HANDLER): open the Activity.
    if (interaction.isPrimaryEntryPointCommand()) return launchFromEntryPoint(interaction);
    if (interaction.isChatInputCommand()) {
      const command = registry.command(interaction.commandName);
      return command ? command.handle(ctx, interaction) : refused('refusal.unknown-command');
    }
    if (interaction.isMessageComponent()) return registry.click(ctx, interaction);
    return undefined;
  };
  return (interaction) =>
    inFlight.track(
      (async () => {
        if (
          !interaction.isChatInputCommand() &&
          !interaction.isMessageComponent() &&
          !interaction.isPrimaryEntryPointCommand()
        )
          return;
        const tr = personal(ctx.languages, interaction);
        const disarm = deferWhenSlow(interaction, deferralFor(registry, interaction), (error) =>
          ctx.log.warn('could not defer a slow answer', { ...describe(interaction), error }),
        );
        try {
          const outcome = await route(interaction);
          countInteraction(interaction, outcome);
          if (outcome) await replyPrivately(interaction, tr.render(outcome.refusal));
        } catch (error) {
          countInteraction(interaction, 'failed');
          ctx.log.error('interaction failed', { ...describe(interaction), error });
          await replyPrivately(interaction, tr.t('error.our-fault')).catch((replyError: unknown) =>
            ctx.log.warn('could not tell the user about a failure', { ...describe(interaction), error: replyError }),
          );
        } finally {
          disarm();
        }
      })(),
    );
}
