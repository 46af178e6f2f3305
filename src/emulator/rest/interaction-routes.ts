import type { RestRequest, Router } from '../http/router.js';
import type { InteractionResponder } from '../interactions/responses.js';
import { param } from './context.js';

/** Interaction callbacks and the interaction webhook; discord.js sends these without Authorization. */
export function addInteractionRoutes(router: Router, responder: InteractionResponder): void {
  router.add(
    'POST',
    '/interactions/:interactionId/:token/callback',
    (request) =>
      responder.callback(
        param(request, 'interactionId'),
        param(request, 'token'),
        request.body,
        request.query.get('with_response') === 'true',
        request.files,
      ),
    { auth: false },
  );

  const interaction = (request: RestRequest) =>
    responder.webhookInteraction(param(request, 'appId'), param(request, 'token'));

  router.add(
    'POST',
    '/webhooks/:appId/:token',
    (request) =>
      responder.followUp(interaction(request), request.body, request.files, request.query.get('wait') === 'true'),
    { auth: false },
  );

  for (const messageRef of ['@original', ':messageId']) {
    const template = `/webhooks/:appId/:token/messages/${messageRef}`;
    const ref = (request: RestRequest) => (messageRef === '@original' ? '@original' : param(request, 'messageId'));
    router.add('GET', template, (request) => responder.getMessage(interaction(request), ref(request)), { auth: false });
    router.add(
      'PATCH',
      template,
      (request) => responder.editMessage(interaction(request), ref(request), request.body, request.files),
      { auth: false },
    );
    router.add('DELETE', template, (request) => responder.deleteMessage(interaction(request), ref(request)), {
      auth: false,
    });
  }
}
