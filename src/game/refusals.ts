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

/** An action the engine refused, and why (the bot's refusals to people are src/bot/outcome.ts's). */
export interface ActionRefusal {
  readonly ok: false;
  readonly code: RefusalCode;
}

export function refuse(code: RefusalCode): ActionRefusal {
  return { ok: false, code };
}
