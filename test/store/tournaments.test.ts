/**
 * The tournament store beside the GameStore, on both backends: sign-up, leaving before and after
 * the start, one game per entrant and round with its result filled in by the game's own end, and a
 * round's close that is written once however often it is tried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  CATEGORY_IDS,
  createRoundGame,
  DEFAULT_RULES,
  dealRandom,
  type RoundPoints,
  roundPoints,
  sheetTotal,
  tournamentStandings,
  tournamentStream,
} from '../../src/game/index.js';
import type { GameStore } from '../../src/store/index.js';
import { openTournamentStore, type TournamentStore } from '../../src/store/tournaments/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';

const GUILD = '900000000000000001';
const CHANNEL = '910000000000000001';
const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';
const SECRET = Buffer.alloc(32, 3);

/** The standings one round's points make, as a close computes them. */
const standingsFrom = (points: RoundPoints[]) =>
  tournamentStandings(points.map((p) => ({ playerId: p.playerId, out: false, rounds: [p] })));

describe.each(BACKENDS)('$name: the tournament store', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let tournaments: TournamentStore;

  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open({ now: () => NOW });
    const location =
      backend.name === 'sqlite'
        ? { kind: 'sqlite' as const, path: db.location }
        : { kind: 'postgres' as const, url: db.location };
    tournaments = await openTournamentStore(location);
  });

  afterAll(async () => {
    await tournaments?.close();
    await store?.close();
    await db?.remove();
  });

  const create = () =>
    tournaments.create({
      guildId: GUILD,
      name: 'Winter Cup',
      organiserId: ALICE,
      rules: DEFAULT_RULES,
      format: 'duplicate',
      rounds: 2,
      roundSeconds: 3600,
      channelId: CHANNEL,
      announceChannelId: CHANNEL,
      createdAt: NOW,
    });

  /** Plays an entrant's round game through the store, standing on every first roll, the first open row each turn. */
  async function playRound(tournamentId: number, round: number, playerId: string): Promise<number> {
    expect(await tournaments.claimPlay(tournamentId, round, playerId)).toBe(true);
    const deal = { secret: SECRET, stream: tournamentStream(tournamentId, round) };
    let state = createRoundGame(playerId, { tournamentId, round }, DEFAULT_RULES, 'P');
    const act = (action: Action) => {
      const result = applyAction(state, action, dealRandom(deal, state, action));
      if (!result.ok) throw new Error(result.code);
      return result.state;
    };
    state = act({ type: 'start', playerId });
    const created = await store.createGame({
      guildId: GUILD,
      channelId: `tournament-${tournamentId}-${round}-${playerId}`,
      state,
      turnTimerSeconds: 60,
      hintsEnabled: false,
      pingsEnabled: false,
    });
    if (!created.ok) throw new Error(created.reason);
    await tournaments.attachGame(tournamentId, round, playerId, created.game.id);
    state = created.game.state;
    while (state.status === 'playing') {
      const open = CATEGORY_IDS.find((row) => state.sheets[playerId]?.[row] === undefined)!;
      const next = act({ type: 'score', playerId, category: open });
      const saved = await store.saveState(created.game.id, state.version, next);
      if (!saved.ok) throw new Error(saved.reason);
      state = saved.game.state;
    }
    return sheetTotal(state.sheets[playerId]!);
  }

  it('signs people up once each, only before the start, and lets them leave', async () => {
    const cup = await create();
    expect(cup).toMatchObject({ status: 'signup', round: 0, rules: DEFAULT_RULES, announcedRound: 0 });
    expect(await tournaments.join(cup.id, ALICE, 'Alice', NOW)).toBe(true);
    expect(await tournaments.join(cup.id, ALICE, 'Alice', NOW)).toBe(false);
    expect(await tournaments.join(cup.id, BOB, 'Bob', NOW + 1)).toBe(true);
    expect(await tournaments.join(cup.id, CAROL, 'Carol', NOW + 2)).toBe(true);
    expect(await tournaments.leave(cup.id, CAROL)).toBe(true);
    expect((await tournaments.entrants(cup.id)).map((e) => e.playerId)).toEqual([ALICE, BOB]);
    expect(await tournaments.start(cup.id, NOW + HOUR)).toBe(true);
    expect(await tournaments.start(cup.id, NOW + HOUR)).toBe(false);
    expect(await tournaments.join(cup.id, CAROL, 'Carol', NOW)).toBe(false);
    expect(await tournaments.openRounds()).toEqual([
      { tournamentId: cup.id, guildId: GUILD, round: 1, closesAt: NOW + HOUR },
    ]);
  });

  it('fills in a round game as it ends, counts it in no leaderboard, and closes a round once', async () => {
    const [cup] = await tournaments.ofGuild(GUILD, 1);
    const total = await playRound(cup!.id, 1, ALICE);
    expect(await tournaments.play(cup!.id, 1, ALICE)).toMatchObject({ total });
    expect(await tournaments.claimPlay(cup!.id, 1, ALICE)).toBe(false);
    expect(await db.rows('SELECT * FROM player_stats')).toEqual([]);
    expect(await db.rows('SELECT * FROM series_players')).toEqual([]);

    const points = roundPoints([
      { playerId: ALICE, played: true, total, loss: 1.5 },
      { playerId: BOB, played: false, total: 0, loss: null },
    ]);
    const after = { next: 'round' as const, closesAt: NOW + 2 * HOUR };
    expect(await tournaments.closeRound(cup!.id, 1, points, standingsFrom(points), after)).toBe(true);
    // A second close of the same round (a restart, another process) writes nothing.
    expect(await tournaments.closeRound(cup!.id, 1, points, standingsFrom(points), after)).toBe(false);
    expect(await tournaments.points(cup!.id)).toEqual([
      { round: 1, playerId: ALICE, played: true, total, loss: 1.5, points: 1 },
      { round: 1, playerId: BOB, played: false, total: 0, loss: null, points: 0 },
    ]);
    // The standings as the close stored them, by place, with the asker's own line after the page.
    const page = await tournaments.standingsPage(cup!.id, 1, BOB);
    expect(page.lines.map((line) => [line.place, line.playerId, line.points])).toEqual([
      [1, ALICE, 1],
      [2, BOB, 0],
    ]);
    expect(page.names.get(ALICE)).toBe('Alice');
    expect((await tournaments.unannounced()).map((t) => [t.id, t.round])).toEqual([[cup!.id, 2]]);
    await tournaments.markAnnounced(cup!.id, 1);
    expect(await tournaments.unannounced()).toEqual([]);
  });

  it('keeps a leaver out from the round open now, and finishes after the last round', async () => {
    const [cup] = await tournaments.ofGuild(GUILD, 1);
    expect(await tournaments.leave(cup!.id, BOB)).toBe(true);
    expect(await tournaments.leave(cup!.id, BOB)).toBe(false);
    expect((await tournaments.entrants(cup!.id)).find((e) => e.playerId === BOB)?.outInRound).toBe(2);
    const points = roundPoints([{ playerId: ALICE, played: false, total: 0, loss: null }]);
    expect(await tournaments.closeRound(cup!.id, 2, points, standingsFrom(points), { next: 'finished' })).toBe(true);
    expect(await tournaments.tournament(cup!.id)).toMatchObject({ status: 'finished', round: 2, roundClosesAt: null });
    expect(await tournaments.openRounds()).toEqual([]);
    expect(await tournaments.cancel(cup!.id)).toBe(false);
  });
});

