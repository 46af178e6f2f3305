import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TurnScheduler } from '../../src/bot/scheduler.js';
import { createGame, DEFAULT_RULES, type GameState } from '../../src/game/index.js';
import type { StoredGame } from '../../src/store/index.js';
import { play } from './play.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const NOW = 1_700_000_000_000;
const GUILD = '900000000000000001';

function stored(id: number, state: GameState, turnDeadline: number | null): StoredGame {
  return {
    id,
    guildId: '900000000000000001',
    channelId: '910000000000000001',
    seriesId: 1,
    seriesGameNumber: 1,
    boardMessageId: null,
    turnTimerSeconds: 60,
    hintsEnabled: true,
    pingsEnabled: true,
    pingMessageId: null,
    viaWebhooks: false,
    turnDeadline,
    updatedAt: NOW,
    lastActionAt: NOW,
    state,
  };
}

const lobby = createGame(ALICE, DEFAULT_RULES);
const twoPlayers = play(lobby, [
  { type: 'join', playerId: BOB },
  { type: 'start', playerId: ALICE },
]);
const againstComputer = play(lobby, [
  { type: 'add-computer', playerId: ALICE, level: 'easy' },
  { type: 'start', playerId: ALICE },
]);
// The computer sits second: after Alice's first turn it is the computer's move.
const computersTurn = play(againstComputer, [
  { type: 'reroll', playerId: ALICE },
  { type: 'score', playerId: ALICE, category: 'ones' },
]);

/** A scheduler on a frozen clock that records what fell due. */
function scheduler(computerPauseMs = 5) {
  const due: [number, number][] = [];
  const turns = new TurnScheduler({
    onDue: async (gameId, version) => {
      due.push([gameId, version]);
      return undefined;
    },
    now: () => NOW,
    computerPauseMs,
  });
  return { turns, due };
}

describe('TurnScheduler', () => {
  it("fires a person's turn at its deadline with the version it was armed for", async () => {
    const { turns, due } = scheduler();
    turns.arm(stored(1, twoPlayers, NOW + 20));
    await sleep(5);
    expect(due).toEqual([]);
    await sleep(60);
    expect(due).toEqual([[1, twoPlayers.version]]);
  });

  it("fires a computer's move after the pause, deadline or not", async () => {
    const { turns, due } = scheduler(5);
    expect(computersTurn.seats[computersTurn.currentSeat]?.computer).toBe('easy');
    turns.arm(stored(2, computersTurn, null));
    await sleep(50);
    expect(due).toEqual([[2, computersTurn.version]]);
  });

  it('keeps one timer per game: arming again replaces it', async () => {
    const { turns, due } = scheduler();
    turns.arm(stored(1, twoPlayers, NOW + 10));
    const later = play(twoPlayers, [{ type: 'toggle-keep', playerId: ALICE, die: 0 }]);
    turns.arm(stored(1, later, NOW + 30));
    await sleep(80);
    expect(due).toEqual([[1, later.version]]);
  });

  it('re-arms the turns a restart lists: a deadline already past falls due at once', async () => {
    const { turns, due } = scheduler(5);
    const armed = turns.armAll([
      { gameId: 1, guildId: GUILD, version: 7, computerToMove: false, turnDeadline: NOW - 1_000 },
      { gameId: 2, guildId: GUILD, version: 9, computerToMove: true, turnDeadline: null },
      { gameId: 3, guildId: GUILD, version: 4, computerToMove: false, turnDeadline: null },
      { gameId: 4, guildId: GUILD, version: 2, computerToMove: false, turnDeadline: NOW + 60_000 },
    ]);
    expect(armed).toBe(4);
    await sleep(50);
    expect(due.sort()).toEqual([
      [1, 7],
      [2, 9],
    ]);
    turns.stop();
  });

  it('arms nothing for a lobby or a stopped scheduler, and stop() clears what was armed', async () => {
    const { turns, due } = scheduler();
    turns.arm(stored(1, lobby, NOW));
    turns.arm(stored(2, twoPlayers, NOW + 20));
    turns.stop();
    turns.arm(stored(3, twoPlayers, NOW));
    await sleep(60);
    expect(due).toEqual([]);
  });

  it('does not keep the game it was armed with in memory', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { turns } = scheduler();
    let game: StoredGame | undefined = stored(1, twoPlayers, NOW + 60_000);
    const kept = new WeakRef(game);
    turns.arm(game);
    game = undefined;
    await sleep(0);
    gc();
    expect(kept.deref()).toBeUndefined();
    turns.stop();
  });

  it('reports a due turn that fails and tries it again with a growing pause, never escaping to the event loop', async () => {
    const failures: { gameId: number; version: number; retryInMs: number }[] = [];
    let calls = 0;
    const turns = new TurnScheduler({
      onDue: async () => {
        calls += 1;
        if (calls <= 3) throw new Error(`database is locked (${calls})`);
        return undefined;
      },
      now: () => NOW,
      computerPauseMs: 5,
      onFailure: (_error, context) => failures.push(context),
      firstRetryMs: 10,
      maxRetryMs: 25,
    });
    turns.arm(stored(1, computersTurn, null));
    await sleep(200);
    expect(calls).toBe(4);
    expect(failures).toEqual([
      { gameId: 1, version: computersTurn.version, retryInMs: 10 },
      { gameId: 1, version: computersTurn.version, retryInMs: 20 },
      { gameId: 1, version: computersTurn.version, retryInMs: 25 },
    ]);
    turns.stop();
  });

  it('drops a failing retry once play moves on, and forgets the failures', async () => {
    const due: number[] = [];
    const turns = new TurnScheduler({
      onDue: async (_gameId, version) => {
        due.push(version);
        if (version === computersTurn.version) throw new Error('REST 500');
        return undefined;
      },
      now: () => NOW,
      computerPauseMs: 5,
      firstRetryMs: 30,
    });
    turns.arm(stored(1, computersTurn, null));
    await sleep(15);
    expect(due).toEqual([computersTurn.version]);
    // A click moved the game on before the retry: the new turn's timer replaces it.
    const next = { ...computersTurn, version: computersTurn.version + 1 };
    turns.arm(stored(1, next, null));
    await sleep(80);
    expect(due).toEqual([computersTurn.version, next.version]);
    turns.stop();
  });
});
