import type { Problem } from '../src/emulator/index.js';

/**
 * The one refusal a bot of several processes meets by design: shards starting at the same moment
 * on an application without its die emojis may both upload a face, and the second upload is
 * refused as a name already taken. That shard reads the list again (src/bot/dice-emojis.ts). A 400
 * is not among the statuses Discord counts towards its ban on invalid requests (401, 403, 429).
 */
export function isDieEmojiRace(problem: Problem): boolean {
  return (
    problem.route === '/applications/:appId/emojis' &&
    JSON.stringify(problem.errors ?? {}).includes('APPLICATION_EMOJI_NAME_ALREADY_TAKEN')
  );
}
