import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../e2e/support/bot-process.js';
import { LIMITS, podman } from './podman.js';

/** The name the Dockerfile's FROM uses; scripts/container/base-image.sh makes it here. */
const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';
export const IMAGE = 'localhost/crag-bot:test';

/**
 * Builds the real Dockerfile as IMAGE, on a base image made from Debian's packages (no registry is
 * reachable here). Each container test file calls it; the second finds every layer in podman's
 * cache and takes seconds.
 */
export async function buildImage(): Promise<void> {
  const base = spawnSync(path.join(ROOT, 'scripts/container/base-image.sh'), [BASE_IMAGE], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (base.status !== 0) throw new Error(`the base image could not be built: ${base.stderr}`);
  // Pulls disabled: the Dockerfile's FROM must be the image just made, never a registry's.
  await podman(
    ['build', '--pull=never', '--format', 'docker', '--network=host', ...LIMITS, '-t', IMAGE, ROOT],
    900_000,
  );
}
