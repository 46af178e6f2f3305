import type { GameState } from '../src/game/index.js';

/** The actions a virtual person takes that change a game. */
export type LedgerKind = 'join' | 'leave' | 'start' | 'keep' | 'reroll' | 'score';

/** An action whose answer showed it accepted: the board it answered with had moved from `from` to `to`. */
export interface LedgerEntry {
  readonly gameId: number;
  readonly from: number;
  readonly to: number;
  readonly kind: LedgerKind;
  readonly user: string;
  /** For score: the row chosen. */
  readonly row?: string;
  /** For reroll and score: the round the board showed. */
  readonly round?: number;
}

export interface LedgerVerdict {
  readonly games: number;
  readonly acceptedActions: number;
  /** Accepted actions the database does not hold. */
  readonly lost: number;
  /** Actions the database holds more often than they were accepted (beyond the answers never seen). */
  readonly doubled: number;
  /** Games neither finished nor shown, at the end, by `/crag board` at the version the database holds. */
  readonly stuck: number;
  /** The first few discrepancies, in words, to start a search with. */
  readonly details: readonly string[];
}

/** A game as the database holds it at the end (test/e2e/support/database.ts reads them). */
export interface StoredGameState {
  readonly id: number;
  readonly status: string;
  readonly state: GameState;
}

const MAX_DETAILS = 20;

/**
 * What the virtual people know they did: every action whose answer showed it accepted, per game,
 * and how many of their interactions in each game got no answer (those may or may not have been
 * applied). At the end it is held against the database: each accepted action is there once
 * (nothing lost, nothing applied twice), and nothing is there that was neither accepted nor left
 * unanswered.
 */
export class Ledger {
  readonly entries: LedgerEntry[] = [];
  /** The version each game was first seen at (its lobby, or the board Play again posted). */
  private readonly bases = new Map<number, number>();
  private readonly unanswered = new Map<number, number>();
  /** The games with computer seats: their moves are not the people's, so the version count skips them. */
  private readonly withComputers = new Set<number>();
  /** What `/crag board` showed for each game at the end. */
  private readonly shownAtEnd = new Map<number, number>();

  seen(gameId: number, version: number, computers: boolean): void {
    const base = this.bases.get(gameId);
    if (base === undefined || version < base) this.bases.set(gameId, version);
    if (computers) this.withComputers.add(gameId);
  }

  accepted(entry: LedgerEntry): void {
    this.entries.push(entry);
  }

  /** An interaction of this game got no answer in time (or the bot could not say what happened). */
  unknown(gameId: number): void {
    this.unanswered.set(gameId, (this.unanswered.get(gameId) ?? 0) + 1);
  }

  shown(gameId: number, version: number): void {
    this.shownAtEnd.set(gameId, Math.max(version, this.shownAtEnd.get(gameId) ?? 0));
  }

  get acceptedCount(): number {
    return this.entries.length;
  }

  check(stored: readonly StoredGameState[]): LedgerVerdict {
    const details: string[] = [];
    const note = (text: string) => {
      if (details.length < MAX_DETAILS) details.push(text);
    };
    let lost = 0;
    let doubled = 0;
    let stuck = 0;
    const byGame = new Map<number, LedgerEntry[]>();
    for (const entry of this.entries) byGame.set(entry.gameId, [...(byGame.get(entry.gameId) ?? []), entry]);
    const storedById = new Map(stored.map((game) => [game.id, game]));

    for (const [gameId, entries] of byGame) {
      const game = storedById.get(gameId);
      if (!game) {
        lost += entries.length;
        note(`game ${gameId}: ${entries.length} accepted actions, and the game is not in the database`);
        continue;
      }
      const slack = this.unanswered.get(gameId) ?? 0;
      const verdict = checkGame(game, entries, slack, this.bases.get(gameId), !this.withComputers.has(gameId));
      lost += verdict.lost;
      doubled += verdict.doubled;
      for (const text of verdict.details) note(`game ${gameId}: ${text}`);
    }
    for (const game of stored) {
      if (game.status !== 'lobby' && game.status !== 'playing') continue;
      const shown = this.shownAtEnd.get(game.id);
      if (shown !== game.state.version) {
        stuck += 1;
        note(
          `game ${game.id} (${game.status}, version ${game.state.version}) was shown at the end as ${shown ?? 'nothing'}`,
        );
      }
    }
    return { games: stored.length, acceptedActions: this.entries.length, lost, doubled, stuck, details };
  }
}

interface GameVerdict {
  lost: number;
  doubled: number;
  details: string[];
}

