import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { type Languages, loadLanguages } from '../src/i18n/index.js';
import { buildCragCommand } from './crag.js';
import { buildCragSettingsCommand } from './crag-settings/definition.js';

export {
  DEFAULT_TURN_TIMER_MINUTES,
  END_GAME_PERMISSION,
  MANAGE_STATS_PERMISSION,
  MAX_TURN_TIMER_MINUTES,
  MIN_GAMES_FOR_AVERAGE,
} from './crag.js';

/** Every application command, as the JSON that the deploy script registers, in every catalogue's language. */
export function commandDefinitions(languages: Languages = loadLanguages()): RESTPostAPIApplicationCommandsJSONBody[] {
  return [buildCragCommand(languages).toJSON(), buildCragSettingsCommand(languages)];
}
