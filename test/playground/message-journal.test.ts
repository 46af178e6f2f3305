import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator/index.js';
import { MessageJournal } from '../../src/playground/message-journal.js';
import { buildPlaygroundWorld } from '../../src/playground/playground-world.js';

describe('the playground channel across restarts', () => {
  const emulators: Emulator[] = [];
  let dir = '';
  afterEach(async () => {
    for (const emulator of emulators.splice(0)) await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds the same world, and keeps the public messages with their ids, order and edits', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-journal-'));
    const file = path.join(dir, 'messages.json');
    const first = await startEmulator();
    emulators.push(first);
    const { world, file: saved } = buildPlaygroundWorld(first, null);
    const [alice, bob] = world.people;
    if (!alice || !bob) throw new Error('no people');
    const journal = new MessageJournal(first, world.channel.id, alice.id, file);
    journal.start();
    const hello = first.postMessage({ user: alice.id, channel: world.channel.id, content: 'hello' });
    first.postMessage({ user: bob.id, channel: world.channel.id, content: 'hi **alice**' });
    journal.stop();

    const second = await startEmulator();
    emulators.push(second);
    const rebuilt = buildPlaygroundWorld(second, saved);
    expect(rebuilt.file).toEqual(saved);
    expect(rebuilt.world.app.token).toBe(world.app.token);
    const restored = new MessageJournal(second, rebuilt.world.channel.id, alice.id, file).restore();
    expect(restored).toEqual({ restored: 2, skipped: 0 });
    const messages = second.messagesSeenBy(bob.id, world.channel.id);
    expect(messages.map((message) => [message.id, message.content])).toEqual(
      first.messagesSeenBy(bob.id, world.channel.id).map((message) => [message.id, message.content]),
    );
    expect(messages[0]).toEqual(hello);
    // New messages come after the restored ones.
    const later = second.postMessage({ user: bob.id, channel: world.channel.id, content: 'again' });
    expect(second.messagesSeenBy(bob.id, world.channel.id).at(-1)?.id).toBe(later.id);
    expect(BigInt(later.id) > BigInt(messages[1]?.id ?? '0')).toBe(true);
  });

  it('starts with an empty channel when the saved messages are unreadable', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-journal-'));
    const file = path.join(dir, 'messages.json');
    fs.writeFileSync(file, '[{"torn": ');
    const emulator = await startEmulator();
    emulators.push(emulator);
    const { world } = buildPlaygroundWorld(emulator, null);
    const owner = world.owner.id;
    expect(new MessageJournal(emulator, world.channel.id, owner, file).restore()).toEqual({ restored: 0, skipped: 1 });
    expect(emulator.messagesSeenBy(owner, world.channel.id)).toEqual([]);
  });
});
