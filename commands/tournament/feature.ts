import type { BotContext } from '../../src/bot/context.js';
import { control, type Feature } from '../../src/bot/feature.js';
import type { StoredGame } from '../../src/store/index.js';
import { tournamentControl } from './controls.js';
import { announce, armRound, closeIfComplete } from './rounds.js';
import { openTables } from './tables.js';
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
    // A tables round seated, or opened, only in part when the bot stopped: its missing tables open now.
    for (const open of await ctx.tournaments.openRounds()) {
      const tournament = owned(open.guildId) ? await ctx.tournaments.tournament(open.tournamentId) : undefined;
      if (tournament?.format === 'tables') await openTables(ctx, tournament);
    }
  },
  gameEnded(ctx: BotContext, game: StoredGame) {
    const of = game.state.tournamentRound ?? game.state.tournamentTable;
    if (!of) return;
    void closeIfComplete(ctx, of.tournamentId, of.round).catch((error: unknown) =>
      ctx.log.error('could not tell whether a tournament round is complete', { tournamentId: of.tournamentId, error }),
    );
  },
};
