/**
 * Statistics, history, seasons, the leaderboard and the export, through the real bot and the
 * emulator: games played click by click, then every figure checked against the games the database
 * holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allComponents, description, part, texts, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/index.js';
import { Permission } from '../../src/emulator/index.js';
import { CATEGORY_IDS, type GameState, type Rules, standings } from '../../src/game/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import { readPackedGame } from '../../src/store/packed-game.js';
import { parseCsv } from '../stats/parse-csv.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

const ONE: Rules = { rerolls: 1, thirteen: 'any' };
const TWO: Rules = { rerolls: 2, thirteen: 'any' };

/** The custom_ids of a message's buttons. */
function controlIds(message: Parameters<typeof allComponents>[0]): string[] {
  return allComponents(message).flatMap((component) =>
    component.custom_id === undefined ? [] : [component.custom_id],
  );
}

interface StoredFinished {
  id: number;
  channelId: string;
  boardMessageId: string | null;
  seriesId: number;
  seriesGameNumber: number;
  lastActionAt: number;
  state: GameState;
}

describe('statistics, history, seasons and the export', () => {
  let world: TestWorld;
  let alice: string;
  let bob: string;
  let carol: string;
  const names = new Map<string, string>();
  /** Final boards, by game id in the order the games finished. */
  const finalBoards: string[] = [];

  beforeAll(async () => {
    // Short cooldowns, on: sharing statistics waits six of them.
    world = await TestWorld.create({ people: 3, channels: ['house'], env: { COOLDOWN_MS: '500' } });
    [alice, bob, carol] = [0, 1, 2].map((i) => world.person(i).id) as [string, string, string];
    for (const [index, name] of ['alice', 'bob', 'carol'].entries()) names.set(world.person(index).id, name);
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** The finished games the database holds, oldest first, unpacked. */
  const finishedGames = (): StoredFinished[] =>
    readDatabase(world.dbPath, (db) =>
      (
        db
          .prepare(
            `SELECT id, channel_id, board_message_id, series_id, series_game_number, last_action_at, state
             FROM games WHERE status = 'finished' ORDER BY id`,
          )
          .all() as {
          id: number;
          channel_id: string;
          board_message_id: string | null;
          series_id: number;
          series_game_number: number;
          last_action_at: number;
          state: string;
        }[]
      ).map((row) => {
        const state = readPackedGame(row.state);
        if (!state) throw new Error(`finished game ${row.id} is not packed`);
        return {
          id: row.id,
          channelId: row.channel_id,
          boardMessageId: row.board_message_id,
          seriesId: row.series_id,
          seriesGameNumber: row.series_game_number,
          lastActionAt: row.last_action_at,
          state,
        };
      }),
    );

  async function playGame(table: Table, rules: Rules): Promise<Map<string, number>> {
    const totals = await playToTheEnd(table, rules);
    finalBoards.push(table.boardId);
    return totals;
  }

  async function playAgain(table: Table, player: string): Promise<void> {
    const again = await table.click(player, 'again');
    expect(again.ack).toBe('update');
    table.boardId = await world.discord.waitFor(() => world.discord.interaction(again.interactionId)?.followUpIds[0]);
  }

  it('shows a two-reroll series on the default leaderboard, in its own rules, by display name', async () => {
    const table = new Table(world, world.channel('house').id);
    await table.open(alice, { rerolls: 2 });
    await table.act(bob, 'join');
    await table.act(alice, 'start');
    const totals = await playGame(table, TWO);

    const leaderboard = await table.command(bob, 'leaderboard');
    expect(leaderboard).toMatchObject({ ack: 'reply', ephemeral: false });
    const lines = description(leaderboard.message!);
    expect(lines).not.toContain('No finished games yet');
    for (const [player, total] of totals) expect(lines).toContain(`${names.get(player)} **${total}** · 1 game`);
    expect(title(leaderboard.message!)).toBe(
      'Crag leaderboard · this channel’s series · two rerolls · Thirteen: any total of 13',
    );
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('keeps each person’s statistics, per rule set, equal to the games: privately, with a Share button', async () => {
    const table = new Table(world);
    // Bob hosts: Alice started the last game a moment ago, and would wait out her cooldown.
    await table.open(bob);
    await table.act(alice, 'join');
    await table.act(bob, 'start');
    await playGame(table, ONE);
    await playAgain(table, bob);
    await playGame(table, ONE);

    const asked = await table.command(alice, 'stats');
    expect(asked).toMatchObject({ ack: 'reply', ephemeral: true });
    const card = asked.message!;
    const games = finishedGames();
    const mine = games.map((game) => recordGame(game.state).find((record) => record.playerId === alice)!);
    expect(title(card)).toBe('Crag statistics · alice');
    const wins = mine.filter((record) => record.won).length;
    const [summary, ...ruleSets] = texts(card)
      .slice(1, -1)
      .filter((text) => text !== part(card, PART.skill) && text !== part(card, PART.rating));
    expect(summary).toBe(`**all time**: 3 games · ${wins} win${wins === 1 ? '' : 's'}`);
    // One part per rule set, the one played most first.
    expect(ruleSets.map((part) => part.split('\n')[0])).toEqual([
      '**one reroll · Thirteen: any total of 13**',
      '**two rerolls · Thirteen: any total of 13**',
    ]);
    const oneReroll = mine.slice(1);
    const text = ruleSets[0] ?? '';
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
    const oneWins = oneReroll.filter((record) => record.won).length;
    expect(text).toContain(
      `2 games · ${oneWins} win${oneWins === 1 ? '' : 's'} · average **${oneDecimal(mean(oneReroll.map((r) => r.total)))}** · best **${Math.max(...oneReroll.map((r) => r.total))}**`,
    );
    // Skill and luck per game, from the same analysis as "How did I play?".
    const signed = (value: number) => `${value >= 0 ? '+' : '−'}${oneDecimal(Math.abs(value))}`;
    expect(text).toContain(`Skill: **${signed(-mean(oneReroll.map((r) => r.skillLoss)))}** a game`);
    expect(text).toContain(`Luck: **${signed(mean(oneReroll.map((r) => r.luck)))}** a game`);
    expect(text).toContain(`Last 2 games: ${oneReroll.map((r) => r.total).join(' · ')}`);
    const sixes = mean(oneReroll.map((r) => r.rows.sixes));
    const sixesZeros = Math.round((100 * oneReroll.filter((r) => r.rows.sixes === 0).length) / 2);
    expect(text).toMatch(new RegExp(`\\nSixes +${oneDecimal(sixes).replace('.', '\\.')} +${sixesZeros}%\\n`));
    // The skill figure of the rule set played most: points lost per decision over its games.
    const perDecision =
      oneReroll.reduce((sum, r) => sum + r.skillLoss, 0) / oneReroll.reduce((sum, r) => sum + r.decisions, 0);
    expect(part(card, PART.skill)).toMatch(
      new RegExp(`^Skill: \\*\\*${perDecision.toFixed(3).replace('.', '\\.')}\\*\\* points lost per decision \\(95%: `),
    );
    const analysis = await table.click(alice, 'analysis');
    expect(description(analysis.message!)).toContain(`skill ${signed(-mine[2]!.skillLoss)}`);

    // Someone else's statistics come without a Share button.
    const bobs = await table.command(alice, 'stats', { player: bob });
    expect(title(bobs.message!)).toBe('Crag statistics · bob');
    expect(controlIds(bobs.message!)).toEqual([]);

    // Share posts them for the channel and takes the button off the private card.
    const [shareId = ''] = controlIds(card);
    expect(shareId).toBe(`crag-share:${alice}:all`);
    const shared = await world.discord.clickButton({ user: alice, message: card.id, customId: shareId });
    expect(shared.ack).toBe('update');
    const kept = world.discord.message(card.id)!;
    expect(controlIds(kept)).toEqual([]);
    expect(description(kept)).toBe(description(card));
    const postId = await world.discord.waitFor(() => world.discord.interaction(shared.interactionId)?.followUpIds[0]);
    const post = world.discord.message(postId)!;
    expect(world.discord.messageInfo(postId)?.visibleTo).toBeNull();
    expect(texts(post).at(-1)).toContain('Shared by alice');
    expect(texts(post).slice(0, -1)).toEqual(texts(card).slice(0, -1));
    // Nobody else can press it: their client never shows the button, and a forged click is refused.
    const forged = await world.discord.sendRawInteraction({
      user: bob,
      channel: world.channel().id,
      type: 3,
      message: postId,
      data: { custom_id: shareId, component_type: 2 },
    });
    expect(forged).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(forged.message?.content).toBe('Only the person who asked for these statistics can share them.');
    // And it cannot be spammed: a second share within the cooldown is refused, and posts nothing.
    const again = await table.command(alice, 'stats');
    const [secondId = ''] = controlIds(again.message!);
    const refused = await world.discord.clickButton({ user: alice, message: again.message!.id, customId: secondId });
    expect(refused).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(refused.message?.content).toMatch(/^You just did that; you can again <t:\d+:R>\.$/);
    expect(world.discord.interaction(refused.interactionId)?.followUpIds).toEqual([]);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('lists the last finished games of the channel or the server, with winners, totals and final boards', async () => {
    const games = finishedGames();
    const history = await new Table(world).command(carol, 'history');
    expect(history).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(title(history.message!)).toBe('Crag · the last games in this channel');
    const entries = description(history.message!).split('\n\n');
    const here = games.filter((game) => game.channelId === world.channel().id).reverse();
    expect(entries).toHaveLength(here.length);
    here.forEach((game, index) => {
      const entry = entries[index] ?? '';
      const link = `https://discord.com/channels/${world.guild.id}/${game.channelId}/${game.boardMessageId}`;
      expect(entry).toContain(`<t:${Math.floor(game.lastActionAt / 1000)}:R>`);
      expect(entry).toContain(`[final board](${link})`);
      for (const standing of standings(game.state)) {
        const medal = standing.place === 1 ? '🥇' : '🥈';
        expect(entry).toContain(`${medal} ${names.get(standing.playerId)} **${standing.total}**`);
      }
    });
    expect(new Set(games.map((game) => game.boardMessageId))).toEqual(new Set(finalBoards));
    const server = await new Table(world).command(carol, 'history', { scope: 'server' });
    expect(description(server.message!).split('\n\n')).toHaveLength(games.length);
    expect(description(server.message!)).toContain(`<#${world.channel('house').id}>`);
  });

  it('starts a season only for members who may Manage Server, and ranks the new season apart', async () => {
    const table = new Table(world);
    const byBob = await world.discord.runCommand({
      user: bob,
      channel: world.channel().id,
      name: 'crag',
      subcommandGroup: 'season',
      subcommand: 'new',
    });
    expect(byBob).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(byBob.message?.content).toBe('Only members who may Manage Server can do that.');
    expect(readDatabase(world.dbPath, (db) => db.prepare('SELECT COUNT(*) AS n FROM seasons').get())).toEqual({ n: 0 });

    const byAlice = await world.discord.runCommand({
      user: alice,
      channel: world.channel().id,
      name: 'crag',
      subcommandGroup: 'season',
      subcommand: 'new',
    });
    expect(byAlice).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(byAlice.message?.content).toBe(
      'alice started **season 2**. Leaderboards count from now on; season 1 stays on view with `season: 1`.',
    );
    expect(
      readDatabase(world.dbPath, (db) => db.prepare('SELECT guild_id, number, started_by FROM seasons').all()),
    ).toEqual([{ guild_id: world.guild.id, number: 2, started_by: alice }]);

    const empty = await table.command(carol, 'leaderboard', { period: 'season' });
    expect(title(empty.message!)).toBe(
      'Crag leaderboard · this server · season 2 · one reroll · Thirteen: any total of 13',
    );
    expect(part(empty.message!, PART.body)).toBe('No finished games yet. `/crag start` to play one!');

    table.boardId = finalBoards.at(-1) ?? '';
    await playAgain(table, alice);
    const totals = await playGame(table, ONE);
    const seasonTwo = await table.command(carol, 'leaderboard', { period: 'season' });
    for (const [player, total] of totals) {
      expect(description(seasonTwo.message!)).toContain(`${names.get(player)} **${total}** · 1 game`);
    }
    const seasonOne = await table.command(carol, 'leaderboard', { season: 1 });
    expect(title(seasonOne.message!)).toContain('season 1');
    expect(description(seasonOne.message!)).toMatch(/alice \*\*\d+\*\* · 2 games/);
    // The series spans both seasons: its board counts all three games.
    const series = await table.command(carol, 'leaderboard');
    expect(description(series.message!)).toMatch(/alice \*\*\d+\*\* · 3 games/);
    const future = await table.command(carol, 'leaderboard', { season: 3 });
    expect(future.message?.content).toBe('This server is in season 2: there is no season 3 yet.');
    const average = await table.command(carol, 'leaderboard', { 'rank-by': 'average', period: 'all', 'min-games': 3 });
    expect(description(average.message!)).toMatch(/^\*\*1\.\*\* (alice|bob) \*\*\d+\*\* · 3 games/);
    expect(part(average.message!, PART.footer)).toBe(
      '-# Ranked by average per game, among players with at least 3 games',
    );
    expect(world.discord.problems).toEqual([]);
  });

  it('ranks the server’s people by rating (μ − 3σ, with μ and σ), and shows each one’s rating and its trend', async () => {
    const table = new Table(world);
    const stored = readDatabase(
      world.dbPath,
      (db) =>
        db
          .prepare(`SELECT rated_id, mu, sigma, games FROM ratings WHERE rules = '1-any' ORDER BY mu - 3 * sigma DESC`)
          .all() as { rated_id: string; mu: number; sigma: number; games: number }[],
    );
    const people = stored.filter((row) => !row.rated_id.startsWith('computer:'));
    expect(people.length).toBeGreaterThanOrEqual(2);
    const one = (value: number) => value.toFixed(1);
    const board = await table.command(carol, 'leaderboard', { 'rank-by': 'rating', rerolls: 1, thirteen: 'any' });
    expect(board).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(title(board.message!)).toBe('Crag rating · this server · one reroll · Thirteen: any total of 13');
    const lines = part(board.message!, PART.body).split('\n\n')[0]!.split('\n');
    expect(lines).toEqual(
      people.map(
        (row, index) =>
          `**${index + 1}.** ${names.get(row.rated_id)} **${one(row.mu - 3 * row.sigma)}** (μ ${one(row.mu)}, σ ${one(row.sigma)}) · ${row.games} game${row.games === 1 ? '' : 's'}`,
      ),
    );
    expect(part(board.message!, PART.footer)).toContain('computers are rated but never ranked');
    // A rating is all-time: a period is refused, privately, saying why.
    const withPeriod = await table.command(carol, 'leaderboard', { 'rank-by': 'rating', period: 'week' });
    expect(withPeriod).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(withPeriod.message?.content).toContain('takes no series, period or season');

    // Under /crag stats: the rating of the rule set played most, and its move over the last games.
    const mine = people.find((row) => row.rated_id === alice)!;
    const changes = readDatabase(
      world.dbPath,
      (db) =>
        db
          .prepare(`SELECT mu, sigma FROM rating_changes WHERE rules = '1-any' AND rated_id = ? ORDER BY seq`)
          .all(alice) as { mu: number; sigma: number }[],
    );
    expect(changes).toHaveLength(mine.games);
    const stats = await table.command(alice, 'stats');
    const ratingLine = part(stats.message!, PART.rating);
    const covered = Math.min(changes.length, 10);
    const before = changes.length > 10 ? changes.at(-11)! : { mu: 25, sigma: 25 / 3 };
    const change = mine.mu - 3 * mine.sigma - (before.mu - 3 * before.sigma);
    const sign = change >= 0 ? '+' : '−';
    expect(ratingLine).toBe(
      `Rating **${one(mine.mu - 3 * mine.sigma)}** (μ ${one(mine.mu)}, σ ${one(mine.sigma)}) · ${sign}${one(Math.abs(change))} over the last ${covered} game${covered === 1 ? '' : 's'}`,
    );
    expect(world.discord.problems).toEqual([]);
  });

  it('exports the server’s finished games as CSV to members who may Manage Server, equal to the games', async () => {
    const table = new Table(world);
    const byBob = await table.command(bob, 'export');
    expect(byBob).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(byBob.message?.content).toBe('Only members who may Manage Server can do that.');

    // Manage Server granted to carol, not ownership: the permission is what counts.
    world.discord.setMemberPermissions(world.guild.id, carol, Permission.ManageGuild);
    const exported = await table.command(carol, 'export');
    expect(exported).toMatchObject({ ack: 'deferred-reply', ephemeral: true });
    const reply = await world.discord.waitForReply(exported.interactionId);
    const games = finishedGames();
    expect(reply.content).toBe(`This server’s finished games: ${games.length} games, one line per player per game.`);
    const [attachment] = reply.attachments as { url: string; filename: string }[];
    expect(attachment?.filename).toMatch(new RegExp(`^crag-${world.guild.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const bytes = new Uint8Array(await (await fetch(attachment!.url)).arrayBuffer());
    // A byte-order mark first, so that spreadsheets read UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(new TextDecoder().decode(bytes));
    expect(header).toEqual([
      'game_id',
      'finished_at',
      'channel_id',
      'series_id',
      'series_game',
      'rerolls',
      'thirteen',
      'player_id',
      'player_name',
      'computer',
      'left',
      'place',
      'total',
      ...CATEGORY_IDS,
      'skill_loss',
      'luck',
    ]);
    const results = readDatabase(
      world.dbPath,
      (db) =>
        db.prepare('SELECT game_id, player_id, skill_loss, luck FROM game_results').all() as {
          game_id: number;
          player_id: string;
          skill_loss: number | null;
          luck: number | null;
        }[],
    );
    const expected = games.flatMap((game) =>
      standings(game.state).map((standing) => {
        const result = results.find((row) => row.game_id === game.id && row.player_id === standing.playerId);
        const twoDecimals = (value: number | null | undefined) =>
          value === null || value === undefined ? '' : String(Math.round(value * 100) / 100);
        return [
          String(game.id),
          new Date(game.lastActionAt).toISOString(),
          game.channelId,
          String(game.seriesId),
          String(game.seriesGameNumber),
          String(game.state.rules.rerolls),
          game.state.rules.thirteen,
          standing.playerId,
          names.get(standing.playerId) ?? '',
          standing.computer ?? '',
          standing.left ? '1' : '0',
          String(standing.place),
          String(standing.total),
          ...CATEGORY_IDS.map((row) => String(game.state.sheets[standing.playerId]?.[row]?.points ?? '')),
          twoDecimals(result?.skill_loss),
          twoDecimals(result?.luck),
        ];
      }),
    );
    expect(records).toEqual(expected);
    expect(records.every((record) => record[9] === '')).toBe(true);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
