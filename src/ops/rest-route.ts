const CALLBACK = /^\/interactions\/(\d+)\/[^/]+\/callback(?:$|\?)/;
const CALLBACK_TEMPLATE = '/interactions/:id/:token/callback';

/**
 * A REST path as a route template for a metric label: ids become `:id` and interaction or webhook
 * tokens `:token`, so a label never carries a token or whose message it was, and the number of
 * label values stays that of the routes the bot uses.
 */
export function restRouteTemplate(path: string): string {
  // Nearly every request is an interaction's callback: its template comes without taking it apart.
  if (CALLBACK.test(path)) return CALLBACK_TEMPLATE;
  const parts = path.split('?')[0]?.split('/') ?? [];
  const out: string[] = [];
  for (const [index, part] of parts.entries()) {
    const previous = parts[index - 1];
    const beforeThat = parts[index - 2];
    if (/^\d+$/.test(part)) out.push(':id');
    else if ((beforeThat === 'interactions' || beforeThat === 'webhooks') && previous && /^\d+$/.test(previous)) {
      out.push(':token');
    } else if (previous === 'reactions') out.push(':emoji');
    else out.push(part);
  }
  return out.join('/');
}

/** The interaction a callback path answers (`/interactions/:id/:token/callback`), if it is one. */
export function callbackInteractionId(path: string): string | undefined {
  return CALLBACK.exec(path)?.[1];
}
