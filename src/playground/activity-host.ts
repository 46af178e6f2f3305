import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { ChannelHandle, Emulator } from '../emulator/index.js';
import type { PlaygroundWorld } from './playground-world.js';

/** The Activity under the page's own origin, as Discord serves it under `<app id>.discordsays.com`. */
export const ACTIVITY_PREFIX = '/activity/';
/** What the page's stand-in for the Discord client asks the playground (the emulator's side of Discord). */
const TABLE_API = '/api/table/';

/**
 * The playground's voice channel, "Crag table", and what the Discord client does for an Activity
 * in it: launching it (the App Launcher), the OAuth2 code of `authorize`, the user `authenticate`
 * returns. The Activity itself is the bot's own server, reached through this origin under
 * /activity/ (the SDK in the iframe talks only to a parent of an origin it trusts).
 */
export class ActivityHost {
  readonly voice: ChannelHandle;

  constructor(
    private readonly discord: Emulator,
    private readonly world: PlaygroundWorld,
    private readonly activityPort: number,
  ) {
    this.voice = discord.createChannel(world.guild.id, { name: 'Crag table', type: 2 });
  }

  /** Answers the request if it is the Activity's or the table API's; false leaves it to the page's server. */
  handle(request: http.IncomingMessage, response: http.ServerResponse): boolean {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith(ACTIVITY_PREFIX)) {
      this.#proxy(request, response);
      return true;
    }
    if (!url.pathname.startsWith(TABLE_API)) return false;
    const person = this.world.people.find((candidate) => candidate.username === url.searchParams.get('as'));
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (!person) return Boolean(reply(404, { error: 'nobody by that name' }));
    const what = url.pathname.slice(TABLE_API.length);
    const appId = this.world.app.id;
    if (what === 'launch' && request.method === 'POST') {
      const instance = this.discord.launchActivity(appId, this.voice.id, person.id);
      reply(200, {
        instanceId: instance.instanceId,
        guildId: this.world.guild.id,
        channelId: this.voice.id,
        clientId: appId,
      });
    } else if (what === 'authorize' && request.method === 'POST') {
      reply(200, { code: this.discord.authorizeActivity(appId, person.id) });
    } else if (what === 'me' && request.method === 'GET') {
      reply(200, {
        user: { id: person.id, username: person.username, discriminator: '0', public_flags: 0, global_name: null },
        application: { id: appId, name: this.world.app.name, description: '' },
      });
    } else {
      reply(404, { error: 'no such table request' });
    }
    return true;
  }

  /** The Activity's socket: the upgrade passed through to the bot's server as it came. */
  upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(ACTIVITY_PREFIX)) return false;
    const upstream = net.connect(this.activityPort, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    return true;
  }

  #proxy(request: http.IncomingMessage, response: http.ServerResponse): void {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: this.activityPort,
        path: request.url,
        method: request.method,
        headers: { 'content-type': request.headers['content-type'] ?? 'application/octet-stream' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // The bot may be restarting: the page tries again.
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(upstream);
  }
}
