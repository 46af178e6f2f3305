import type { APIMessage } from 'discord-api-types/v10';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { MessageKey } from '../../../src/i18n/keys.js';
import type { MessageParams } from '../../../src/i18n/message.js';
import type { Person } from '../../../src/playground/protocol.js';
import type { SendAction } from './use-live-channel.js';

/** What every part of a drawn message may need: names for mentions, the words, and how to act. */
export interface RenderContext {
  readonly you: Person;
  readonly locale: string;
  readonly t: (id: MessageKey, vars?: MessageParams) => string;
  /** User id → display name, for mentions and authors. */
  readonly names: ReadonlyMap<string, string>;
  readonly send: SendAction;
  /** "messageId customId" of clicks and choices waiting for the bot. */
  readonly pendingControls: ReadonlySet<string>;
  /** False while the page has no live connection: nothing can be clicked. */
  readonly live: boolean;
  readonly messageById: (id: string) => APIMessage | undefined;
  /** The server and channel this page shows: a message link there is followed in the page. */
  readonly place: { readonly guildId: string; readonly channelId: string };
  /** Scrolls to a message of this channel and highlights it, as Discord's client does; false if it is not here. */
  readonly jumpTo: (messageId: string) => boolean;
  /** The message a link just jumped to, highlighted for a moment. */
  readonly highlighted: string | null;
}

export const RenderContextValue = createContext<RenderContext | null>(null);

export function useRender(): RenderContext {
  const context = useContext(RenderContextValue);
  if (!context) throw new Error('rendered outside the playground');
  return context;
}

export function pendingKey(messageId: string, customId: string): string {
  return `${messageId} ${customId}`;
}
