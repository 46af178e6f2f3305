import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The emulator's own copy of src/net/listen.ts: the emulator stands for Discord and imports nothing
// of the bot's source, so that it can be lifted out whole (issue 41's import plan).

/**
 * Listens on `host:port` (0: any free port) and resolves with the port. A failure to bind (a port
 * taken, a host not ours) rejects instead of reaching the server's 'error' listeners.
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops listening and ends every connection, idle keep-alives included, so that close() resolves now. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
