/**
 * `/crag stats` and the skill ranking are a person's own across every place (issue 42): alice plays
 * a game in a server that added Crag, a game in a server that has not (through her own install), and
 * the daily deal in a group DM; her statistics are the same sum wherever she asks, her skill figure
 * counts all three games, and in the group DM and the server without Crag the bot's token is never
 * used (Discord would refuse it with Missing Access, counted as an invalid request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, part, texts, title } from '../../harness/board.js';
import { readDatabase } from '../../harness/bot-database.js';
import { PART } from '../../src/bot/render/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import { readPackedGame } from '../../src/store/packed-game.js';
import { runDeploy } from './support/bot-process.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

describe('statistics across every place', () => {
  let world: TestWorld;
  let alice: string;
  let elsewhere: string;
  let friends: string;

  beforeAll(async () => {
    // Short cooldowns: alice starts a second game moments after her first.
    world = await TestWorld.create({ people: 2, env: { COOLDOWN_MS: '500' } });
    alice = world.person(0).id;
    const bob = world.person(1).id;
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
    const guild = world.discord.createGuild({ name: 'Elsewhere', ownerId: bob, members: [alice] });
    elsewhere = world.discord.createChannel(guild.id, { name: 'general' }).id;
    friends = world.discord.createGroupDm({ ownerId: alice, recipients: [bob], name: 'friends' });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Alice against an easy computer, to the final standings. */
  async function playAgainstComputer(channel: string): Promise<void> {
    const table = new Table(world, channel);
    await table.open(alice, { computers: 1, level: 'easy' });
    await table.act(alice, 'start');
    while (await table.untilTurnOf(alice)) await table.playTurn(alice);
  }

  /** Alice's records of the normal games the database holds, and the decisions of every game of hers. */
  const aliceGames = () =>
    readDatabase(world.dbPath, (db) => {
      const states = (
        db.prepare("SELECT state FROM games WHERE status = 'finished' AND channel_id NOT LIKE 'daily-%'").all() as {
          state: string;
        }[]
      ).map((row) => readPackedGame(row.state)!);
      const skill = db
        .prepare(
          'SELECT COUNT(*) AS games, SUM(skill_loss) AS loss, SUM(decisions) AS decisions FROM game_results WHERE player_id = ?',
        )
        .get(alice) as { games: number; loss: number; decisions: number };
      const places = db.prepare('SELECT DISTINCT guild_id FROM games WHERE status = ?').all('finished').length;
      return {
        records: states.map((state) => recordGame(state).find((record) => record.playerId === alice)!),
        skill,
        places,
      };
    });

  it('shows one sum of a game in a server with Crag, a game in one without, and a daily deal in a group DM', async () => {
    await playAgainstComputer(world.channel().id);
    world.discord.resetRestCounts();
    await playAgainstComputer(elsewhere);
    // The daily deal in the group DM: its board is pressed there, through each press's own interaction.
    const daily = await world.discord.runCommand({
      user: alice,
      channel: friends,
      name: 'crag',
      subcommandGroup: 'daily',
      subcommand: 'play',
    });
    expect(daily.ack, daily.error ?? '').toBe('reply');
    const board = new Table(world, friends);
    board.boardId = daily.message!.id;
    while (control(board.board(), 'score')) await board.playTurn(alice);

    const { records, skill, places } = aliceGames();
    expect(records).toHaveLength(2);
    expect(skill.games).toBe(3);
    // Three places: the server with Crag, the one without, the group DM (keyed by its channel's id).
    expect(places).toBe(3);
    const best = Math.max(...records.map((record) => record.total));
    const average = ((records[0]!.total + records[1]!.total) / 2).toFixed(1);
    const perDecision = (skill.loss / skill.decisions).toFixed(3);
    const cards: string[][] = [];
    for (const channel of [world.channel().id, elsewhere, friends]) {
      const asked = await world.discord.runCommand({ user: alice, channel, name: 'crag', subcommand: 'stats' });
      expect(asked.ack, asked.error ?? '').toBe('reply');
      expect(asked.ephemeral).toBe(true);
      const card = asked.message!;
      // Named as the place knows her: by her mention in the group DM, where no game of hers finished.
      expect(title(card)).toBe(`Crag statistics · ${channel === friends ? `<@${alice}>` : 'alice'}`);
      const wins = records.filter((record) => record.won).length;
      expect(texts(card).join('\n')).toContain(`**all time**: 2 games · ${wins} win${wins === 1 ? '' : 's'}`);
      expect(texts(card).join('\n')).toContain(`average **${average}** · best **${best}**`);
      expect(texts(card).join('\n')).toContain(`Last 2 games: ${records.map((record) => record.total).join(' · ')}`);
      // The skill figure counts the daily deal too: three games' points lost over their decisions.
      expect(part(card, PART.skill)).toMatch(
        new RegExp(`^Skill: \\*\\*${perDecision.replace('.', '\\.')}\\*\\* points`),
      );
      cards.push(texts(card).filter((text) => text !== part(card, PART.skill) && text !== part(card, PART.title)));
    }
    // The same card wherever she asks (the skill line's median is each place's own).
    expect(cards[1]).toEqual(cards[0]);
    expect(cards[2]).toEqual(cards[0]);

    // The group DM's skill ranking lists her with all three games (its people are those who played there).
    const ranking = await world.discord.runCommand({
      user: alice,
      channel: friends,
      name: 'crag',
      subcommand: 'leaderboard',
      options: { 'rank-by': 'skill', 'min-games': 3, period: 'all' },
    });
    expect(ranking.ack, ranking.error ?? '').toBe('reply');
    expect(part(ranking.message!, PART.body)).toMatch(
      new RegExp(`^\\*\\*1\\.\\*\\* alice \\*\\*${perDecision.replace('.', '\\.')}\\*\\*`, 'm'),
    );

    // Where the bot is no member, only interaction responses and webhooks: no bot-token message.
    expect(world.discord.restCount('POST', '/channels/:channelId/messages')).toBe(0);
    expect(world.discord.restCount('PATCH', '/channels/:channelId/messages/:messageId')).toBe(0);
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('keeps a season to the place asking: alice has none in the group DM', async () => {
    const asked = await world.discord.runCommand({
      user: alice,
      channel: friends,
      name: 'crag',
      subcommand: 'stats',
      options: { period: 'season' },
    });
    expect(asked.ack, asked.error ?? '').toBe('reply');
    expect(asked.ephemeral).toBe(true);
    expect(asked.message?.content).toBe('You have no finished games here for season 1.');
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
  });
});