describe.each(BACKENDS)('$name: a tables round in the tournament store', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let tournaments: TournamentStore;

  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open({ now: () => NOW });
    const location =
      backend.name === 'sqlite'
        ? { kind: 'sqlite' as const, path: db.location }
        : { kind: 'postgres' as const, url: db.location };
    tournaments = await openTournamentStore(location);
  });

  afterAll(async () => {
    await tournaments?.close();
    await store?.close();
    await db?.remove();
  });

  it('seats a round once, all at once, and ties each table to its game', async () => {
    const cup = await tournaments.create({
      guildId: GUILD,
      name: 'Tables',
      organiserId: ALICE,
      rules: DEFAULT_RULES,
      format: 'tables',
      rounds: 1,
      roundSeconds: 3600,
      channelId: CHANNEL,
      announceChannelId: CHANNEL,
      createdAt: NOW,
    });
    for (const id of [ALICE, BOB, CAROL]) await tournaments.join(cup.id, id, null, NOW);
    await tournaments.start(cup.id, NOW + HOUR);
    expect(await tournaments.seatRound(cup.id, 1, [[ALICE, BOB], [CAROL]])).toBe(true);
    // A second seating (another call, a restart) writes nothing, even with other tables.
    expect(await tournaments.seatRound(cup.id, 1, [[CAROL, ALICE, BOB]])).toBe(false);
    const lobby = await store.createGame({
      guildId: GUILD,
      channelId: '910000000000000009',
      state: createRoundGame(ALICE, { tournamentId: cup.id, round: 1 }, DEFAULT_RULES),
      turnTimerSeconds: 60,
      hintsEnabled: false,
      pingsEnabled: false,
    });
    if (!lobby.ok) throw new Error(lobby.reason);
    await tournaments.attachTable(cup.id, 1, 1, lobby.game.id);
    expect((await tournaments.roundPlays(cup.id, 1)).map((p) => [p.playerId, p.table, p.gameId])).toEqual([
      [ALICE, 1, lobby.game.id],
      [BOB, 1, lobby.game.id],
      [CAROL, 2, null],
    ]);
    expect((await tournaments.allPlays(cup.id)).map((p) => p.round)).toEqual([1, 1, 1]);
  });
});
