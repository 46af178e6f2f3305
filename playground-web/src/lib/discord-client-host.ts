/**
 * The Discord client's side of the Embedded App SDK's postMessage protocol, for the Activity's
 * iframe (read in node_modules/@discord/embedded-app-sdk/output/Discord.mjs): messages are
 * `[opcode, payload]`; the SDK opens with HANDSHAKE (0) and is answered with a READY dispatch in
 * a FRAME (1); each command `{ cmd, args, nonce }` gets `{ cmd, nonce, evt: null, data }` back, or
 * `evt: 'ERROR'`. The real SDK runs in the iframe; this stands in for Discord around it.
 */

const Opcode = { Handshake: 0, Frame: 1, Close: 2 } as const;
/** RPCErrorCodes.INVALID_COMMAND in the SDK's Constants. */
const INVALID_COMMAND = 4002;

export interface TableSeat {
  readonly instanceId: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly clientId: string;
}

interface Frame {
  readonly cmd: string;
  readonly args?: Record<string, unknown>;
  readonly nonce?: string;
  readonly evt?: string;
}

/** Where the iframe goes: the Activity's page with the query the SDK requires. */
export function activityUrl(seat: TableSeat, frameId: string): string {
  const query = new URLSearchParams({
    frame_id: frameId,
    instance_id: seat.instanceId,
    platform: 'desktop',
    guild_id: seat.guildId,
    channel_id: seat.channelId,
    location_id: `gc-${seat.guildId}-${seat.channelId}`,
  });
  return `/activity/?${query.toString()}`;
}

/** Answers one iframe's SDK until the returned function is called. */
export function hostActivity(frame: HTMLIFrameElement, as: string, frameId: string): () => void {
  const post = (payload: unknown) => frame.contentWindow?.postMessage([Opcode.Frame, payload], window.location.origin);
  const ask = async (path: string, method: 'GET' | 'POST') => {
    const response = await fetch(`/api/table/${path}?as=${encodeURIComponent(as)}`, { method });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const answer = async (frameData: Frame): Promise<unknown> => {
    switch (frameData.cmd) {
      case 'AUTHORIZE':
        return { code: (await ask('authorize', 'POST')).code };
      case 'AUTHENTICATE': {
        const me = await ask('me', 'GET');
        return {
          access_token: frameData.args?.access_token,
          user: me.user,
          scopes: ['identify'],
          expires: new Date(Date.now() + 604_800_000).toISOString(),
          application: me.application,
        };
      }
      case 'SUBSCRIBE':
      case 'UNSUBSCRIBE':
        return { evt: frameData.evt };
      case 'CAPTURE_LOG':
        return null;
      default:
        throw Object.assign(new Error(`${frameData.cmd} is not emulated`), { code: INVALID_COMMAND });
    }
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
    const [opcode, payload] = event.data as [number, Frame & { frame_id?: string }];
    if (opcode === Opcode.Handshake) {
      if (payload.frame_id !== frameId) return;
      post({
        cmd: 'DISPATCH',
        evt: 'READY',
        nonce: null,
        data: {
          v: 1,
          config: { api_endpoint: '//discord.com/api', environment: 'production', cdn_host: 'cdn.discordapp.com' },
        },
      });
    } else if (opcode === Opcode.Frame) {
      answer(payload)
        .then((data) => post({ cmd: payload.cmd, nonce: payload.nonce ?? null, evt: null, data }))
        .catch((error: Error & { code?: number }) =>
          post({
            cmd: payload.cmd,
            nonce: payload.nonce ?? null,
            evt: 'ERROR',
            data: { code: error.code ?? 4000, message: error.message },
          }),
        );
    }
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
