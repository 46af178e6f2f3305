import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentPlayerId,
  description,
  dice,
  part,
  requireControl,
  rowChoices,
  title,
  totals,
} from '../../harness/board.js';
import { integrityCheck, totalsAgainstSheets } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/parts.js';
import { type Rules, scoreRoll } from '../../src/game/index.js';
import { isCategory, playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('variants and table sizes', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 5, channels: ['solo', 'five'] });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays a solo game with two rerolls and the no-pair Thirteen', async () => {
    const alice = world.person(0).id;
    const rules: Rules = { rerolls: 2, thirteen: 'no-pair' };
    const table = new Table(world, world.channel('solo').id);
    const lobby = await table.open(alice, { rerolls: 2, thirteen: 'no-pair' });
    expect(part(lobby, PART.footer)).toContain('two rerolls · Thirteen: 13 with no pair');

    const card = await table.command(alice, 'rules');
    expect(card).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(description(card.message ?? {})).toContain('with no pair');

    const started = await table.act(alice, 'start');
    expect(requireControl(started, 'reroll').label).toBe('Reroll (2 left)');

    // Two rerolls in one turn, then the menu still offers every open row.
    await table.act(alice, 'reroll');
    await table.act(alice, 'reroll');
    expect(rowChoices(table.board())).toHaveLength(13);
    const firstRow = rowChoices(table.board()).at(-1);
    if (!firstRow) throw new Error('no rows');
    const scored = await table.chooseRow(alice, firstRow.value);
    expect(scored.ack).toBe('update');
    expect(title(table.board())).toBe('Crag · round 2/13');

    const running = await playToTheEnd(table, rules);
    const total = (running.get(alice) ?? 0) + firstRow.points;
    expect(description(table.board())).toContain(`🥇 alice **${total}**`);
    expect((await totalsAgainstSheets(world.database)).find((row) => row.playerId === alice)?.total).toBe(total);
  });

  it('plays a five-player game in turn order to the end', async () => {
    const players = [0, 1, 2, 3, 4].map((i) => world.person(i).id);
    const [host = '', ...others] = players;
    const rules: Rules = { rerolls: 1, thirteen: 'any' };
    const table = new Table(world, world.channel('five').id);
    await table.open(host);
    for (const player of others) await table.act(player, 'join');
    expect(description(table.board())).toContain('Players (5/5)');
    await table.act(host, 'start');

    const order: string[] = [];
    const running = new Map<string, number>();
    while (!table.isFinished()) {
      const player = currentPlayerId(table.board()) ?? '';
      order.push(player);
      for (const choice of rowChoices(table.board())) {
        if (isCategory(choice.value)) expect(choice.points).toBe(scoreRoll(dice(table.board()), choice.value, rules));
      }
      const { points } = await table.playTurn(player);
      running.set(player, (running.get(player) ?? 0) + points);
      if (!table.isFinished())
        expect(totals(table.board())).toEqual(new Map(players.map((p) => [world.nameOf(p), running.get(p) ?? 0])));
    }
    expect(order).toHaveLength(65);
    expect(order).toEqual(Array.from({ length: 65 }, (_, i) => players[i % 5]));
    const results = await totalsAgainstSheets(world.database);
    const lastGame = Math.max(...results.map((row) => row.gameId));
    const recorded = results.filter((row) => row.gameId === lastGame);
    expect(recorded).toHaveLength(5);
    for (const row of recorded) {
      expect(row.total).toBe(row.sheetSum);
      expect(row.total).toBe(running.get(row.playerId));
    }
    expect(integrityCheck(world.dbPath)).toBe('ok');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
