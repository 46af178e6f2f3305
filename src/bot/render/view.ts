import type { GameState } from '../../game/index.js';

/** The per-game settings that are not part of the rules engine's state. */
export interface GameSettings {
  readonly turnTimerMinutes: number;
  readonly hintsEnabled: boolean;
  /** Whether the player whose turn begins is pinged (games from before the choice are stored with it on). */
  readonly pingsEnabled: boolean;
}

/** Running totals of the back-to-back games in one channel, for the final board. */
export interface SeriesSummary {
  /** This game's number in the series, from 1. */
  readonly gameNumber: number;
  readonly totals: readonly { playerId: string; total: number; games: number; wins: number }[];
}

/** Everything a renderer needs to draw a game. */
export interface GameView {
  readonly gameId: number;
  readonly state: GameState;
  readonly settings: GameSettings;
  /** When the current turn times out (epoch ms), or null. */
  readonly turnDeadline: number | null;
  readonly series?: SeriesSummary;
  /** A finished game whose series has moved on to the next game: no "Play again" any more. */
  readonly nextGameStarted?: boolean;
  /** The server's house rules (its /crag-settings) filled in or limited the game's settings. */
  readonly fromServer?: boolean;
  /** The game's channel is a voice channel whose Activity this bot serves: the lobby offers Play at the table. */
  readonly atTable?: boolean;
  /**
   * Drawn through a token about to run out, where the bot is not a member: the board says it will
   * wait and shows "Bring the game back" (docs/anywhere.md).
   */
  readonly waiting?: boolean;
}
