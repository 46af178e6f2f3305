import { describe, expect, it } from 'vitest';
import { callbackInteractionId, restRouteTemplate } from '../../src/ops/rest-route.js';

describe('REST paths as metric labels', () => {
  it.each([
    ['/channels/123456789012345678/messages/223456789012345678', '/channels/:id/messages/:id'],
    ['/interactions/123456789012345678/aW50ZXJhY3Rpb246dG9rZW4/callback', '/interactions/:id/:token/callback'],
    ['/interactions/1/aW50ZXJhY3Rpb246dG9rZW4/callback?with_response=true', '/interactions/:id/:token/callback'],
    ['/interactions/1/aW50ZXJhY3Rpb246dG9rZW4/callbacks', '/interactions/:id/:token/callbacks'],
    [
      '/webhooks/123456789012345678/aW50ZXJhY3Rpb246dG9rZW4/messages/@original',
      '/webhooks/:id/:token/messages/@original',
    ],
    ['/channels/1/messages/2/reactions/%F0%9F%8E%B2/@me', '/channels/:id/messages/:id/reactions/:emoji/@me'],
    ['/applications/1/emojis?with=1', '/applications/:id/emojis'],
    ['/gateway/bot', '/gateway/bot'],
  ])('%s → %s', (path, template) => {
    expect(restRouteTemplate(path)).toBe(template);
  });

  it('finds the interaction a callback answers, and nothing else', () => {
    expect(callbackInteractionId('/interactions/42/tok/callback')).toBe('42');
    expect(callbackInteractionId('/interactions/42/tok/callback?with_response=true')).toBe('42');
    expect(callbackInteractionId('/webhooks/42/tok/messages/@original')).toBeUndefined();
  });
});
