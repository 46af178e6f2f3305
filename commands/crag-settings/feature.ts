import { control, type Feature } from '../../src/bot/feature.js';
import { buildCragSettingsCommand } from './definition.js';
import { confirmReset, cragSettingsCommand } from './handler.js';
import { decodeResetId } from './reset-id.js';

/** `/crag-settings` and the confirmation button of its reset. */
export const cragSettingsFeature: Feature = {
  name: 'crag-settings',
  commands: [
    {
      name: 'crag-settings',
      definition: buildCragSettingsCommand,
      answersOf: () => 'private',
      handle: cragSettingsCommand,
    },
  ],
  controls: [control({ prefix: 'crag-settings', decode: decodeResetId, handle: confirmReset })],
};
