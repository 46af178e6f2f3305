import net from 'node:net';

/**
 * A free port on 127.0.0.1, found by binding port 0 and letting it go at once: for a child process
 * that must be told its port before it listens (the playground's bot and its Activity). Nothing is
 * served on the probe, so it needs none of the edge's caps.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
