import type { GamePlan } from './drive-game.js';

/** The table and players of the save-streaming child process (save-stream.child.ts). */
export const STREAM_TABLE = { guildId: '900000000000000077', channelId: '910000000000000077' } as const;

const HUMANS = ['100000000000000071', '100000000000000072'];

/** Before the game has an id: what the lobby is created from. */
export const STREAM_OPENING: GamePlan = { seed: 0, humans: HUMANS, computers: ['easy'] };

/** How game `gameId` is played: seeded by its id, and every third game is cancelled midway. */
export function streamPlan(gameId: number): GamePlan {
  return {
    ...STREAM_OPENING,
    seed: gameId,
    ...(gameId % 3 === 0 ? { cancelAtRound: 6 } : {}),
  };
}
