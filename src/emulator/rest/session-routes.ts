import { DiscordError } from '../errors.js';
import { json, type Router } from '../http/router.js';
import { applicationJson, channelJson, currentUserJson, userJson } from '../payloads.js';
import { isObject } from '../validation/fields.js';
import { appOf, param, type RestContext } from './context.js';

const GUILDS_PER_RECOMMENDED_SHARD = 1_000;

/** What a bot touches to log in and learn about itself: gateway info, users, its application. */
export function addSessionRoutes(router: Router, context: RestContext): void {
  const { world } = context;

  router.add('GET', '/gateway', () => json({ url: context.gatewayUrl() }), { auth: false });

  router.add('GET', '/gateway/bot', (request) =>
    json({
      url: context.gatewayUrl(),
      // Discord recommends about one shard per 1,000 guilds (a shard may hold 2,500).
      shards: Math.max(1, Math.ceil(world.guildsOfBot(appOf(request).botUserId).length / GUILDS_PER_RECOMMENDED_SHARD)),
      session_start_limit: {
        total: 1000,
        remaining: 1000,
        reset_after: 0,
        max_concurrency: context.maxConcurrency,
      },
    }),
  );

  // With a person's Bearer token (OAuth2, scope identify), the person; with the bot token, the bot.
  router.add('GET', '/users/@me', (request) =>
    json(currentUserJson(world.requireUser(request.bearer ? request.bearer.userId : appOf(request).botUserId))),
  );

  router.add('GET', '/users/:userId', (request) => {
    const user = world.users.get(param(request, 'userId'));
    if (!user) throw DiscordError.unknownUser();
    return json(userJson(user));
  });

  router.add('POST', '/users/@me/channels', (request) => {
    const recipientId = isObject(request.body) ? String(request.body.recipient_id ?? '') : '';
    if (!world.users.has(recipientId)) {
      throw DiscordError.formError(['recipient_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    }
    return json(channelJson(world, world.dmChannel(recipientId, appOf(request).botUserId)));
  });

  router.add('GET', '/applications/@me', (request) => json(applicationJson(world, appOf(request))));
  router.add('GET', '/oauth2/applications/@me', (request) => json(applicationJson(world, appOf(request))));
}
