import type { GameState, RandomInt, Rules } from '../src/game/index.js';
import { ruleSetKey } from '../src/stats/rule-sets.js';
import { finishedGame } from './simulate.js';

/** A person of the generated history: a Discord id and the display name they play under. */
export interface Person {
  readonly id: string;
  readonly name: string;
}

/** An 18-digit id, like a Discord snowflake, unique by kind (9 servers, 8 channels, 1 people) and number. */
export function snowflake(kind: number, n: number): string {
  return `${kind}${String(n).padStart(17, '0')}`;
}

/** `count` different items of `from`, drawn at random: the people a generated game seats. */
export function pick<T>(from: readonly T[], count: number, random: RandomInt): T[] {
  const left = [...from];
  return Array.from({ length: count }, () => left.splice(random(left.length), 1)[0]!);
}

/** How many distinct games are simulated per rule set and table size; the history reuses them. */
const TEMPLATES_PER_KIND = 64;

/**
 * Finished games for the generated history. Simulating a game costs about as much as the analysis
 * the store runs when it counts one, so a pool of simulated games per rule set and table size is
 * reused, each time with other people seated: every stored game is a real game of the engine, and
 * the store still analyses every one of them.
 */
export class GameTemplates {
  private readonly pools = new Map<string, GameState[]>();

  constructor(private readonly random: RandomInt) {}

  /** A finished game of `rules` with `people` seated in that order, the first hosting. */
  game(rules: Rules, people: readonly Person[]): GameState {
    const key = `${ruleSetKey(rules)} ${people.length}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const seats = people.map((_, index) => `seat-${index}`);
      pool = Array.from({ length: TEMPLATES_PER_KIND }, () => finishedGame(seats, rules, this.random));
      this.pools.set(key, pool);
    }
    const template = pool[this.random(pool.length)]!;
    return seatedAs(template, people);
  }
}

/** `template` with its seats taken by `people`, seat for seat, names and all. */
function seatedAs(template: GameState, people: readonly Person[]): GameState {
  const byId = new Map(template.seats.map((seat, index) => [seat.playerId, people[index]!]));
  const id = (playerId: string) => byId.get(playerId)?.id ?? playerId;
  return {
    ...template,
    hostId: id(template.hostId),
    seats: template.seats.map((seat) => {
      const person = byId.get(seat.playerId);
      return person ? { ...seat, playerId: person.id, name: person.name } : seat;
    }),
    sheets: Object.fromEntries(Object.entries(template.sheets).map(([playerId, sheet]) => [id(playerId), sheet])),
    history: template.history.map((turn) => ({ ...turn, playerId: id(turn.playerId) })),
  };
}
