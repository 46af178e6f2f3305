import http from 'node:http';

/** The emulator's CDN routes: custom emojis and message attachments. */
const CDN_PATH = /^\/cdn\/(emojis\/\d{17,21}\.(png|gif|webp)|attachments\/\d{17,21}\/\d{17,21}\/[^/]{1,255})$/;

/**
 * An uploaded attachment is whatever its uploader sent, under any name: the browser must take it
 * as the type given (never sniff an image into HTML) and, opened on its own, run nothing.
 */
export const CDN_SECURITY_HEADERS: http.OutgoingHttpHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function isCdnPath(pathname: string): boolean {
  return CDN_PATH.test(pathname);
}

/**
 * Serves the emulator's CDN under the page's own origin, so the page loads emojis and attachments
 * without knowing (or being allowed to reach) another port.
 */
export function proxyCdn(emulatorPort: number, pathname: string, method: string, response: http.ServerResponse): void {
  const upstream = http.request({ host: '127.0.0.1', port: emulatorPort, path: pathname, method }, (answer) => {
    const headers: http.OutgoingHttpHeaders = { ...CDN_SECURITY_HEADERS };
    for (const name of ['content-type', 'content-length', 'cache-control'] as const) {
      const value = answer.headers[name];
      if (value !== undefined) headers[name] = value;
    }
    response.writeHead(answer.statusCode ?? 502, headers);
    // An upstream cut short: the page's request ends too, and the playground stays up.
    answer.on('error', () => response.destroy());
    answer.pipe(response);
  });
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502).end();
    else response.destroy();
  });
  upstream.end();
}
