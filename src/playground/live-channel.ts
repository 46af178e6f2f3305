import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIApplicationCommand, APIMessage } from 'discord-api-types/v10';
import type { WebSocket } from 'ws';
import {
  type ChannelHandle,
  type EmulatedMessage,
  type Emulator,
  ImpossibleActionError,
  type InteractionOutcome,
  type MessageInfo,
} from '../emulator/index.js';
import { CONTENT_LIMIT } from '../emulator/validation/message-body.js';
import { EdgeSockets, type SocketSession } from '../net/sockets.js';
import { parseClientAction } from './client-action.js';
import { MessagePace } from './message-pace.js';
import type { PlaygroundLocales } from './playground-locales.js';
import type { PlaygroundWorld } from './playground-world.js';
import type { ActionResult, BotStatus, ClientAction, Hello, PageChannel, Person, ServerEvent } from './protocol.js';

/** How much history a (re)connecting page gets; Discord's client also loads only the latest. */
const HISTORY_SENT = 200;
/** The largest frame a page may send: a message far beyond Discord's length still gets its answer. */
const MAX_FRAME_BYTES = 64 * 1024;
/**
 * A page whose socket holds this much unsent data is not reading (a stalled tab, a script): it is
 * disconnected rather than have every later event pile up in memory for it. A whole hello with
 * 200 messages is far below it; the page reconnects and starts from a fresh hello.
 */
export const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

interface Viewer {
  readonly socket: WebSocket;
  /** Who this page acts as; their locale is read from PlaygroundLocales, which may change it. */
  readonly personId: string;
  /** The channel this page shows and acts in. */
  readonly channelId: string;
}

/**
 * The page's live view of a playground channel (#crag, or the text chat of the voice channel
 * "Crag table"): each WebSocket acts as one person in one channel, receives
 * every change to the messages that person can see there (ephemeral ones only their own), the bot's
 * status and the commands, and sends that person's clicks, choices and commands to the emulator's
 * virtual users — the same path the end-to-end tests use.
 */
