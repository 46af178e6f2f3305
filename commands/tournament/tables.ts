import { randomInt } from 'node:crypto';
import type { BotContext } from '../../src/bot/context.js';
import { gameMessage } from '../../src/bot/game-message.js';
import {
  type Action,
  createGame,
  type RoundResult,
  roundPoints,
  seatTables,
  sheetTotal,
} from '../../src/game/index.js';
import type { RoundPoints } from '../../src/game/tournament.js';
import type { RoundPlay, Tournament } from '../../src/store/tournaments/index.js';
import { oneAtATime } from './one-at-a-time.js';
import { standingsOf } from './standings-of.js';

/** A table's turn timer, in minutes: a seat that misses three turns in a row leaves, and the table plays on. */
export const TABLE_TURN_TIMER_MINUTES = 2;

/** Tournaments whose round is being seated in this process: a second call waits its turn rather than seat twice. */
const seating = new Map<number, Promise<void>>();

/** The entrants in the round open now, Swiss-style: by the standings so far, at random in the first round. */
async function seatingOrder(ctx: BotContext, tournament: Tournament): Promise<string[]> {
  const entrants = (await ctx.tournaments.entrants(tournament.id)).filter((entrant) => entrant.outInRound === null);
  if (tournament.round === 1) {
    const ids = entrants.map((entrant) => entrant.playerId);
    for (let i = ids.length - 1; i > 0; i -= 1) {
      const j = randomInt(i + 1);
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
    return ids;
  }
  const { lines } = await standingsOf(ctx.tournaments, tournament);
  const active = new Set(entrants.map((entrant) => entrant.playerId));
  return lines.filter((line) => active.has(line.playerId)).map((line) => line.playerId);
}

/**
 * Seats the round open now (once: the seating is stored in one transaction) and opens every table
 * not opened yet, each in a public thread of its own with a game already started, which pings the
 * table's players. Safe to call again at any time (after a restart in the middle, say): a table
 * whose game exists is left alone.
 */
export function openTables(ctx: BotContext, tournament: Tournament): Promise<void> {
  return oneAtATime(seating, tournament.id, () => seatAndOpen(ctx, tournament));
}

async function seatAndOpen(ctx: BotContext, tournament: Tournament): Promise<void> {
  if (tournament.status !== 'running' || tournament.format !== 'tables') return;
  const round = tournament.round;
  if ((await ctx.tournaments.roundPlays(tournament.id, round)).length === 0) {
    await ctx.tournaments.seatRound(tournament.id, round, seatTables(await seatingOrder(ctx, tournament)));
  }
  const plays = await ctx.tournaments.roundPlays(tournament.id, round);
  const names = new Map((await ctx.tournaments.entrants(tournament.id)).map((e) => [e.playerId, e.name]));
  for (const [table, seats] of byTable(plays)) {
    if (seats.some((seat) => seat.gameId !== null)) continue;
    await openTable(
      ctx,
      tournament,
      table,
      seats.map((seat) => seat.playerId),
      names,
    );
  }
}

/** A round's plays grouped by table, in table order. */
export function byTable(plays: readonly RoundPlay[]): Map<number, RoundPlay[]> {
  const tables = new Map<number, RoundPlay[]>();
  for (const play of plays) {
    if (play.table === null) continue;
    tables.set(play.table, [...(tables.get(play.table) ?? []), play]);
  }
  return tables;
}

async function openTable(
  ctx: BotContext,
  tournament: Tournament,
  table: number,
  players: readonly string[],
  names: ReadonlyMap<string, string | null>,
): Promise<void> {
  const [host, ...others] = players;
  if (host === undefined) return;
  const tr = ctx.channels.speaks(tournament.guildId);
  const round = tournament.round;
  const threadId = await ctx.boards.openThread(
    tournament.channelId,
    tr.t('tournament.thread-name', { name: tournament.name, round, table }),
  );
  const person = (playerId: string) => ({ playerId, name: names.get(playerId) ?? undefined });
  const seats: Action[] = others.map((playerId) => ({ type: 'join', ...person(playerId) }));
  const opened = await ctx.flow.open(
    {
      guildId: tournament.guildId,
      channelId: threadId,
      state: {
        ...createGame(host, tournament.rules, names.get(host) ?? undefined),
        tournamentTable: { tournamentId: tournament.id, round },
      },
      turnTimerSeconds: TABLE_TURN_TIMER_MINUTES * 60,
      hintsEnabled: false,
      pingsEnabled: true,
    },
    [...seats, { type: 'start', playerId: host }],
  );
  if (!opened.ok) throw new Error(`table ${table} of tournament ${tournament.id} could not open: ${opened.refusal}`);
  await ctx.tournaments.attachTable(tournament.id, round, table, opened.game.id);
  await ctx.channels.post(threadId, {
    content: tr.t('tournament.table-call', {
      players: players.map((playerId) => `<@${playerId}>`).join(' '),
      round,
      rounds: tournament.rounds,
    }),
    allowedMentions: { parse: [], users: [...players] },
  });
  await ctx.boards.post(opened.game, await gameMessage(ctx, opened.game, tr, ctx.dice.faces));
  ctx.log.info('tournament table opened', { tournamentId: tournament.id, round, table, gameId: opened.game.id });
}

/**
 * A tables round's points: each table apart, by place at the table (one point per tablemate
 * beaten, a half per tie). A table still playing at the deadline ends where it stands, each seat's
 * open rows scoring 0.
 */
export async function tableResults(ctx: BotContext, tournament: Tournament): Promise<RoundPoints[]> {
  const plays = await ctx.tournaments.roundPlays(tournament.id, tournament.round);
  const points: RoundPoints[] = [];
  for (const seats of byTable(plays).values()) {
    const gameId = seats[0]?.gameId ?? null;
    let game = gameId === null ? undefined : await ctx.store.gameById(gameId);
    if (game?.state.status === 'playing') {
      const ended = await ctx.flow.change(game.id, () => ({ type: 'abandon' }));
      if (ended.ok) game = ended.game;
    }
    const results: RoundResult[] = seats.map((seat) => ({
      playerId: seat.playerId,
      played: game !== undefined,
      total: game ? sheetTotal(game.state.sheets[seat.playerId] ?? {}) : 0,
      loss: null,
    }));
    points.push(...roundPoints(results));
  }
  return points;
}

/** Whether every table of the round open now is over. */
export async function tablesOver(ctx: BotContext, tournament: Tournament): Promise<boolean> {
  const plays = await ctx.tournaments.roundPlays(tournament.id, tournament.round);
  if (plays.length === 0) return false;
  for (const seats of byTable(plays).values()) {
    const gameId = seats[0]?.gameId ?? null;
    if (gameId === null) return false;
    const game = await ctx.store.gameById(gameId);
    if (game?.state.status === 'playing' || game?.state.status === 'lobby') return false;
  }
  return true;
}

/** Where each table of the round open now plays, for the tournament's message. */
export async function tablesOfRound(
  ctx: BotContext,
  tournament: Tournament,
): Promise<{ table: number; channelId: string | null; players: string[] }[]> {
  const plays = await ctx.tournaments.roundPlays(tournament.id, tournament.round);
  const tables = [];
  for (const [table, seats] of byTable(plays)) {
    const gameId = seats[0]?.gameId ?? null;
    const game = gameId === null ? undefined : await ctx.store.gameById(gameId);
    tables.push({ table, channelId: game?.channelId ?? null, players: seats.map((seat) => seat.playerId) });
  }
  return tables;
}
