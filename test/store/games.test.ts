import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAction, CATEGORY_IDS, type GameState, seededRandom } from '../../src/game/index.js';
import type { GameStore } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, newGameState, nextAction, replayTo, step } from './drive-game.js';
import { expectRowsInStep, playThroughStore, saveAction } from './helpers.js';

const GUILD = '900000000000000001';
const CHANNEL = '910000000000000001';
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';
const PLAN: GamePlan = { seed: 7, humans: [ALICE, BOB], computers: ['easy'] };

/** Whether the plan's next action scores a row (a save that adds a sheet row and a turn). */
function nextIsScore(state: GameState): boolean {
  return nextAction(state, PLAN)?.type === 'score';
}

describe.each(BACKENDS)('$name', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let clock: number;

  beforeEach(async () => {
    db = await backend.fresh();
    clock = 1_700_000_000_000;
    store = await db.open({ now: () => clock });
  });

  afterEach(async () => {
    await store.close();
    await db.remove();
  });

  async function created(result: ReturnType<typeof create>) {
    const outcome = await result;
    if (!outcome.ok) throw new Error(`expected a game: ${outcome.reason}`);
    return outcome.game;
  }

  async function create(state: GameState = newGameState(PLAN), channelId = CHANNEL) {
    return await store.createGame({ guildId: GUILD, channelId, state, turnTimerSeconds: 60, hintsEnabled: true });
  }

  describe('createGame', () => {
    it('stores the game, its seats and a new series (in the folder it creates, for SQLite)', async () => {
      const created = await create();
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      expect(created.game).toMatchObject({
        guildId: GUILD,
        channelId: CHANNEL,
        seriesGameNumber: 1,
        boardMessageId: null,
        turnTimerSeconds: 60,
        hintsEnabled: true,
        pingsEnabled: true,
        pingMessageId: null,
        viaWebhooks: false,
        turnDeadline: null,
        updatedAt: clock,
        lastActionAt: clock,
      });
      // When it was created is kept in the row only: nothing the bot shows reads it.
      expect(await db.rows('SELECT created_at FROM games WHERE id = ?', created.game.id)).toEqual([
        { created_at: clock },
      ]);
      expect(created.game.state).toEqual(newGameState(PLAN));
      expect(await store.gameById(created.game.id)).toEqual(created.game);
      expect(await store.activeGameInChannel(CHANNEL)).toEqual(created.game);
      expect(await store.activeGameInChannel('910000000000000999')).toBeUndefined();
    });

    it('refuses a second active game in the channel and names the one that is there', async () => {
      const first = await create();
      const second = await create();
      expect(second.ok).toBe(false);
      if (second.ok || second.reason !== 'channel-busy' || !first.ok) throw new Error('expected channel-busy');
      expect(second.active.id).toBe(first.game.id);
      // Another channel is free.
      expect((await create(newGameState(PLAN), '910000000000000002')).ok).toBe(true);
    });

    it('frees the channel once the game is over, and "Play again" continues the series', async () => {
      const first = await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      expect(first.state.status).toBe('finished');
      expect(await store.activeGameInChannel(CHANNEL)).toBeUndefined();
      const again = await create(newGameState(PLAN));
      if (!again.ok) throw new Error('channel should be free');
      expect(again.game.seriesId).not.toBe(first.seriesId);
      await saveAction(store, again.game, { type: 'cancel', playerId: ALICE });
      const continued = await store.createGame({
        guildId: GUILD,
        channelId: CHANNEL,
        state: newGameState(PLAN),
        turnTimerSeconds: 60,
        hintsEnabled: false,
        seriesId: first.seriesId,
      });
      if (!continued.ok) throw new Error('expected a new game in the series');
      expect(continued.game.seriesId).toBe(first.seriesId);
      expect(continued.game.seriesGameNumber).toBe(2);
    });

    it('refuses to continue a series that does not exist in the guild', async () => {
      const first = await create();
      if (!first.ok) throw new Error('expected a game');
      const other = await store.createGame({
        guildId: '900000000000000002',
        channelId: '910000000000000003',
        state: newGameState(PLAN),
        turnTimerSeconds: 60,
        hintsEnabled: false,
        seriesId: first.game.seriesId,
      });
      expect(other).toEqual({ ok: false, reason: 'unknown-series' });
    });
  });

  describe('saveState', () => {
    it('saves each step with its version, keeping seats, sheet rows and results in step', async () => {
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      let game = created.game;
      for (;;) {
        const next = step(game.state, PLAN);
        if (!next) break;
        clock += 1_000;
        const saved = await store.saveState(game.id, game.state.version, next);
        if (!saved.ok) throw new Error(saved.reason);
        expect(saved.game.state.version).toBe(next.version);
        expect(saved.game.lastActionAt).toBe(clock);
        expect(await store.gameById(game.id)).toEqual(saved.game);
        await expectRowsInStep(db, game.id, next);
        game = saved.game;
      }
      expect(game.state.status).toBe('finished');
      expect(await store.turnsInPlay()).toEqual([]);
    });

    it('refuses a stale version and writes nothing', async () => {
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      const joined = step(created.game.state, PLAN)!;
      const first = await store.saveState(created.game.id, created.game.state.version, joined);
      if (!first.ok) throw new Error('first save should land');
      const before = await store.gameById(created.game.id);

      // A second handler that read version 1 computes its own next state and loses the race.
      const rival = applyAction(created.game.state, { type: 'cancel', playerId: ALICE }, seededRandom(1));
      if (!rival.ok) throw new Error('cancel should be legal');
      clock += 5_000;
      const stale = await store.saveState(created.game.id, created.game.state.version, rival.state);
      expect(stale.ok).toBe(false);
      if (stale.ok) return;
      expect(stale.reason).toBe('stale');
      expect(stale.current).toEqual(before);
      expect(await store.gameById(created.game.id)).toEqual(before);
      expect((await store.activeGameInChannel(CHANNEL))?.state.status).toBe('lobby');
    });

    it('says missing for a game that does not exist, and rejects a next state that does not advance', async () => {
      const state = newGameState(PLAN);
      const next = step(state, PLAN)!;
      expect(await store.saveState(12345, state.version, next)).toEqual({ ok: false, reason: 'missing' });
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      await expect(store.saveState(created.game.id, next.version, next)).rejects.toThrow(RangeError);
    });

    it('sets the deadline with the state, keeps the board message, and clears the deadline when the game ends', async () => {
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      expect(await store.setBoardMessage(created.game.id, '42')).toBe(true);
      const next = step(created.game.state, PLAN)!;
      const saved = await store.saveState(created.game.id, 1, next, { turnDeadline: clock + 60_000 });
      if (!saved.ok) throw new Error('save should land');
      expect(saved.game).toMatchObject({ turnDeadline: clock + 60_000, boardMessageId: '42' });
      // Left out means unchanged.
      const after = step(next, PLAN)!;
      const kept = await store.saveState(created.game.id, next.version, after);
      if (!kept.ok) throw new Error('save should land');
      expect(kept.game).toMatchObject({ turnDeadline: clock + 60_000, boardMessageId: '42' });
      const cancelled = await saveAction(store, kept.game, { type: 'cancel', playerId: ALICE });
      expect(cancelled.turnDeadline).toBeNull();
      expect((await store.gameById(created.game.id))?.turnDeadline).toBeNull();
    });

    it('changes the board message without a new version', async () => {
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      clock += 10;
      expect(await store.setBoardMessage(created.game.id, '920000000000000001')).toBe(true);
      const game = await store.gameById(created.game.id);
      expect(game).toMatchObject({
        boardMessageId: '920000000000000001',
        updatedAt: clock,
        lastActionAt: created.game.lastActionAt,
      });
      expect(game?.state.version).toBe(created.game.state.version);
      expect(await store.setBoardMessage(999, 'x')).toBe(false);
    });

    it('keeps whether the game pings, and its turn ping, across saves and a reopening', async () => {
      const quiet = await created(
        store.createGame({
          guildId: GUILD,
          channelId: CHANNEL,
          state: newGameState(PLAN),
          turnTimerSeconds: 60,
          hintsEnabled: true,
          pingsEnabled: false,
        }),
      );
      expect(quiet.pingsEnabled).toBe(false);
      const pinging = await created(create(newGameState(PLAN), '910000000000000002'));
      expect(pinging.pingsEnabled).toBe(true);
      clock += 10;
      expect(await store.setPingMessage(pinging.id, '930000000000000001')).toBe(true);
      const read = await store.gameById(pinging.id);
      // Not a game action, nor a change of the board: neither version nor times move.
      expect(read).toMatchObject({ pingMessageId: '930000000000000001', updatedAt: pinging.updatedAt });
      expect(read?.state.version).toBe(pinging.state.version);
      const saved = await saveAction(store, pinging, { type: 'start', playerId: ALICE });
      expect(saved.pingMessageId).toBe('930000000000000001');
      expect(await store.setPingMessage(999, 'x')).toBe(false);
      await store.close();
      store = await db.open({ now: () => clock });
      expect(await store.gameById(quiet.id)).toMatchObject({ pingsEnabled: false, pingMessageId: null });
      expect(await store.gameById(pinging.id)).toMatchObject({
        pingsEnabled: true,
        pingMessageId: '930000000000000001',
      });
      expect(await store.setPingMessage(pinging.id, null)).toBe(true);
      expect((await store.gameById(pinging.id))?.pingMessageId).toBeNull();
    });
  });

  describe('reopening', () => {
    it('gives back equal games after close, with the games under way listed for their timers', async () => {
      const finished = await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      const halfway = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000002' },
        { ...PLAN, seed: 8 },
        (state) => state.round === 6,
      );
      const next = step(halfway.state, { ...PLAN, seed: 8 });
      if (!next) throw new Error('the plan goes on');
      const saved = await store.saveState(halfway.id, halfway.state.version, next, { turnDeadline: clock + 30_000 });
      if (!saved.ok) throw new Error(saved.reason);
      const midway = saved.game;
      const computerToMove = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000004' },
        { ...PLAN, seed: 9 },
        (state) => state.status === 'playing' && state.seats[state.currentSeat]?.computer === 'easy',
      );
      const lobby = await create(newGameState(PLAN), '910000000000000003');
      if (!lobby.ok) throw new Error('expected a game');
      await store.close();

      store = await db.open({ now: () => clock });
      expect(await store.gameById(finished.id)).toEqual(finished);
      expect(await store.gameById(midway.id)).toEqual({ ...midway, turnDeadline: clock + 30_000 });
      expect((await store.gameById(midway.id))?.state).toEqual(replayTo({ ...PLAN, seed: 8 }, midway.state.version));
      // The lobby has no turn to time: only the games under way are listed.
      expect(midway.state.seats[midway.state.currentSeat]?.computer).toBeNull();
      expect(await store.turnsInPlay()).toEqual([
        {
          gameId: midway.id,
          guildId: GUILD,
          version: midway.state.version,
          computerToMove: false,
          turnDeadline: clock + 30_000,
        },
        {
          gameId: computerToMove.id,
          guildId: GUILD,
          version: computerToMove.state.version,
          computerToMove: true,
          turnDeadline: null,
        },
      ]);
      expect(lobby.game.state.status).toBe('lobby');
    });

    it('lists the games past their lobby with a board changed close to the newest action', async () => {
      const untilRound = (round: number) => (state: GameState) => state.round === round;
      const old = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000004' },
        PLAN,
        untilRound(2),
      );
      clock += 120_000;
      const finished = await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      const lobby = await create(newGameState(PLAN), '910000000000000005');
      clock += 30_000;
      const newest = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000006' },
        PLAN,
        untilRound(3),
      );
      if (!lobby.ok) throw new Error('expected a lobby');
      for (const game of [old, finished, lobby.game, newest])
        await store.setBoardMessage(game.id, `9500000000000000${game.id}`);
      const ids = async (windowMs: number) =>
        (await store.recentlyChangedBoards(windowMs)).map((change) => change.gameId);
      // The newest action is `clock`: the window reaches back from there, whatever the time now.
      expect(await ids(20_000)).toEqual([newest.id]);
      expect(await ids(30_000)).toEqual([finished.id, newest.id]);
      expect(await ids(150_000)).toEqual([old.id, finished.id, newest.id]);
      const [change] = await store.recentlyChangedBoards(20_000);
      expect(change?.guildId).toBe(GUILD);
      expect(change?.state).toEqual({ ...newest.state, sheets: {}, history: [] });
      expect(change?.lastTurn).toEqual(newest.state.history.at(-1));
    });

    it('anchors the window on the newest action of the guilds asked for, and lists only theirs', async () => {
      const OTHER_GUILD = '900000000000000002';
      const ours = await playThroughStore(
        store,
        { guildId: GUILD, channelId: CHANNEL },
        PLAN,
        (state) => state.round === 2,
      );
      // Another shard's guild carries on for two minutes after our shard's last move.
      clock += 120_000;
      const theirs = await playThroughStore(
        store,
        { guildId: OTHER_GUILD, channelId: '910000000000000004' },
        PLAN,
        (state) => state.round === 2,
      );
      for (const game of [ours, theirs]) await store.setBoardMessage(game.id, `9500000000000000${game.id}`);
      const ids = async (inGuild?: (guildId: string) => boolean) =>
        (await store.recentlyChangedBoards(60_000, inGuild)).map((change) => change.gameId);
      expect(await ids()).toEqual([theirs.id]);
      expect(await ids((guildId) => guildId === GUILD)).toEqual([ours.id]);
      expect(await ids((guildId) => guildId === OTHER_GUILD)).toEqual([theirs.id]);
      expect(await ids(() => false)).toEqual([]);
    });

    it('lists the active games nobody has touched since a time, oldest first, and no finished one', async () => {
      const first = await create(newGameState(PLAN), '910000000000000004');
      clock += 60_000;
      const second = await create(newGameState(PLAN), '910000000000000005');
      await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      if (!first.ok || !second.ok) throw new Error('expected two games');
      const idle = async (before: number) => (await store.gamesIdleSince(before)).map((game) => game.id);
      expect(await idle(clock - 60_000)).toEqual([]);
      expect(await idle(clock)).toEqual([first.game.id]);
      expect(await idle(clock + 1)).toEqual([first.game.id, second.game.id]);
      // Any accepted action counts as a touch.
      clock += 1;
      await saveAction(store, first.game, { type: 'join', playerId: BOB });
      expect(await idle(clock)).toEqual([second.game.id]);
    });

    it('lists the active games of a server, and of no other', async () => {
      const lobby = await created(create(newGameState(PLAN), '910000000000000004'));
      const playing = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000005' },
        PLAN,
        (state) => state.round === 3,
      );
      await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      const elsewhere = { guildId: '900000000000000002', channelId: '910000000000000007' };
      await playThroughStore(store, elsewhere, PLAN, (state) => state.round === 2);
      expect((await store.activeGamesInGuild(GUILD)).map((game) => game.id)).toEqual([lobby.id, playing.id]);
      expect(await store.activeGamesInGuild('900000000000000003')).toEqual([]);
    });

    it('purges lobbies that ended before anyone played, once old enough, with their series, and nothing else', async () => {
      const cancelledLobby = await saveAction(store, await created(create(newGameState(PLAN), '910000000000000004')), {
        type: 'cancel',
        playerId: ALICE,
      });
      const openLobby = await created(create(newGameState(PLAN), '910000000000000005'));
      const finished = await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      const cancelledMidGame = await playThroughStore(
        store,
        { guildId: GUILD, channelId: '910000000000000006' },
        { ...PLAN, cancelAtRound: 3 },
      );
      expect(cancelledMidGame.state.status).toBe('cancelled');
      // Too recent: nothing goes.
      expect(await store.purgeEndedLobbies(clock)).toBe(0);
      clock += 1;
      expect(await store.purgeEndedLobbies(clock)).toBe(1);
      expect(await store.gameById(cancelledLobby.id)).toBeUndefined();
      for (const kept of [openLobby, finished, cancelledMidGame]) expect(await store.gameById(kept.id)).toBeDefined();
      expect(await store.seriesGames(cancelledLobby.seriesId)).toEqual([]);
      // Its series went with it: it cannot be continued.
      const continued = await store.createGame({
        guildId: GUILD,
        channelId: '910000000000000004',
        state: newGameState(PLAN),
        turnTimerSeconds: 60,
        hintsEnabled: true,
        seriesId: cancelledLobby.seriesId,
      });
      expect(continued).toEqual({ ok: false, reason: 'unknown-series' });
      expect(await store.purgeEndedLobbies(clock)).toBe(0);
    });
  });

  describe('latestGameInChannel', () => {
    it('finds the active game, else the most recent one, and nothing in an unused channel', async () => {
      expect(await store.latestGameInChannel(CHANNEL)).toBeUndefined();
      const first = await create();
      if (!first.ok) throw new Error('not created');
      expect((await store.latestGameInChannel(CHANNEL))?.id).toBe(first.game.id);
      const cancelled = applyAction(first.game.state, { type: 'cancel', playerId: ALICE }, seededRandom(1));
      if (!cancelled.ok) throw new Error(cancelled.code);
      await store.saveState(first.game.id, first.game.state.version, cancelled.state);
      const second = await create();
      if (!second.ok) throw new Error('not created');
      expect((await store.latestGameInChannel(CHANNEL))?.id).toBe(second.game.id);
      expect(await store.latestGameInChannel('910000000000000999')).toBeUndefined();
    });
  });

  describe('seats given up, and games that are over', () => {
    it('keeps the seats in step when someone leaves the lobby and the seats behind them move up', async () => {
      const created = await create();
      if (!created.ok) throw new Error('expected a game');
      let game = created.game;
      for (const action of [
        { type: 'join', playerId: BOB },
        { type: 'join', playerId: CAROL },
        { type: 'add-computer', playerId: ALICE, level: 'easy' },
        { type: 'leave', playerId: BOB },
        { type: 'join', playerId: BOB },
      ] as const) {
        game = await saveAction(store, game, action);
        await expectRowsInStep(db, game.id, game.state);
      }
      expect(game.state.seats.map((seat) => seat.playerId)).toEqual([ALICE, CAROL, game.state.seats[2]?.playerId, BOB]);
      await store.close();
      store = await db.open({ now: () => clock });
      expect(await store.gameById(game.id)).toEqual(game);
    });

    it('never writes over a game that is over, so its statistics count once', async () => {
      const finished = await playThroughStore(store, { guildId: GUILD, channelId: CHANNEL }, PLAN);
      const [first] = finished.state.seats;
      if (!first) throw new Error('no seat');
      // Not something the engine does: every action on a finished game is refused as game-over.
      const corrected: GameState = {
        ...finished.state,
        version: finished.state.version + 1,
        sheets: { ...finished.state.sheets, [first.playerId]: {} },
      };
      const stats = () => db.rows('SELECT * FROM player_stats ORDER BY player_id, period');
      const before = await stats();
      expect(before.length).toBeGreaterThan(0);
      await expect(store.saveState(finished.id, finished.state.version, corrected)).rejects.toThrow(/over/);
      await expectRowsInStep(db, finished.id, finished.state);
      expect(await stats()).toEqual(before);
      const reopened = await db.open();
      await expect(reopened.saveState(finished.id, finished.state.version, corrected)).rejects.toThrow(/over/);
      expect((await reopened.gameById(finished.id))?.state).toEqual(finished.state);
      await reopened.close();
    });
  });

  describe('a read while a save lands', () => {
    /** A game in play a few turns in, and its next state, which scores a row. */
    async function gameBeforeAScore() {
      const game = await playThroughStore(
        store,
        { guildId: GUILD, channelId: CHANNEL },
        PLAN,
        (state) => state.history.length >= 4 && state.status === 'playing' && nextIsScore(state),
      );
      const next = step(game.state, PLAN);
      if (!next) throw new Error('the game ended');
      return { game, next };
    }

    it('gives the game at one version: its sheets and turns with its state', async () => {
      const { game, next } = await gameBeforeAScore();
      expect(next.history).toHaveLength(game.state.history.length + 1);
      // Neither awaited before the other starts. On SQLite the read's row is read at once and the
      // save then commits at once, before the read's promise settles: the read's sheets and turns
      // must still be its row's.
      const [read, saved] = await Promise.all([
        store.activeGameInChannel(CHANNEL),
        store.saveState(game.id, game.state.version, next),
      ]);
      expect(saved.ok).toBe(true);
      expect(read?.state).toEqual(read?.state.version === next.version ? next : game.state);
      expect((await store.activeGameInChannel(CHANNEL))?.state).toEqual(next);
    });

    it('gives the active game a create is refused for at one version too', async () => {
      const { game, next } = await gameBeforeAScore();
      const [refused, saved] = await Promise.all([create(), store.saveState(game.id, game.state.version, next)]);
      expect(saved.ok).toBe(true);
      if (refused.ok || refused.reason !== 'channel-busy') throw new Error('expected the channel to be busy');
      expect(refused.active.state).toEqual(refused.active.state.version === next.version ? next : game.state);
    });
  });

  describe('sheets and turn history', () => {
    it('keeps sheets and turns in their own rows, out of the state JSON, and gives them back after a reopen', async () => {
      const created = await create();
      if (!created.ok) throw new Error('not created');
      let game = created.game;
      const random = seededRandom(11);
      const started = applyAction(game.state, { type: 'start', playerId: ALICE }, random);
      if (!started.ok) throw new Error(started.code);
      const afterStart = await store.saveState(game.id, game.state.version, started.state);
      if (!afterStart.ok) throw new Error(afterStart.reason);
      game = afterStart.game;
      const save = async (next: GameState) => {
        const saved = await store.saveState(game.id, game.state.version, next);
        if (!saved.ok) throw new Error(saved.reason);
        game = saved.game;
      };
      for (let turn = 0; turn < 4; turn += 1) {
        const playerId = game.state.seats[game.state.currentSeat]?.playerId ?? '';
        const rerolled = applyAction(game.state, { type: 'reroll', playerId }, random);
        if (!rerolled.ok) throw new Error(rerolled.code);
        await save(rerolled.state);
        const open = CATEGORY_IDS.find((row) => game.state.sheets[playerId]?.[row] === undefined) ?? 'ones';
        const scored = applyAction(game.state, { type: 'score', playerId, category: open }, random);
        if (!scored.ok) throw new Error(scored.code);
        await save(scored.state);
      }
      expect(game.state.history).toHaveLength(4);
      const [stored] = await db.rows<{ state: string }>('SELECT state FROM games WHERE id = ?', game.id);
      const stateJson = JSON.parse(stored?.state ?? 'null');
      const rows = await db.rows<{ turn: number; record: string }>(
        'SELECT turn, record FROM turn_history WHERE game_id = ? ORDER BY turn',
        game.id,
      );
      expect(stateJson.history).toEqual([]);
      expect(stateJson.sheets).toEqual({});
      expect(Object.values(game.state.sheets).flatMap((sheet) => Object.keys(sheet))).toHaveLength(4);
      expect(rows.map((row) => row.turn)).toEqual([0, 1, 2, 3]);
      expect(rows.map((row) => JSON.parse(row.record))).toEqual(game.state.history);
      await store.close();
      store = await db.open({ now: () => clock });
      expect((await store.gameById(game.id))?.state).toEqual(game.state);
    });
  });
});
