import { anywhereControl, type Feature } from '../src/bot/feature.js';
import { decodeShareId } from '../src/bot/share-id.js';
import { buildCragCommand } from './crag.js';
import { answersOf, handleCommand, privatelyOf, reachOf } from './handle-command.js';
import { shareStats } from './share-stats.js';
import { SUBCOMMANDS } from './subcommands.js';

/** `/crag` and its subcommands, with the Share button `/crag stats` draws under a person's card. */
export const cragFeature: Feature = {
  name: 'crag',
  commands: [
    {
      name: 'crag',
      definition: (languages) => buildCragCommand(languages, SUBCOMMANDS).toJSON(),
      answersOf,
      reachOf,
      privatelyOf,
      handle: handleCommand,
    },
  ],
  controls: [anywhereControl({ prefix: 'crag-share', decode: decodeShareId, handle: shareStats })],
};
