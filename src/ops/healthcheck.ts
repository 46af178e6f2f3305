/**
 * The container's HEALTHCHECK: exit 0 when the bot's /readyz answers 200, 1 otherwise. Node rather
 * than curl, which the slim image lacks. Reads OPS_PORT as the bot does.
 */
const port = process.env.OPS_PORT?.trim();
if (!port) {
  process.stderr.write('healthcheck: OPS_PORT is not set, so the bot serves no /readyz\n');
  process.exit(1);
}
fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4_000) }).then(
  async (response) => {
    if (response.status !== 200) process.stderr.write(`healthcheck: ${response.status} ${await response.text()}`);
    process.exit(response.status === 200 ? 0 : 1);
  },
  (error: unknown) => {
    process.stderr.write(`healthcheck: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
