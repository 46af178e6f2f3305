import type { EmojiStore } from '../emojis.js';
import { DiscordError } from '../errors.js';
import { json, NO_CONTENT, type RestRequest, type Router } from '../http/router.js';
import type { ApplicationRecord } from '../world.js';
import { appOf, param } from './context.js';

/** Application emojis (docs/resources/emoji.mdx): what `client.application.emojis` calls. */
export function addEmojiRoutes(router: Router, emojis: EmojiStore): void {
  /** Only the app's own bot manages its emojis; another app's id answers Missing Access. */
  const ownApp = (request: RestRequest): ApplicationRecord => {
    const app = appOf(request);
    if (param(request, 'appId') !== app.id) throw DiscordError.missingAccess();
    return app;
  };

  router.add('GET', '/applications/:appId/emojis', (request) =>
    json({ items: emojis.list(ownApp(request).id).map((emoji) => emojis.json(emoji)) }),
  );
  router.add('POST', '/applications/:appId/emojis', (request) =>
    json(emojis.json(emojis.create(ownApp(request), request.body)), 201),
  );
  router.add('GET', '/applications/:appId/emojis/:emojiId', (request) =>
    json(emojis.json(emojis.get(ownApp(request).id, param(request, 'emojiId')))),
  );
  router.add('PATCH', '/applications/:appId/emojis/:emojiId', (request) =>
    json(emojis.json(emojis.rename(ownApp(request).id, param(request, 'emojiId'), request.body))),
  );
  router.add('DELETE', '/applications/:appId/emojis/:emojiId', (request) => {
    emojis.delete(ownApp(request).id, param(request, 'emojiId'));
    return NO_CONTENT;
  });
}
