import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, dice, part } from '../../harness/board.js';
import { PART } from '../../src/bot/render/parts.js';
import { dieFacePath } from '../../src/dice-art/index.js';
import type { Die } from '../../src/game/index.js';
import { rawRest } from '../emulator/helpers.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const EMOJIS = '/applications/:appId/emojis';
const EMOJI_LIST = /^\/applications\/\d+\/emojis$/;

describe('the dice as the application’s own emojis', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2 });
    [alice, bob] = [world.person(0).id, world.person(1).id];
  });
  afterAll(async () => {
    await world?.stop();
  });

  const owned = () =>
    new Map(world.discord.applicationEmojis(world.app.id).map((emoji) => [String(emoji.name), String(emoji.id)]));
  const readyLine = () => world.bot.logs.find((line) => line.message === 'ready');
  const emojiWarnings = () => world.bot.logs.filter((line) => line.level === 'warn' && /die emojis/.test(line.message));

  /** A board where both dice and buttons show: alice's turn of a fresh game in this channel. */
  async function freshBoard(): Promise<Table> {
    const table = new Table(world);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    expect(currentPlayerId(table.board())).toBe(alice);
    return table;
  }

  /** Both players leave: the game ends, and the channel is free for the next test's. */
  async function endGame(table: Table): Promise<void> {
    await table.command(alice, 'leave');
    await table.command(bob, 'leave');
  }

  it('uploads the six faces at start-up and draws the dice with them, on the buttons and in the text', async () => {
    const emojis = owned();
    expect([...emojis.keys()].sort()).toEqual(['crag_d1', 'crag_d2', 'crag_d3', 'crag_d4', 'crag_d5', 'crag_d6']);
    expect(world.discord.restCount('POST', EMOJIS)).toBe(6);
    expect(readyLine()).toMatchObject({ dice: 'emojis', dieEmojisUploaded: 6 });
    // What Discord serves is the committed art.
    for (const [name, id] of emojis) {
      const face = Number(name.slice(-1)) as Die;
      const served = Buffer.from(await (await fetch(world.discord.emojiUrl(id))).arrayBuffer());
      expect(served.equals(fs.readFileSync(dieFacePath(face))), name).toBe(true);
    }

    const table = await freshBoard();
    const board = table.board();
    const rolled = dice(board);
    const dieButtons = controls(board).filter((control) => control.kind === 'keep');
    expect(dieButtons.map((button) => button.emoji)).toEqual(rolled.map((die) => `crag_d${die}`));
    expect(part(board, PART.dice)).toBe(
      `# ${rolled.map((die) => `<:crag_d${die}:${emojis.get(`crag_d${die}`)}>`).join(' ')}`,
    );
    await endGame(table);
    expect(world.discord.problems).toEqual([]);
  });

  it('reuses them after a restart without uploading again', async () => {
    const before = owned();
    const lists = world.discord.restCount('GET', EMOJIS);
    await world.bot.kill('SIGTERM');
    await world.startBot();
    expect(world.discord.restCount('POST', EMOJIS)).toBe(6);
    expect(world.discord.restCount('GET', EMOJIS)).toBe(lists + 1);
    expect(readyLine()).toMatchObject({ dice: 'emojis', dieEmojisUploaded: 0 });
    expect(owned()).toEqual(before);
    const table = await freshBoard();
    expect(part(table.board(), PART.dice)).toMatch(/^# (<:crag_d\d:\d+> ?){3}$/);
    await endGame(table);
  });

  it('falls back to Unicode faces, with one warning and no failed start, when the list or an upload is refused', async () => {
    // The list cannot be read.
    await world.bot.kill('SIGTERM');
    const refusedList = world.discord.failNextRest({
      method: 'GET',
      pathPattern: EMOJI_LIST,
      status: 403,
      code: 50001,
    });
    await world.startBot();
    await refusedList.served;
    expect(readyLine()).toMatchObject({ dice: 'unicode', dieEmojisUploaded: 0 });
    expect(emojiWarnings()).toHaveLength(1);
    let table = await freshBoard();
    const rolled = dice(table.board());
    expect(part(table.board(), PART.dice)).toBe(`# ${rolled.map((die) => '⚀⚁⚂⚃⚄⚅'[die - 1]).join(' ')}`);
    expect(controls(table.board()).every((control) => control.emoji === '')).toBe(true);
    await endGame(table);

    // A face went missing, and uploading it again is refused (the application holds 2,000 emojis).
    const sixes = owned().get('crag_d6') ?? '';
    const deleted = await rawRest(world.discord, 'DELETE', `/applications/${world.app.id}/emojis/${sixes}`, {
      token: world.app.token,
    });
    expect(deleted.status).toBe(204);
    await world.bot.kill('SIGTERM');
    const refusedUpload = world.discord.failNextRest({
      method: 'POST',
      pathPattern: EMOJI_LIST,
      status: 400,
      code: 30008,
      message: 'Maximum number of emojis reached (2000)',
    });
    await world.startBot();
    await refusedUpload.served;
    expect(readyLine()).toMatchObject({ dice: 'unicode' });
    expect(emojiWarnings()).toHaveLength(1);
    expect(emojiWarnings()[0]?.reason).toContain('30008');
    table = await freshBoard();
    expect(controls(table.board()).every((control) => control.emoji === '')).toBe(true);
    await endGame(table);

    // Once Discord takes it, the next start uploads only the missing face.
    const posts = world.discord.restCount('POST', EMOJIS);
    await world.bot.kill('SIGTERM');
    await world.startBot();
    expect(world.discord.restCount('POST', EMOJIS)).toBe(posts + 1);
    expect(readyLine()).toMatchObject({ dice: 'emojis', dieEmojisUploaded: 1 });
    expect(owned().size).toBe(6);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
