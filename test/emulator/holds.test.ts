import { describe, expect, it } from 'vitest';
import { RequestHolds } from '../../src/emulator/holds.js';

describe('request holds', () => {
  it('holds the first matching request only, until released', async () => {
    const holds = new RequestHolds();
    const held = holds.add({ method: 'patch', pathPattern: /^\/channels\/\d+\/messages\/\d+$/ });
    expect(holds.wait('POST', '/channels/1/messages')).toBeNull();
    const waiting = holds.wait('PATCH', '/channels/1/messages/2');
    expect(waiting).not.toBeNull();
    await held.arrived;
    expect(holds.wait('PATCH', '/channels/1/messages/3')).toBeNull();
    let handled = false;
    const done = waiting?.then(() => {
      handled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toBe(false);
    held.release();
    await done;
    expect(handled).toBe(true);
  });

  it('lets a request through that arrives after its hold was released, and every held one on shutdown', async () => {
    const holds = new RequestHolds();
    holds.add({ method: 'GET' }).release();
    expect(holds.wait('GET', '/gateway/bot')).toBeNull();
    holds.add({});
    const waiting = holds.wait('DELETE', '/channels/1/messages/2');
    holds.releaseAll();
    await expect(waiting).resolves.toBeUndefined();
  });
});
