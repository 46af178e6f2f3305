import type { BotContext } from '../../src/bot/context.js';
import { control, type Feature } from '../../src/bot/feature.js';
import { tournamentControl } from './controls.js';
import { announce, armRound } from './rounds.js';
import { decodeTournamentId, TOURNAMENT_PREFIX } from './tournament-id.js';

/**
 * Tournaments' controls (their subcommands are `/crag tournament …`, in /crag's list), and their
 * deadlines: at start-up every running round's close is armed again from the store (one that
 * passed while the bot was down closes at once), and whatever a stop left unposted is posted.
 * An entrant's clicks on their round board are the game's controls (commands/game/feature.ts).
 */
export const tournamentFeature: Feature = {
  name: 'tournament',
  commands: [],
  controls: [control({ prefix: TOURNAMENT_PREFIX, decode: decodeTournamentId, handle: tournamentControl })],
  async ready(ctx: BotContext, owned: (guildId: string) => boolean) {
    for (const open of await ctx.tournaments.openRounds()) if (owned(open.guildId)) armRound(ctx, open);
    for (const tournament of await ctx.tournaments.unannounced()) {
      if (owned(tournament.guildId)) await announce(ctx, tournament.id);
    }
  },
};
