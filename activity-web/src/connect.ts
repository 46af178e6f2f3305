import { DiscordSDK } from '@discord/embedded-app-sdk';
import type { ClientMessage, Intent, ServerMessage, TableView } from '../../src/activity/protocol.js';
import { DENIED_CLOSE_CODE } from '../../src/activity/protocol.js';

/** What the page knows at any moment; it only ever draws this. */
export type Connection =
  | { readonly phase: 'connecting'; readonly text: string }
  | { readonly phase: 'denied'; readonly text: string }
  | {
      readonly phase: 'at-table';
      readonly table: TableView;
      readonly refused: string | null;
      /** The process running the table is gone for now: shown until the next table arrives. */
      readonly reconnecting: string | null;
    };

/** Every request is relative to the page, so Discord's `/.proxy/` prefix (or the playground's) holds. */
function here(path: string, protocol?: 'ws'): string {
  const url = new URL(path, window.location.href);
  if (protocol) url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Signs in through the Discord client (authorize → our /api/token → authenticate), then sits at
 * the table over a WebSocket, coming back after a dropped connection. Only intents go out.
 */
export async function connect(update: (connection: Connection) => void): Promise<(intent: Intent) => void> {
  const client = (await (await fetch(here(`api/client?locale=${encodeURIComponent(navigator.language)}`))).json()) as {
    client_id: string;
    text: { connecting: string; 'sign-in-failed': string };
  };
  const clientId = client.client_id;
  update({ phase: 'connecting', text: client.text.connecting });
  try {
    return await sitDown(clientId, update);
  } catch {
    update({ phase: 'denied', text: client.text['sign-in-failed'] });
    return () => {};
  }
}

async function sitDown(clientId: string, update: (connection: Connection) => void): Promise<(intent: Intent) => void> {
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const exchanged = await fetch(here('api/token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!exchanged.ok) throw new Error('the code exchange was refused');
  const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
  await sdk.commands.authenticate({ access_token: accessToken });

  let socket: WebSocket | null = null;
  let table: TableView | null = null;
  let denied = false;
  let retryMs = 500;
  const open = () => {
    const ws = new WebSocket(here('ws', 'ws'));
    socket = ws;
    ws.onopen = () => {
      const hello: ClientMessage = { type: 'hello', accessToken, instanceId: sdk.instanceId };
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.type === 'denied') {
        denied = true;
        update({ phase: 'denied', text: message.text });
      } else if (message.type === 'table') {
        retryMs = 500;
        table = message.table;
        update({ phase: 'at-table', table, refused: null, reconnecting: null });
      } else if (message.type === 'reconnecting' && table) {
        update({ phase: 'at-table', table, refused: null, reconnecting: message.text });
      } else if (table) {
        update({ phase: 'at-table', table, refused: message.text, reconnecting: null });
      }
    };
    ws.onclose = (event) => {
      if (denied || event.code === DENIED_CLOSE_CODE) return;
      // The bot restarting, or the network: sit down again, a little later each time.
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
  };
  open();
  return (intent) => {
    if (!socket || socket.readyState !== WebSocket.OPEN || !table) return;
    const message: ClientMessage = { type: 'intent', intent, version: table.version };
    socket.send(JSON.stringify(message));
  };
}