export class LiveChannel {
  // A page of one person in a few tabs, all from 127.0.0.1; a person clicks and types far below the rate.
  readonly #sockets = new EdgeSockets({
    maxMessageBytes: MAX_FRAME_BYTES,
    maxUnsentBytes: MAX_UNSENT_BYTES,
    maxSocketsPerIp: 64,
    idleTimeoutMs: 24 * 60 * 60_000,
  });
  readonly #viewers = new Set<Viewer>();
  readonly #pace = new MessagePace();
  readonly #channels: readonly PageChannel[];
  #botStatus: BotStatus = 'starting';

  constructor(
    private readonly discord: Emulator,
    private readonly world: PlaygroundWorld,
    private readonly locales: PlaygroundLocales,
    /** The voice channel "Crag table", whose text chat the page shows beside its Activity. */
    voice: ChannelHandle,
  ) {
    this.#channels = [
      { id: world.channel.id, name: world.channel.name, kind: 'text' },
      { id: voice.id, name: voice.name, kind: 'voice' },
      ...(world.groupDm
        ? [
            {
              id: world.groupDm.id,
              name: world.groupDm.name,
              kind: 'group-dm',
              recipients: world.groupDm.memberIds,
            } as const,
          ]
        : []),
    ];
    const forward = (message: EmulatedMessage, info: MessageInfo) =>
      this.#toViewersOf(info, { type: 'message', message: asApiMessage(message) });
    discord.on('messageCreate', forward);
    discord.on('messageUpdate', forward);
    discord.on('messageDelete', (message, info) => this.#toViewersOf(info, { type: 'message-delete', id: message.id }));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#sockets.accept(request, socket, head, (ws, upgraded) => this.#connect(ws, upgraded));
  }

  setBotStatus(status: BotStatus): void {
    if (status === this.#botStatus) return;
    this.#botStatus = status;
    this.#broadcast({ type: 'bot-status', status });
  }

  /** After (re)registration the pages offer the new commands. */
  commandsChanged(): void {
    for (const viewer of this.#viewers)
      this.#send(viewer.socket, { type: 'commands', commands: this.#commands(viewer) });
  }

  /** Closes every page's socket with "going away": the pages reconnect to the next playground. */
  close(): void {
    this.#sockets.close(1001, 'the playground is stopping');
  }

  #connect(socket: WebSocket, request: IncomingMessage): SocketSession {
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
    const wanted = query.get('as')?.trim().toLowerCase();
    // `?channel=voice` shows the voice channel's chat (by kind: its id changes at each start),
    // `?channel=group-dm` the group DM "friends"; else #crag.
    const channel = this.#channels.find((candidate) => candidate.kind === query.get('channel')) ?? this.#channels[0];
    if (!channel) {
      socket.close(1011, 'no channel');
      return { message: () => undefined };
    }
    const people = this.locales.people;
    const person =
      people.find((candidate) => candidate.username.toLowerCase() === wanted) ??
      this.locales.person(this.world.owner.id) ??
      this.world.owner;
    const viewer: Viewer = { socket, personId: person.id, channelId: channel.id };
    this.#viewers.add(viewer);
    const hello: Hello = {
      type: 'hello',
      you: person,
      unknownPerson: wanted && wanted !== person.username.toLowerCase() ? wanted : null,
      people,
      bot: { id: this.world.app.id, username: this.world.app.name },
      guild: { id: this.world.guild.id, name: this.world.guild.name, locale: this.locales.guildLocale },
      channel,
      channels: this.#channels,
      commands: this.#commands(viewer),
      messages: this.discord.messagesSeenBy(person.id, channel.id).slice(-HISTORY_SENT).map(asApiMessage),
      botStatus: this.#botStatus,
      messageLimit: CONTENT_LIMIT,
    };
    this.#send(socket, hello);
    return {
      message: (data) => {
        const action = parseClientAction(data.toString());
        if (!action) {
          socket.close(1003, 'not a playground action');
          return;
        }
        void this.#perform(this.locales.person(person.id) ?? person, channel.id, action).then((result) =>
          this.#send(socket, { type: 'result', requestId: action.requestId, result }),
        );
      },
      close: () => this.#viewers.delete(viewer),
    };
  }

  async #perform(person: Person, channel: string, action: ClientAction): Promise<ActionResult> {
    const user = person.id;
    try {
      let outcome: InteractionOutcome;
      switch (action.type) {
        case 'command':
          outcome = await this.discord.runCommand({
            user,
            channel,
            name: action.name,
            ...(action.subcommandGroup !== undefined ? { subcommandGroup: action.subcommandGroup } : {}),
            ...(action.subcommand !== undefined ? { subcommand: action.subcommand } : {}),
            options: { ...action.options },
          });
          break;
        case 'click':
          outcome = await this.discord.clickButton({ user, message: action.messageId, customId: action.customId });
          break;
        case 'select':
          outcome = await this.discord.chooseOption({
            user,
            message: action.messageId,
            customId: action.customId,
            values: [...action.values],
          });
          break;
        case 'say': {
          if (action.content.length > CONTENT_LIMIT) return { kind: 'too-long', max: CONTENT_LIMIT };
          const pace = this.#pace.take(user, Date.now());
          if (!pace.allowed) return { kind: 'slowed', retryAfterMs: pace.retryAfterMs };
          this.discord.postMessage({ user, channel, content: action.content });
          return { kind: 'acknowledged', ack: 'message', ephemeral: false };
        }
        case 'set-locale':
          if (!this.locales.set(action.scope, user, action.locale)) {
            return { kind: 'refused', reason: `${action.locale} is not one of Discord's locales` };
          }
          this.#broadcast({ type: 'languages', people: this.locales.people, guildLocale: this.locales.guildLocale });
          return { kind: 'acknowledged', ack: 'settings', ephemeral: true };
      }
      if (outcome.ack === 'failed') return { kind: 'failed' };
      if (outcome.ack === 'launch-activity') {
        // Discord's client opens the Activity the interaction put the person in.
        const instance = this.discord.activityIn(this.world.app.id, channel);
        return {
          kind: 'acknowledged',
          ack: outcome.ack,
          ephemeral: false,
          ...(instance ? { activityInstanceId: instance.instanceId } : {}),
        };
      }
      return { kind: 'acknowledged', ack: outcome.ack, ephemeral: outcome.ephemeral };
    } catch (error) {
      // What Discord's client would not let a person do (a button gone since, a value not offered…).
      if (error instanceof ImpossibleActionError) return { kind: 'refused', reason: error.message };
      // Anything else is the emulator's own fault: say so rather than hang the page.
      return { kind: 'refused', reason: `the playground could not do that: ${String(error)}` };
    }
  }

  /**
   * What the person's picker offers: the guild's commands and the global ones they may use here, as
   * Discord's client hides the rest (`/crag-settings` from all but alice, who manages the server).
   * The discord-api-types shape is the emulator's JSON.
   */
  #commands(viewer: { personId: string; channelId: string }): APIApplicationCommand[] {
    return this.discord.offeredCommands(
      this.world.app.id,
      viewer.personId,
      viewer.channelId,
    ) as unknown as APIApplicationCommand[];
  }

  #toViewersOf(info: MessageInfo, event: ServerEvent): void {
    for (const viewer of this.#viewers) {
      if (info.channelId !== viewer.channelId) continue;
      if (info.visibleTo === null || info.visibleTo === viewer.personId) this.#send(viewer.socket, event);
    }
  }

  #send(socket: WebSocket, event: ServerEvent): void {
    this.#sockets.send(socket, JSON.stringify(event));
  }

  #broadcast(event: ServerEvent): void {
    for (const viewer of this.#viewers) this.#send(viewer.socket, event);
  }
}

/** The emulator's messages are Discord's REST JSON; the page reads them with discord-api-types. */
function asApiMessage(message: EmulatedMessage): APIMessage {
  return message as unknown as APIMessage;
}
