import type { APIApplicationCommand, APIMessage } from 'discord-api-types/v10';
import { useCallback, useEffect, useReducer, useRef } from 'preact/hooks';
import { backoffDelay } from '../../../src/playground/backoff.js';
import type { BotStatus, ChannelKind, ClientAction, Hello, ServerEvent } from '../../../src/playground/protocol.js';
import { LIVE_PATH } from '../../../src/playground/protocol.js';
import { upsertById } from '../lib/message-order.js';
import type { Phrase } from '../lib/page-words.js';

export type Connection = 'connecting' | 'open' | 'lost';

/**
 * Something this page alone shows, as Discord's client does: a refused action, a command nobody
 * answered, or a message that was not posted (too long, too fast).
 */
export type LocalNotice =
  | { readonly id: string; readonly kind: 'refused' | 'command-failed'; readonly detail: string }
  | { readonly id: string; readonly kind: 'limited'; readonly phrase: Phrase };

/** An action sent and not answered yet. */
export interface PendingAction {
  readonly messageId: string | null;
  readonly customId: string | null;
  readonly label: string;
}

export interface LiveState {
  readonly connection: Connection;
  readonly hello: Hello | null;
  readonly messages: readonly APIMessage[];
  readonly commands: readonly APIApplicationCommand[];
  readonly botStatus: BotStatus;
  readonly pending: ReadonlyMap<number, PendingAction>;
  /** Messages whose last interaction failed: "This interaction failed" under them. */
  readonly failedOn: ReadonlySet<string>;
  readonly notices: readonly LocalNotice[];
  /** The Activity instance the bot's last LAUNCH_ACTIVITY put this person in: the page opens it. */
  readonly launched: string | null;
}

type Event =
  | { type: 'connecting' }
  | { type: 'closed' }
  | { type: 'server'; event: ServerEvent }
  | { type: 'sent'; requestId: number; pending: PendingAction };

const INITIAL: LiveState = {
  connection: 'connecting',
  hello: null,
  messages: [],
  commands: [],
  botStatus: 'starting',
  pending: new Map(),
  failedOn: new Set(),
  notices: [],
  launched: null,
};

function without<T>(set: ReadonlySet<T>, item: T | null): ReadonlySet<T> {
  if (item === null || !set.has(item)) return set;
  const next = new Set(set);
  next.delete(item);
  return next;
}

function reduce(state: LiveState, event: Event): LiveState {
  switch (event.type) {
    case 'connecting':
      return { ...state, connection: state.hello ? 'lost' : 'connecting' };
    case 'closed': {
      // Answers to what was in flight will never come: those interactions failed, as in Discord.
      const failedOn = new Set(state.failedOn);
      for (const pending of state.pending.values()) if (pending.messageId) failedOn.add(pending.messageId);
      return { ...state, connection: state.hello ? 'lost' : 'connecting', pending: new Map(), failedOn };
    }
    case 'sent': {
      const pending = new Map(state.pending).set(event.requestId, event.pending);
      return { ...state, pending, failedOn: without(state.failedOn, event.pending.messageId) };
    }
    case 'server':
      return applyServerEvent(state, event.event);
  }
}

function applyServerEvent(state: LiveState, event: ServerEvent): LiveState {
  switch (event.type) {
    case 'hello':
      return {
        ...state,
        connection: 'open',
        hello: event,
        messages: event.messages,
        commands: event.commands,
        botStatus: event.botStatus,
      };
    case 'message':
      return { ...state, messages: upsertById(state.messages, event.message) };
    case 'message-delete':
      return { ...state, messages: state.messages.filter((message) => message.id !== event.id) };
    case 'bot-status':
      return { ...state, botStatus: event.status };
    case 'commands':
      return { ...state, commands: event.commands };
    case 'languages': {
      if (!state.hello) return state;
      const you = event.people.find((person) => person.id === state.hello?.you.id) ?? state.hello.you;
      const guild = { ...state.hello.guild, locale: event.guildLocale };
      return { ...state, hello: { ...state.hello, people: event.people, you, guild } };
    }
    case 'result': {
      const pending = state.pending.get(event.requestId);
      const rest = new Map(state.pending);
      rest.delete(event.requestId);
      const next = { ...state, pending: rest };
      const { result } = event;
      if (result.kind === 'acknowledged') {
        return result.activityInstanceId ? { ...next, launched: result.activityInstanceId } : next;
      }
      if (!pending) return next;
      if (result.kind === 'failed' && pending.messageId) {
        return { ...next, failedOn: new Set(state.failedOn).add(pending.messageId) };
      }
      const id = `local-${event.requestId}-${Date.now()}`;
      const notice: LocalNotice =
        result.kind === 'too-long'
          ? { id, kind: 'limited', phrase: { id: 'playground.message.too-long', vars: { max: result.max } } }
          : result.kind === 'slowed'
            ? {
                id,
                kind: 'limited',
                phrase: { id: 'playground.message.slowed', vars: { seconds: Math.ceil(result.retryAfterMs / 1000) } },
              }
            : result.kind === 'failed'
              ? { id, kind: 'command-failed', detail: pending.label }
              : { id, kind: 'refused', detail: result.reason };
      return { ...next, notices: [...state.notices, notice] };
    }
  }
}

/** Describes an action for the pending list and for a notice if it goes wrong. */
function pendingOf(action: ClientAction): PendingAction {
  switch (action.type) {
    case 'command':
      return {
        messageId: null,
        customId: null,
        label: `/${[action.name, action.subcommandGroup, action.subcommand].filter(Boolean).join(' ')}`,
      };
    case 'click':
    case 'select':
      return { messageId: action.messageId, customId: action.customId, label: action.customId };
    case 'say':
      return { messageId: null, customId: null, label: action.content };
    case 'set-locale':
      return { messageId: null, customId: null, label: action.locale };
  }
}

export type SendAction = (action: DistributiveOmit<ClientAction, 'requestId'>) => void;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The playground's live channel as `as` sees it: one WebSocket, reopened with a growing pause
 * whenever it drops (the bot or the whole playground restarting); every (re)connection starts from
 * a full picture of the channel, so nothing is missed meanwhile.
 */
export function useLiveChannel(as: string, channel: ChannelKind): { state: LiveState; send: SendAction } {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const socket = useRef<WebSocket | null>(null);
  const nextRequestId = useRef(1);

  useEffect(() => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      dispatch({ type: 'connecting' });
      const url = new URL(LIVE_PATH, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.searchParams.set('as', as);
      url.searchParams.set('channel', channel);
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onmessage = (message) => {
        const event = JSON.parse(String(message.data)) as ServerEvent;
        if (event.type === 'hello') attempt = 0;
        dispatch({ type: 'server', event });
      };
      ws.onclose = () => {
        if (socket.current === ws) socket.current = null;
        dispatch({ type: 'closed' });
        if (stopped) return;
        timer = setTimeout(open, backoffDelay(attempt, 250, 5_000));
        attempt += 1;
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close(1000);
    };
  }, [as, channel]);

  const send = useCallback<SendAction>((partial) => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const requestId = nextRequestId.current++;
    const action = { ...partial, requestId } as ClientAction;
    dispatch({ type: 'sent', requestId, pending: pendingOf(action) });
    ws.send(JSON.stringify(action));
  }, []);

  return { state, send };
}
