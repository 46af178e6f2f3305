import type { Group } from '../define.js';

/**
 * `/crag daily …`: a subcommand group, since Discord cannot invoke a group by itself (`/crag daily`
 * alone is not a command).
 */
export const DAILY_GROUP: Group = {
  name: 'daily',
  nameKey: 'command.daily.name',
  descriptionKey: 'command.daily.description',
};
