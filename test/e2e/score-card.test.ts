import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allComponents, isFinalStandings, type ShownMessage, scoreCardAttachment } from '../../harness/board.js';
import { PART } from '../../src/bot/render/parts.js';
import { decode, pngHeader } from '../images/pixels.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const RULES = { rerolls: 1, thirteen: 'any' } as const;
const EDIT = '/channels/:channelId/messages/:messageId';

/**
 * The score card a message shows, fetched from the emulator's CDN and decoded: a PNG of the size
 * the attachment says, as wide as a card for this many players is, and not blank.
 */
async function expectScoreCard(message: ShownMessage, players: number): Promise<void> {
  const gallery = allComponents(message).find((component) => component.id === PART.scoreCard);
  expect(gallery).toBeDefined();
  const attachment = scoreCardAttachment(message);
  if (!attachment) throw new Error(`no score card attached to ${message.id}`);
  const response = await fetch(attachment.url);
  expect(response.status).toBe(200);
  const png = Buffer.from(await response.arrayBuffer());
  const header = pngHeader(png);
  expect({ width: header.width, height: header.height }).toEqual({
    width: attachment.width,
    height: attachment.height,
  });
  expect(header.width).toBeGreaterThanOrEqual(players <= 2 ? 500 : 800);
  expect(header.width).toBeLessThanOrEqual(1000);
  expect(header.height).toBeGreaterThanOrEqual(600);
  const pixels = await decode(png);
  // Text, dice and grid lines: many colours, and a good share of the card drawn on.
  const colours = new Set<number>();
  let inked = 0;
  const [r0, g0, b0] = [pixels.data[0], pixels.data[1], pixels.data[2]];
  for (let i = 0; i < pixels.data.length; i += 4 * 7) {
    const [r = 0, g = 0, b = 0] = [pixels.data[i], pixels.data[i + 1], pixels.data[i + 2]];
    colours.add((r << 16) | (g << 8) | b);
    if (Math.abs(r - (r0 ?? 0)) + Math.abs(g - (g0 ?? 0)) + Math.abs(b - (b0 ?? 0)) > 30) inked += 1;
  }
  expect(colours.size).toBeGreaterThan(50);
  expect(inked / (pixels.data.length / (4 * 7))).toBeGreaterThan(0.2);
}

describe('the score card', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2, channels: ['computer'] });
    [alice, bob] = [world.person(0).id, world.person(1).id];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('comes with the final standings drawn by the last scoring click, and with every sheet', async () => {
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const midGame = await table.command(bob, 'sheet');
    expect(midGame).toMatchObject({ ack: 'reply', ephemeral: true });
    await expectScoreCard(midGame.message!, 2);
    await playToTheEnd(table, RULES);
    expect(isFinalStandings(table.board())).toBe(true);
    await expectScoreCard(table.board(), 2);
    const sheet = await table.click(alice, 'sheet');
    expect(sheet).toMatchObject({ ack: 'reply', ephemeral: true });
    await expectScoreCard(sheet.message!, 2);
    expect(world.discord.problems).toEqual([]);
  });

  it('comes with the final standings drawn by the bot’s own edit, when a computer makes the last move', async () => {
    const table = new Table(world, world.channel('computer').id);
    await table.open(alice, { computers: 1, level: 'easy' });
    await table.act(alice, 'start');
    let editsAfterAlice = 0;
    while (await table.untilTurnOf(alice)) {
      await table.playTurn(alice);
      editsAfterAlice = world.discord.restCount('PATCH', EDIT);
    }
    // Alice's last row handed the turn to the computer: its move, and the standings, came by the bot's edit.
    expect(world.discord.restCount('PATCH', EDIT)).toBeGreaterThan(editsAfterAlice);
    await expectScoreCard(table.board(), 2);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
