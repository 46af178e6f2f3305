import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { answerPublicly } from '../../src/bot/replies.js';
import { DEFAULT_RULES } from '../../src/game/index.js';
import { TOURNAMENT_FORMATS } from '../../src/store/tournaments/index.js';
import { choicesOf } from '../choices.js';
import { type CommandOptions, defineSubcommand, type GuildCommand, type OptionSpecs } from '../define.js';
import { START_OPTIONS } from '../start.js';
import { TOURNAMENT_GROUP } from './group.js';
import { mayOrganise } from './organiser.js';
import { renderTournamentMessage } from './render.js';

/** A round lasts from an hour to a week. */
const MAX_ROUND_HOURS = 7 * 24;
const DEFAULT_ROUND_HOURS = 24;
const MAX_ROUNDS = 10;
const DEFAULT_ROUNDS = 3;
/** Long enough for "Winter Cup of the Thursday Club 2026"; short enough for a board's heading. */
const MAX_NAME_LENGTH = 60;

const OPTIONS = {
  name: {
    kind: 'text',
    nameKey: 'command.tournament.create.name-option.name',
    descriptionKey: 'command.tournament.create.name-option.description',
    minLength: 1,
    maxLength: MAX_NAME_LENGTH,
  },
  rounds: {
    kind: 'integer',
    nameKey: 'command.tournament.create.rounds.name',
    descriptionKey: 'command.tournament.create.rounds.description',
    params: { rounds: DEFAULT_ROUNDS },
    min: 1,
    max: MAX_ROUNDS,
  },
  hours: {
    kind: 'integer',
    nameKey: 'command.tournament.create.hours.name',
    descriptionKey: 'command.tournament.create.hours.description',
    params: { hours: DEFAULT_ROUND_HOURS },
    min: 1,
    max: MAX_ROUND_HOURS,
  },
  // The rule set, as /crag start offers it.
  rerolls: START_OPTIONS.rerolls,
  thirteen: START_OPTIONS.thirteen,
  format: {
    kind: 'string',
    nameKey: 'command.tournament.create.format.name',
    descriptionKey: 'command.tournament.create.format.description',
    choices: choicesOf(TOURNAMENT_FORMATS, {
      duplicate: 'command.tournament.create.format.duplicate',
      tables: 'command.tournament.create.format.tables',
    }),
    invalid: 'refusal.bad-rules',
  },
  announcements: {
    kind: 'channel',
    nameKey: 'command.tournament.create.announcements.name',
    descriptionKey: 'command.tournament.create.announcements.description',
  },
} as const satisfies OptionSpecs;

/**
 * `/crag tournament create`: posts a duplicate tournament's sign-up here, for people to join with
 * a button. Manage Server, or the server's organiser role (`/crag-settings organiser-role`); the
 * organiser then starts it, cancels it, or removes an entrant.
 */
export const tournamentCreate = defineSubcommand({
  name: 'create',
  nameKey: 'command.tournament.create.name',
  descriptionKey: 'command.tournament.create.description',
  answers: 'public',
  group: TOURNAMENT_GROUP,
  options: OPTIONS,
  handle: createTournament,
});

async function createTournament(
  ctx: BotContext,
  interaction: GuildCommand,
  options: CommandOptions<typeof OPTIONS>,
): Promise<Outcome> {
  const barred = await mayOrganise(ctx, interaction);
  if (barred) return barred;
  const name = options.name?.trim();
  if (!name) return refused('refusal.tournament-name');
  const tournament = await ctx.tournaments.create({
    guildId: interaction.guildId,
    name,
    organiserId: interaction.user.id,
    rules: {
      ...DEFAULT_RULES,
      rerolls: options.rerolls ?? DEFAULT_RULES.rerolls,
      thirteen: options.thirteen ?? DEFAULT_RULES.thirteen,
    },
    format: options.format ?? 'duplicate',
    rounds: options.rounds ?? DEFAULT_ROUNDS,
    roundSeconds: (options.hours ?? DEFAULT_ROUND_HOURS) * 3600,
    channelId: interaction.channelId,
    announceChannelId: options.announcements ?? interaction.channelId,
    createdAt: ctx.now(),
  });
  const messageId = await answerPublicly(
    interaction,
    renderTournamentMessage(tournament, [], channelWide(ctx.languages, interaction)),
  );
  if (messageId !== undefined) await ctx.tournaments.setSignupMessage(tournament.id, messageId);
  ctx.log.info('tournament created', { tournamentId: tournament.id, guildId: tournament.guildId });
  return undefined;
}
