import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { pageTranslator } from '../src/lib/page-words.js';
import { type RenderContext, RenderContextValue } from '../src/ui/render-context.js';

export const ALICE = { id: '100000000000000001', username: 'alice', locale: 'en-US' };
export const BOB = { id: '100000000000000002', username: 'bob', locale: 'en-US' };
export const BOT = { id: '100000000000000009', username: 'Crag' };
export const GUILD_ID = '100000000000000010';
export const CHANNEL_ID = '100000000000000011';

/** What a page for alice provides to every drawn message, without a live connection. */
export function renderContext(overrides: Partial<RenderContext> = {}): RenderContext {
  const words = pageTranslator('en-US');
  return {
    you: ALICE,
    locale: 'en-US',
    t: (id, vars) => words.t(id, vars),
    names: new Map([
      [ALICE.id, ALICE.username],
      [BOB.id, BOB.username],
      [BOT.id, BOT.username],
    ]),
    send: () => {},
    pendingControls: new Set(),
    live: true,
    messageById: () => undefined,
    place: { guildId: GUILD_ID, channelId: CHANNEL_ID },
    jumpTo: () => false,
    highlighted: null,
    ...overrides,
  };
}

/** The HTML a component draws for alice. */
export function html(children: ComponentChildren, overrides: Partial<RenderContext> = {}): string {
  return renderToString(
    <RenderContextValue.Provider value={renderContext(overrides)}>{children}</RenderContextValue.Provider>,
  );
}
