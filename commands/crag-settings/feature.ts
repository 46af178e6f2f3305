import { control, type Feature } from '../../src/bot/feature.js';
import { refused } from '../../src/bot/outcome.js';
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
      // A server's own settings: nowhere else (docs/anywhere.md).
      reachOf: () => 'crag-server',
      handle: async (ctx, interaction) =>
        interaction.inGuild() ? cragSettingsCommand(ctx, interaction) : refused('refusal.crag-server-only'),
    },
  ],
  controls: [control({ prefix: 'crag-settings', decode: decodeResetId, handle: confirmReset })],
};
