import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { cragCommand } from './crag.js';

export { DEFAULT_TURN_TIMER_MINUTES, END_GAME_PERMISSION, MAX_TURN_TIMER_MINUTES } from './crag.js';

/** Every application command, as the JSON that the deploy script registers. */
export function commandDefinitions(): RESTPostAPIApplicationCommandsJSONBody[] {
  return [cragCommand.toJSON()];
}
