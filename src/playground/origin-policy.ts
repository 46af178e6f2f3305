/** The request headers the policy reads (lower-case names, as node gives them). */
export interface RequestOrigin {
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly secFetchSite: string | undefined;
}

export type OriginVerdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

const ALLOWED: OriginVerdict = { allowed: true };

/** The names this server answers to: it listens on 127.0.0.1 only. */
function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/**
 * Who may use the playground: only pages it served itself. The Host header must name this server
 * (a DNS-rebinding page arrives with its own host name), an Origin, when sent, must be this server
 * (another site's script), and a browser's own cross-site mark is refused too (another site's
 * <img> or <script> send no Origin). A WebSocket upgrade must carry this Origin: browsers always send one.
 */
export function checkOrigin(request: RequestOrigin, port: number, kind: 'http' | 'websocket'): OriginVerdict {
  const hosts = allowedHosts(port);
  if (!request.host || !hosts.includes(request.host.toLowerCase())) {
    return { allowed: false, reason: `Host "${request.host ?? ''}" is not this playground` };
  }
  if (request.origin !== undefined) {
    if (!hosts.some((host) => request.origin?.toLowerCase() === `http://${host}`)) {
      return { allowed: false, reason: `Origin "${request.origin}" is not this playground` };
    }
  } else if (kind === 'websocket') {
    return { allowed: false, reason: 'a WebSocket upgrade without an Origin' };
  }
  if (request.secFetchSite === 'cross-site' || request.secFetchSite === 'same-site') {
    return { allowed: false, reason: `a ${request.secFetchSite} request` };
  }
  return ALLOWED;
}
