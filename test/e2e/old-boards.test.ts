import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, description, scoreCardAttachment, title } from '../../harness/board.js';
import type { EmulatedMessage } from '../../src/emulator/index.js';
import { rawRest } from '../emulator/helpers.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const V2 = 1 << 15;
const RULES = { rerolls: 1, thirteen: 'any' } as const;

/**
 * Boards posted before the bot drew Components V2 were embeds, and a message keeps the flag it was
 * posted with unless an edit sets it while emptying its embeds. These tests put such a board back
 * the way the earlier bot drew it (an embed above the same controls) and check that the game's next
 * edit, whichever path makes it, turns it into the new board in place.
 */
describe('boards posted as embeds before Components V2', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, channels: ['timer', 'finished'] });
    [alice, bob] = [world.person(0).id, world.person(1).id];
  });
  afterAll(async () => {
    await world?.stop();
  });

  /**
   * With the bot stopped, replaces the table's board by the same controls under an embed, posted
   * with the bot's token as the earlier bot posted boards, and points the game at it.
   */
  async function replaceWithEmbedBoard(table: Table): Promise<EmulatedMessage> {
    await world.bot.kill('SIGTERM');
    const rows = controls(table.board()).map((control) => ({
      type: 1,
      components: [{ type: 2, style: 2, label: control.label || control.kind, custom_id: control.customId }],
    }));
    const posted = await rawRest(world.discord, 'POST', `/channels/${table.channelId}/messages`, {
      token: world.app.token,
      body: {
        embeds: [{ title: title(table.board()), description: description(table.board()), color: 0x2b7a4b }],
        // The earlier boards held at most five rows of controls; a row each keeps this simple.
        components: rows.slice(0, 5),
      },
    });
    expect(posted.status).toBe(200);
    const old = posted.body as EmulatedMessage;
    const db = new Database(world.dbPath);
    try {
      db.prepare('UPDATE games SET board_message_id = ? WHERE board_message_id = ?').run(old.id, table.boardId);
    } finally {
      db.close();
    }
    table.boardId = old.id;
    await world.startBot();
    expect(table.board().flags & V2).toBe(0);
    expect(table.board().embeds).toHaveLength(1);
    return old;
  }

  function expectComponentsV2(message: EmulatedMessage): void {
    expect(message.flags & V2).toBe(V2);
    expect(message.embeds).toEqual([]);
    expect(message.content).toBe('');
  }

  it('become Components V2 with the click that changes them', async () => {
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await replaceWithEmbedBoard(table);
    const started = await table.act(alice, 'start');
    expectComponentsV2(started);
    expect(title(started)).toBe('Crag · round 1/13');
    await table.command(alice, 'leave');
    await table.command(bob, 'leave');
    expect(world.discord.problems).toEqual([]);
  });

  it('become Components V2 with the bot’s own edit', async () => {
    const table = new Table(world, world.channel('timer').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    await replaceWithEmbedBoard(table);
    // Bob leaves while alice is to play: the board is redrawn with the bot's token.
    await table.command(bob, 'leave');
    await world.discord.waitFor(() => (table.board().flags & V2) === V2);
    expectComponentsV2(table.board());
    expect(description(table.board())).toContain('bob **0** (left)');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('become Components V2 with their score card when Play again takes its button away', async () => {
    const table = new Table(world, world.channel('finished').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    await playToTheEnd(table, RULES);
    const old = await replaceWithEmbedBoard(table);
    expect(old.attachments).toEqual([]);
    const again = await table.click(bob, 'again');
    expect(again.ack).toBe('update');
    const standings = world.discord.message(old.id)!;
    expectComponentsV2(standings);
    expect(title(standings)).toBe('Crag · final standings');
    expect(controls(standings).map((control) => control.kind)).toEqual(['analysis', 'sheet']);
    expect(scoreCardAttachment(standings)).toBeDefined();
    expect(world.discord.problems).toEqual([]);
  });
});
