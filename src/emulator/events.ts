import type { ServedRequest } from './http/server.js';
import type { InteractionOutcome } from './interactions/registry.js';
import type { EmulatedMessage } from './messages.js';
import type { Problem } from './problems.js';

/** What the emulator tells whoever watches it (`discord.on(...)`). */
export interface EmulatorEvents {
  messageCreate: [message: EmulatedMessage, info: MessageInfo];
  messageUpdate: [message: EmulatedMessage, info: MessageInfo];
  messageDelete: [message: EmulatedMessage, info: MessageInfo];
  interactionSettled: [outcome: InteractionOutcome];
  problem: [problem: Problem];
  botReady: [appId: string];
  botResumed: [appId: string];
  botDisconnected: [appId: string, closeCode: number];
  /** Every answered request to a known route, with the guild it concerns when its path names one. */
  restRequest: [request: RestRequestView];
}

/** Where a message lives and who sees it, alongside its JSON in message events. */
export interface MessageInfo {
  channelId: string;
  guildId: string | null;
  /** Ephemeral messages: the only user who sees it. */
  visibleTo: string | null;
  /** The interaction that produced it (response or follow-up). */
  interactionId: string | null;
  /** Users the message notified when it appeared (content and Text Display mentions, per allowed_mentions). */
  mentionsDelivered: readonly string[];
}

export interface RestRequestView extends ServedRequest {
  /** The guild of the route's guild, channel or interaction (its id or its webhook token); null if none. */
  guildId: string | null;
}