/** One game's accepted actions against what the database holds of it. */
export function checkGame(
  game: StoredGameState,
  entries: readonly LedgerEntry[],
  slack: number,
  base: number | undefined,
  peopleOnly: boolean,
): GameVerdict {
  const { state } = game;
  const details: string[] = [];
  let lost = 0;
  let doubled = 0;

  // Two accepted answers for one step of the game: one click applied twice, or one lost and redone.
  const steps = new Map<number, number>();
  for (const entry of entries) steps.set(entry.from, (steps.get(entry.from) ?? 0) + 1);
  for (const [from, count] of steps) {
    if (count > 1) {
      doubled += count - 1;
      details.push(`${count} actions accepted from version ${from}`);
    }
  }
  const reached = Math.max(...entries.map((entry) => entry.to));
  if (reached > state.version) {
    lost += 1;
    details.push(`an answer showed version ${reached}, the database holds ${state.version}`);
  }

  // Seats: who joined and did not leave again is seated, and nobody else who was not seated at first.
  const seated = new Set(state.seats.filter((seat) => !seat.computer).map((seat) => seat.playerId));
  const expected = new Map<string, boolean>();
  for (const entry of entries) {
    if (entry.kind === 'join') expected.set(entry.user, true);
    if (entry.kind === 'leave') expected.set(entry.user, false);
  }
  for (const [user, inGame] of expected) {
    if (inGame !== seated.has(user)) {
      lost += 1;
      details.push(`${user} should ${inGame ? '' : 'not '}be seated`);
    }
  }

  // Rows: each accepted score is on its sheet; no row of a person is there that they did not choose.
  const timedOut = new Set(
    state.history.filter((turn) => turn.timedOut).map((turn) => `${turn.playerId}:${turn.category}`),
  );
  const scored = new Set(entries.filter((e) => e.kind === 'score').map((entry) => `${entry.user}:${entry.row}`));
  for (const key of scored) {
    const [user, row] = key.split(':') as [string, string];
    if (!(state.sheets[user] as Record<string, unknown> | undefined)?.[row]) {
      lost += 1;
      details.push(`${user}'s ${row} was accepted and is not on the sheet`);
    }
  }
  // Every person in the soak is a virtual one of the driver; the computers' moves are not in the ledger.
  const computers = new Set(state.seats.filter((seat) => seat.computer).map((seat) => seat.playerId));
  let unexplained = 0;
  for (const [user, sheet] of Object.entries(state.sheets)) {
    if (computers.has(user)) continue;
    for (const row of Object.keys(sheet)) {
      const key = `${user}:${row}`;
      if (!scored.has(key) && !timedOut.has(key)) unexplained += 1;
    }
  }

  // Rerolls: as many in each turn as were accepted.
  const rerolls = new Map<string, number>();
  for (const turn of state.history) rerolls.set(`${turn.playerId}:${turn.round}`, turn.rolls.length - 1);
  const current = state.seats[state.currentSeat];
  if (state.status === 'playing' && state.turn && current) {
    rerolls.set(`${current.playerId}:${state.round}`, state.turn.rolls.length - 1);
  }
  const acceptedRerolls = new Map<string, number>();
  for (const entry of entries.filter((e) => e.kind === 'reroll')) {
    const key = `${entry.user}:${entry.round}`;
    acceptedRerolls.set(key, (acceptedRerolls.get(key) ?? 0) + 1);
  }
  for (const [key, count] of acceptedRerolls) {
    const held = rerolls.get(key) ?? 0;
    if (held < count) {
      lost += count - held;
      details.push(`${key}: ${count} rerolls accepted, ${held} held`);
    }
  }
  for (const [key, held] of rerolls) {
    const count = acceptedRerolls.get(key) ?? 0;
    if (held > count && !computers.has(key.split(':')[0] ?? '')) unexplained += held - count;
  }

  // Every action moves the version by one: with people only, the versions the game went through
  // are the accepted actions, the time-outs, its end when nobody played it to the end, and at most
  // the interactions that got no answer.
  if (peopleOnly && base !== undefined) {
    const timeOuts = state.history.filter((turn) => turn.timedOut).length;
    const ended = state.endReason && state.endReason !== 'completed' ? 1 : 0;
    const extra = state.version - base - entries.length - timeOuts - ended;
    if (extra < 0) {
      lost += -extra;
      details.push(`${-extra} versions fewer than the accepted actions (version ${state.version}, base ${base})`);
    } else if (extra > slack) unexplained = Math.max(unexplained, extra);
  }
  if (unexplained > slack) {
    doubled += unexplained - slack;
    details.push(`${unexplained} changes neither accepted nor unanswered (${slack} unanswered)`);
  }
  return { lost, doubled, details };
}
