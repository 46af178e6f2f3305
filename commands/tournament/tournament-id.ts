/**
 * The controls of a tournament's sign-up message and round announcements:
 * `crag-tour:1:<tournament id>:<action>`. The tournament is read from the store at every press,
 * so a button drawn long ago acts on the tournament as it is now.
 */
export const TOURNAMENT_PREFIX = 'crag-tour';

export const TOURNAMENT_ACTIONS = ['join', 'leave', 'start', 'cancel', 'remove', 'drop', 'play'] as const;
export type TournamentAction = (typeof TOURNAMENT_ACTIONS)[number];

export interface TournamentId {
  readonly tournamentId: number;
  readonly action: TournamentAction;
}

const ID = /^crag-tour:1:(\d{1,15}):([a-z]+)$/;

export function encodeTournamentId(tournamentId: number, action: TournamentAction): string {
  return `${TOURNAMENT_PREFIX}:1:${tournamentId}:${action}`;
}

export function decodeTournamentId(customId: string): TournamentId | undefined {
  const match = ID.exec(customId);
  const action = match?.[2] as TournamentAction | undefined;
  if (!match?.[1] || !action || !TOURNAMENT_ACTIONS.includes(action)) return undefined;
  return { tournamentId: Number(match[1]), action };
}
