import { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  currentPlayerId,
  description,
  requireControl,
  rowChoices,
  scoreCardAttachment,
  title,
} from '../../harness/board.js';
import { boardGameVersion, readDatabase } from '../../harness/bot-database.js';
import { SCORE_CARD_FILE } from '../../src/bot/render/parts.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const EDIT = /^\/channels\/\d+\/messages\/\d+$/;
const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback$/;
/** A 1×1 PNG: a score card as far as the emulator's attachments go. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('races and faults', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 3, channels: ['faults', 'again', 'redrawn', 'unanswered', 'unseen'] });
    [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('applies a double click once and answers both; simultaneous joins both get a seat', async () => {
    const table = new Table(world);
    await table.open(alice);
    const joins = await Promise.all([table.click(bob, 'join'), table.click(carol, 'join')]);
    for (const outcome of joins) expect(outcome.ack).toBe('update');
    expect(description(table.board())).toContain('Players (3/5)');
    await table.act(alice, 'start');

    const before = boardGameVersion(world.dbPath, table.boardId);
    const reroll = requireControl(table.board(), 'reroll').customId;
    const both = await Promise.all([
      world.discord.clickButton({ user: alice, message: table.boardId, customId: reroll }),
      world.discord.clickButton({ user: alice, message: table.boardId, customId: reroll }),
    ]);
    expect(both.map((o) => o.ack).sort()).toEqual(['reply', 'update']);
    expect(both.find((o) => o.ack === 'reply')?.message?.content).toContain('moved on');
    expect(boardGameVersion(world.dbPath, table.boardId)).toBe(before + 1);

    // The player to act and a waiting player click at the same moment: one change, both answered.
    const [row = 'ones', other = 'twos'] = rowChoices(table.board()).map((choice) => choice.value);
    const [scored, waiting] = await Promise.all([table.chooseRow(alice, row), table.chooseRow(bob, other)]);
    expect(scored.ack, JSON.stringify(scored.message?.content ?? scored.error)).toBe('update');
    expect(waiting).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(boardGameVersion(world.dbPath, table.boardId)).toBe(before + 2);
    expect(currentPlayerId(table.board())).toBe(bob);
    await table.command(alice, 'end');
  });

  it('starts exactly one next game when Play again is pressed twice at once', async () => {
    const table = new Table(world, world.channel('again').id);
    await table.open(alice);
    await table.act(alice, 'start');
    while (!table.isFinished()) await table.chooseRow(alice, rowChoices(table.board())[0]?.value ?? 'ones');
    const presses = await Promise.all([table.click(alice, 'again'), table.click(alice, 'again')]);
    expect(presses.map((o) => o.ack).sort()).toEqual(['reply', 'update']);
    const games = readDatabase(world.dbPath, (db) =>
      db.prepare('SELECT COUNT(*) AS n FROM games WHERE channel_id = ?').get(world.channel('again').id),
    ) as { n: number };
    expect(games.n).toBe(2);
    expect(control(table.board(), 'again')).toBeUndefined();
  });

  /** A game of one person played to its final standings in `channel`. */
  async function finishedGame(channel: string): Promise<Table> {
    const table = new Table(world, world.channel(channel).id);
    await table.open(alice);
    await table.act(alice, 'start');
    while (!table.isFinished()) await table.chooseRow(alice, rowChoices(table.board())[0]?.value ?? 'ones');
    return table;
  }

  /** The game the channel has under way, as stored. */
  function gameIn(channel: string): { id: number; status: string; board: string | null } | undefined {
    return readDatabase(world.dbPath, (db) =>
      db
        .prepare(
          `SELECT id, status, board_message_id AS board FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1`,
        )
        .get(world.channel(channel).id),
    ) as { id: number; status: string; board: string | null } | undefined;
  }

  it('Play again keeps the score card that a redraw of the standings attached after the click', async () => {
    const table = await finishedGame('redrawn');
    const standings = table.board();
    const held = world.discord.holdNextRest({ method: 'POST', pathPattern: CALLBACK });
    const pressed = table.click(alice, 'again');
    await held.arrived;
    // While the click's answer is on its way, another drawing of the standings (the bot's own edit,
    // made here by hand) replaces the card the click's message named.
    const rest = new REST({ api: world.discord.apiUrl, version: '10' }).setToken(world.app.token);
    await rest.patch(Routes.channelMessage(world.channel('redrawn').id, standings.id), {
      body: { attachments: [{ id: 0, filename: SCORE_CARD_FILE }] },
      files: [{ name: SCORE_CARD_FILE, data: PNG }],
    });
    const redrawnCard = scoreCardAttachment(table.board());
    expect(redrawnCard?.url).not.toBe(scoreCardAttachment(standings)?.url);
    held.release();

    expect((await pressed).ack).toBe('update');
    expect(control(table.board(), 'again')).toBeUndefined();
    expect(scoreCardAttachment(table.board())).toEqual(redrawnCard);
    const next = await world.discord.waitFor(() => gameIn('redrawn')?.board);
    expect(title(world.discord.message(next)!)).toBe('Crag · round 1/13');
    expect(world.discord.problems).toEqual([]);
  });

  it('Play again posts the next board as its answer when taking the button off the standings fails', async () => {
    const table = await finishedGame('unanswered');
    const errorsBefore = world.bot.errors().length;
    // Discord errs on the update past discord.js's retries (one try and three more).
    const failed = world.discord.failNextRest({ method: 'POST', pathPattern: CALLBACK, status: 500, times: 4 });
    const pressed = await table.click(alice, 'again');
    await failed.served;
    expect(pressed).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(title(pressed.message!)).toBe('Crag · round 1/13');
    await world.discord.waitFor(() => gameIn('unanswered')?.board === pressed.message?.id);
    expect(gameIn('unanswered')?.status).toBe('playing');
    expect(world.bot.logs.some((line) => line.message === 'could not take Play again off the old standings')).toBe(
      true,
    );
    // The standings still offer Play again; the channel's game is the new one, so it is refused.
    const again = await table.click(alice, 'again');
    expect(again).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(world.bot.errors().slice(errorsBefore)).toEqual([]);
  });

  it('abandons the next game when Play again can post no board for it, and frees the channel', async () => {
    const table = await finishedGame('unseen');
    // The update and the reply that would carry the board both fail; the private apology gets through.
    const failed = world.discord.failNextRest({ method: 'POST', pathPattern: CALLBACK, status: 500, times: 8 });
    const pressed = await table.click(alice, 'again');
    await failed.served;
    expect(pressed).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(gameIn('unseen')).toMatchObject({ status: 'cancelled', board: null });
    const lobby = await table.open(alice);
    expect(title(lobby)).toBe('Crag · a new game is open');
    await table.command(alice, 'end');
  });

  it('rides out a gateway drop, a 429 on a board edit and a failed board edit', async () => {
    const table = new Table(world, world.channel('faults').id);
    await table.open(alice);
    await table.act(bob, 'join');
    await table.act(carol, 'join');
    await table.act(alice, 'start');
    await table.playTurn(alice);

    expect(await world.discord.dropGateway()).toBe('resumed');
    await table.playTurn(bob);
    expect(currentPlayerId(table.board())).toBe(carol);

    // A 429 on the edit that /crag leave makes: the client waits Retry-After and the edit lands.
    const limited = world.discord.failNextRest({
      method: 'PATCH',
      pathPattern: EDIT,
      status: 429,
      retryAfterSeconds: 1,
    });
    await table.command(carol, 'leave');
    await limited.served;
    await world.discord.waitFor(() => description(table.board()).includes('(left)'), { timeoutMs: 5_000 });
    expect(currentPlayerId(table.board())).toBe(alice);

    // An edit that fails outright (Discord erring past the client's retries) leaves the board
    // behind; the stored state stays right and the next click, refused as stale, brings it up to date.
    await table.playTurn(alice);
    const failed = world.discord.failNextRest({ method: 'PATCH', pathPattern: EDIT, status: 500, times: 4 });
    await table.command(bob, 'leave').then((o) => expect(o.ack).toBe('reply'));
    await failed.served;
    await world.discord.waitFor(() => world.bot.logs.some((line) => line.message === 'board redraw failed'));
    expect(currentPlayerId(table.board())).toBe(bob);
    const stale = await table.click(alice, 'reroll');
    expect(stale.message?.content).toContain('moved on');
    await world.discord.waitFor(() => currentPlayerId(table.board()) === alice);
    expect(description(table.board())).toContain('(left)');
    expect(world.discord.problems).toEqual([]);
  });
});
