import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ServerMessage } from '../../src/activity/protocol.js';
import type { ToOwner } from '../../src/activity/relay-messages.js';
import { RemoteTables } from '../../src/activity/remote-tables.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { createLogger } from '../../src/log.js';
import { shardOfGuild } from '../../src/sharding/guild-ownership.js';

const tr = loadLanguages().translator('fr');
/** A guild of shard 3 of 4. */
const GUILD = String((3n << 22n) + 1n);

describe('RemoteTables: the serving side of a relayed table', () => {
  let sent: { shard: number; body: ToOwner }[];
  let received: ServerMessage[];
  let tables: RemoteTables;
  let now: number;

  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    sent = [];
    received = [];
    tables = new RemoteTables(
      4,
      (shard) => shard !== 2,
      (shard, body) => sent.push({ shard, body }),
      createLogger('error'),
      () => now,
    );
  });
  afterEach(() => {
    tables.close();
    vi.useRealTimers();
  });

  const advance = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };
  const connOf = (body: ToOwner | undefined) => {
    if (body?.kind !== 'sit') throw new Error('no sit was relayed');
    return body.conn;
  };
  const sits = () => sent.filter((message) => message.body.kind === 'sit');

  function sitDown() {
    return tables.sit({ guildId: GUILD, channelId: '9' }, { id: '5', name: 'Zoé' }, 'fr', {
      send: (message) => received.push(message),
      close: () => undefined,
      tr,
    });
  }

  test('relays to the shard of the guild, where a way there exists', () => {
    expect(shardOfGuild(GUILD, 4)).toBe(3);
    expect(tables.serves(GUILD)).toBe(true);
    expect(tables.serves(String((2n << 22n) + 1n))).toBe(false);
    const seat = sitDown();
    seat.intent({ kind: 'roll' }, 4);
    expect(sent.map(({ shard, body }) => [shard, body.kind])).toEqual([
      [3, 'sit'],
      [3, 'intent'],
    ]);
  });

  test('a silent shard: the table says reconnecting, intents wait, and every seat sits again when it answers', () => {
    const seat = sitDown();
    const conn = connOf(sits()[0]?.body);
    tables.receive({ kind: 'pong', shard: 3, incarnation: 'a', conn });
    advance(4_000);
    expect(received).toEqual([{ type: 'reconnecting', text: tr.t('activity.reconnecting') }]);
    seat.intent({ kind: 'roll' }, 4);
    expect(sent.some((message) => message.body.kind === 'intent')).toBe(false);
    tables.receive({ kind: 'pong', shard: 3, incarnation: 'a' });
    expect(sits()).toHaveLength(2);
    advance(4_000);
    expect(received).toHaveLength(2); // Silent again: said once more.
  });

  test('a shard respawned between two pings: reconnecting, then seated at the new process', () => {
    sitDown();
    const conn = connOf(sits()[0]?.body);
    tables.receive({ kind: 'pong', shard: 3, incarnation: 'a', conn });
    tables.receive({ kind: 'pong', shard: 3, incarnation: 'a' });
    expect(sits()).toHaveLength(1);
    tables.receive({ kind: 'pong', shard: 3, incarnation: 'b' });
    expect(received.map((message) => message.type)).toEqual(['reconnecting']);
    expect(sits()).toHaveLength(2);
  });

  test('what the owner sends reaches the socket; after leave, nothing does and nothing is pinged', () => {
    const seat = sitDown();
    const conn = connOf(sits()[0]?.body);
    tables.receive({ kind: 'send', conn, message: { type: 'refused', text: 'non' } });
    expect(received).toEqual([{ type: 'refused', text: 'non' }]);
    seat.leave();
    tables.receive({ kind: 'send', conn, message: { type: 'refused', text: 'encore' } });
    expect(received).toHaveLength(1);
    const before = sent.length;
    advance(3_000);
    expect(sent.slice(before).filter((message) => message.body.kind === 'ping')).toHaveLength(0);
  });
});
