import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, currentPlayerId, description, part, scoreCardAttachment, title } from '../../harness/board.js';
import { integrityCheck, totalsAgainstSheets } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/parts.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const RULES = { rerolls: 1, thirteen: 'any' } as const;

describe('back-to-back games', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays three games through Play again, with series totals and a leaderboard equal to the sheets', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');

    const series = new Map<string, number>();
    const wins = new Map<string, number>();
    const finalBoards: string[] = [];
    for (let game = 1; game <= 3; game += 1) {
      // "Play again" turns the seating by one, so the opener alternates.
      expect(currentPlayerId(table.board())).toBe(game % 2 === 1 ? alice : bob);
      const totals = await playToTheEnd(table, RULES);
      for (const [player, total] of totals) series.set(player, (series.get(player) ?? 0) + total);
      const best = Math.max(...totals.values());
      for (const [player, total] of totals) if (total === best) wins.set(player, (wins.get(player) ?? 0) + 1);

      const final = table.board();
      expect(title(final)).toBe('Crag · final standings');
      const [heading, ...lines] = part(final, PART.series).split('\n');
      expect(heading).toBe(`**Series totals after ${game} game${game === 1 ? '' : 's'}**`);
      for (const [player, total] of series) {
        expect(lines.some((line) => line.includes(`${world.nameOf(player)} **${total}**`))).toBe(true);
      }
      const card = scoreCardAttachment(final);
      expect(card).toBeDefined();
      finalBoards.push(final.id);

      if (game === 3) break;
      const again = await table.click(bob, 'again');
      expect(again.ack).toBe('update');
      expect(control(table.board(), 'again')).toBeUndefined();
      // The edit that took Play again away kept the score card the standings were drawn with.
      expect(scoreCardAttachment(table.board())).toEqual(card);
      const nextBoard = await world.discord.waitFor(
        () => world.discord.interaction(again.interactionId)?.followUpIds[0],
      );
      table.boardId = nextBoard;
      expect(title(table.board())).toBe('Crag · round 1/13');
    }

    // An old final board no longer offers "Play again".
    for (const id of finalBoards.slice(0, 2)) expect(control(world.discord.message(id)!, 'again')).toBeUndefined();

    const leaderboard = await table.command(alice, 'leaderboard', { scope: 'series' });
    const lines = description(leaderboard.message ?? {});
    // Leaderboards name people as the server showed them at the table.
    const nameOf = (id: string) => world.people.find((person) => person.id === id)?.username;
    for (const [player, total] of series) {
      expect(lines).toContain(`${nameOf(player)} **${total}** · 3 games · ${wins.get(player) ?? 0} win`);
    }
    const server = await table.command(alice, 'leaderboard', { scope: 'server' });
    for (const [player, total] of series)
      expect(description(server.message ?? {})).toContain(`${nameOf(player)} **${total}**`);
    const twoRerolls = await table.command(alice, 'leaderboard', { scope: 'server', rerolls: 2 });
    expect(description(twoRerolls.message ?? {})).toContain('No finished games yet');

    const recorded = await totalsAgainstSheets(world.database);
    expect(recorded).toHaveLength(6);
    for (const row of recorded) expect(row.total).toBe(row.sheetSum);
    for (const [player, total] of series) {
      expect(recorded.filter((row) => row.playerId === player).reduce((sum, row) => sum + row.total, 0)).toBe(total);
    }
    expect(description(table.board())).toContain('🥇');
    expect(integrityCheck(world.dbPath)).toBe('ok');
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
