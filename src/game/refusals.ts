/** Why an action was not accepted. A player's mistake is a value, never an exception. */
export type RefusalCode =
  | 'not-your-turn'
  | 'not-in-game'
  | 'not-host'
  | 'already-joined'
  | 'game-full'
  | 'not-enough-players'
  | 'not-started'
  | 'already-started'
  | 'game-over'
  | 'row-used'
  | 'unknown-row'
  | 'no-rerolls-left'
  | 'all-dice-kept'
  | 'bad-die';

export interface Refusal {
  readonly ok: false;
  readonly code: RefusalCode;
}

export function refuse(code: RefusalCode): Refusal {
  return { ok: false, code };
}
