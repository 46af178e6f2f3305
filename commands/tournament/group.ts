import type { Group } from '../define.js';

/** `/crag tournament …`: a subcommand group (`/crag tournament` alone is not a command). */
export const TOURNAMENT_GROUP: Group = {
  name: 'tournament',
  nameKey: 'command.tournament.name',
  descriptionKey: 'command.tournament.description',
};
