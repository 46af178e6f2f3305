/**
 * Two hosts of one sharded bot: two `npm run start:sharded` launchers from the build, one running
 * shards 0 and 1 of 4 and the other shards 2 and 3, both on one PostgreSQL database, with games in
 * guilds of every shard at once. In half of them a player never acts, so their turns time out: a
 * timer that a second process would race the owner for. One shard's process is SIGKILLed mid-game;
 * its launcher respawns it and it re-arms its own games' timers from the database, and only those;
 * nor does it end another shard's lobby that has been left for a day (its sweep is for its own). Every game finishes, the server
 * leaderboards equal the sheets, and no guild's games are touched by a process of another shard:
 * every REST request about a guild names the shards of the process that sent it (in its User-Agent,
 * as the emulator reports it), and every computer move is logged with the shards of its process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, description, rowChoices } from '../../harness/board.js';
import { queryRows, type StoredState, storedStates, totalsAgainstSheets } from '../../harness/bot-database.js';
import { isDieEmojiRace } from '../../harness/die-emoji-race.js';
import {
  type ApplicationHandle,
  type ChannelHandle,
  type Emulator,
  type RestRequestView,
  startEmulator,
  type UserHandle,
} from '../../src/emulator/index.js';
import { seededRandom } from '../../src/game/index.js';
import { shardOfGuild } from '../../src/sharding/guild-ownership.js';
import { createDatabase } from '../support/postgres-databases.js';
import { type BotProcess, runDeploy } from './support/bot-process.js';
import { Table } from './support/table.js';
import { HOSTS, killTwoHosts, readyOf, shardsOf, startTwoHosts, TOTAL_SHARDS, until } from './support/two-hosts.js';

const GUILDS_PER_SHARD = 2;
const KILLED_SHARD = 1;
/**
 * Scored rows every game must have (of 39) before the kill: a round, so that each idle guest has
 * timed out once and its next deadlines are still to come, while the quick games are in full swing.
 */
const ROWS_BEFORE_KILL = 3;
/** A "minute" of the turn timer; games give one minute per turn, so an idle player times out after this. */
const TURN_TIMER_UNIT_MS = 1_500;
const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'];
/** Where a lobby is left untouched for over a day: a guild of another host's shard. */
const FORGOTTEN_SHARD = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Game {
  readonly shard: number;
  readonly guildId: string;
  readonly channel: ChannelHandle;
  readonly table: Table;
  readonly host: string;
  readonly guest: string;
  /** The guest never acts: each of their turns times out, until they are removed after three. */
  readonly idleGuest: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shards named in a User-Agent: `… crag-bot shards 1 of 4`. */
function shardsInUserAgent(userAgent: string | null): string | undefined {
  return /crag-bot shards ([\d,]+) of 4$/.exec(userAgent ?? '')?.[1];
}

describe('two hosts of a sharded bot on one PostgreSQL database', () => {
  let discord: Emulator;
  let app: ApplicationHandle;
  let people: UserHandle[];
  let dir: string;
  let databaseUrl: string;
  const games: Game[] = [];
  const hosts: BotProcess[] = [];
  const requests: RestRequestView[] = [];
  let forgotten: Table;

  beforeAll(async () => {
    databaseUrl = await createDatabase();
    discord = await startEmulator();
    app = discord.createApplication({ name: 'Crag' });
    people = NAMES.map((username) => discord.createUser({ username }));
    const world = { discord, channel: () => games[0]!.channel };
    for (let shard = 0; shard < TOTAL_SHARDS; shard += 1) {
      for (let k = 0; k < GUILDS_PER_SHARD; k += 1) {
        const guild = discord.createGuild({
          name: `shard ${shard} · ${k}`,
          ownerId: people[0]!.id,
          members: people.map((person) => person.id),
          bots: [app.id],
          shardOf: { shards: TOTAL_SHARDS, shard },
        });
        const channel = discord.createChannel(guild.id, { name: 'crag' });
        const i = games.length;
        games.push({
          shard,
          guildId: guild.id,
          channel,
          table: new Table(world, channel.id),
          host: people[i % people.length]!.id,
          guest: people[(i + 3) % people.length]!.id,
          idleGuest: k === 1,
        });
      }
    }
    const forgottenGuild = games.find((game) => game.shard === FORGOTTEN_SHARD)!.guildId;
    forgotten = new Table(world, discord.createChannel(forgottenGuild, { name: 'forgotten' }).id);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-sharding-'));
    const env = {
      DISCORD_TOKEN: app.token,
      DISCORD_CLIENT_ID: app.id,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_URL: databaseUrl,
      // Debug: every computer move is logged, with the shards of the process that made it.
      LOG_LEVEL: 'debug',
      COMPUTER_PAUSE_MS: '20',
      TURN_TIMER_UNIT_MS: String(TURN_TIMER_UNIT_MS),
    };
    // Global commands (no DISCORD_GUILD_ID), as a sharded bot in many servers has.
    const deployed = await runDeploy(env, dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    discord.on('restRequest', (request) => requests.push(request));
    hosts.push(...(await startTwoHosts(env, dir)));
  });

  afterAll(async () => {
    await killTwoHosts(hosts);
    await discord?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Plays a game to its final standings: random dice kept, rerolls, the best row; waits out a shard's absence. */
  async function drive(game: Game, random: (max: number) => number): Promise<{ clicks: number; failed: number }> {
    const { table } = game;
    let clicks = 0;
    let failed = 0;
    while (!table.isFinished()) {
      const board = table.board();
      const player = currentPlayerId(board);
      if (!player || (game.idleGuest && player === game.guest)) {
        await sleep(20); // The computer seat is moving, or the idle guest's turn is running out.
        continue;
      }
      const reroll = controls(board).find((c) => c.kind === 'reroll' && !c.disabled);
      const keeps = controls(board).filter((c) => c.kind === 'keep' && !c.disabled);
      const roll = random(4);
      let outcome: Awaited<ReturnType<Table['chooseRow']>>;
      if (reroll && roll === 0) {
        outcome = await discord.clickButton({ user: player, message: table.boardId, customId: reroll.customId });
      } else if (keeps.length > 0 && roll === 1) {
        const keep = keeps[random(keeps.length)]!;
        outcome = await discord.clickButton({ user: player, message: table.boardId, customId: keep.customId });
      } else {
        const choices = rowChoices(board);
        const best = choices.reduce((top, next) => (next.points > top.points ? next : top), choices[0]!);
        outcome = await table.chooseRow(player, best.value);
      }
      clicks += 1;
      if (outcome.ack === 'failed') {
        failed += 1; // The shard's process is down: Discord would say "This interaction failed".
        await sleep(50);
      } else if (outcome.ack !== 'update' && outcome.ack !== 'deferred-update') {
        // (A deferred update is the bot answering a click it could not draw within Discord's 3 s.)
        expect(outcome.ephemeral, JSON.stringify(outcome.message?.content)).toBe(true); // A stale board, refused.
        await sleep(20);
      }
    }
    return { clicks, failed };
  }

  /** The rows scored in a game, whether it is in play or over (and packed). */
  const rowsOf = (game: StoredState) =>
    Object.values(game.state.sheets).reduce((sum, sheet) => sum + Object.keys(sheet).length, 0);
  const rowsPerGame = async () =>
    (await storedStates({ kind: 'postgres', url: databaseUrl }))
      .filter((game) => game.status !== 'lobby')
      .map((game) => ({ gameId: game.id, rows: rowsOf(game) }));

  it('plays in guilds of every shard at once, respawns a killed shard, and never lets two shards touch one guild', {
    timeout: 600_000,
  }, async () => {
    const database = { kind: 'postgres', url: databaseUrl } as const;
    const [hostA, hostB] = hosts as [BotProcess, BotProcess];
    await Promise.all(
      games.map(async ({ table, host, guest }) => {
        await table.open(host, { computers: 1, level: 'easy', 'turn-timer': 1 });
        await table.act(guest, 'join');
        await table.act(host, 'start');
      }),
    );
    // A lobby nobody touched for a day: only its own shard may end it, and that shard is not restarted.
    await forgotten.open(people[1]!.id);
    await queryRows(
      database,
      'UPDATE games SET last_action_at = last_action_at - ? WHERE channel_id = ?',
      DAY_MS + 60_000,
      forgotten.channelId,
    );
    const forgottenStatus = async () =>
      (
        await queryRows<{ status: string }>(
          database,
          'SELECT status FROM games WHERE channel_id = ?',
          forgotten.channelId,
        )
      )[0]?.status;
    const random = seededRandom(20261201);
    const driving = Promise.all(games.map((game) => drive(game, random)));

    // Mid-game: the killed shard's games are in play, with timers to re-arm, and so are other shards'.
    await until(
      `${ROWS_BEFORE_KILL} rows in every game`,
      async () => {
        const rows = await rowsPerGame();
        return rows.length === games.length && rows.every((game) => game.rows >= ROWS_BEFORE_KILL) ? rows : undefined;
      },
      120_000,
    );
    const victim = hostA.logs.findLast(
      (line) => line.message === 'shard process started' && line.shard === KILLED_SHARD,
    );
    expect(readyOf(hostA, KILLED_SHARD)).toHaveLength(1);
    process.kill(victim?.pid as number, 'SIGKILL');
    await until('its launcher to see it die', () =>
      hostA.logs.find((line) => line.message === 'shard process died; respawning'),
    );
    // What is in play now stays so until the shard is back: nobody else may move its games.
    const playing = await queryRows<{ guildId: string }>(
      database,
      `SELECT guild_id AS "guildId" FROM games WHERE status = 'playing'`,
    );
    const playingThere = playing.filter((game) => shardOfGuild(game.guildId, TOTAL_SHARDS) === KILLED_SHARD).length;
    const respawned = await until('the killed shard to be respawned and ready', () =>
      readyOf(hostA, KILLED_SHARD).at(1),
    );
    // The respawned shard swept for abandoned games before it was ready: not another shard's.
    expect(await forgottenStatus()).toBe('lobby');
    const played = await driving;

    // Its launcher saw the death and respawned it; the new process re-armed its own games only.
    expect(hostA.logs).toContainEqual(
      expect.objectContaining({
        message: 'shard process died; respawning',
        shard: KILLED_SHARD,
        signal: 'SIGKILL',
        code: null,
      }),
    );
    expect(playingThere).toBeGreaterThan(0);
    expect(playing.length).toBeGreaterThan(playingThere);
    expect(respawned.gamesInPlay).toBe(playingThere);

    // Every game finished whole; results match the sheets.
    const guildOfGame = new Map(
      (await queryRows<{ id: number; guildId: string }>(database, 'SELECT id, guild_id AS "guildId" FROM games')).map(
        (game) => [game.id, game.guildId],
      ),
    );
    const forgottenIds = new Set(
      (await queryRows<{ id: number }>(database, 'SELECT id FROM games WHERE channel_id = ?', forgotten.channelId)).map(
        (game) => game.id,
      ),
    );
    const stored = (await storedStates(database)).filter((game) => !forgottenIds.has(game.id));
    expect(stored).toHaveLength(games.length);
    for (const game of stored) {
      expect(game.status).toBe('finished');
      expect(rowsOf(game)).toBe(13 * game.state.seats.length);
    }
    for (const row of await totalsAgainstSheets(database)) expect(row.total).toBe(row.sheetSum);

    // Each server's leaderboard, asked of its own shard, shows what its sheets add up to.
    const sums: { guildId: string; playerId: string; total: number }[] = [];
    for (const game of stored) {
      for (const [playerId, sheet] of Object.entries(game.state.sheets)) {
        if (playerId.startsWith('cpu-')) continue;
        const guildId = guildOfGame.get(game.id) ?? '';
        const points = Object.values(sheet).reduce((sum, entry) => sum + (entry?.points ?? 0), 0);
        const sum = sums.find((known) => known.guildId === guildId && known.playerId === playerId);
        if (sum) sum.total += points;
        else sums.push({ guildId, playerId, total: points });
      }
    }
    // Leaderboards name people as the server showed them at the table: here, their usernames.
    const named = (text: string) =>
      people.flatMap((person, i) => {
        const match = new RegExp(`${NAMES[i]} \\*\\*([\\d,]+)\\*\\*`).exec(text);
        return match ? [{ playerId: person.id, total: Number(match[1]?.replaceAll(',', '')) }] : [];
      });
    for (const game of games) {
      const board = await game.table.command(game.host, 'leaderboard', { scope: 'server' });
      expect(board).toMatchObject({ ack: 'reply', ephemeral: false });
      const shown = named(description(board.message!)).map((row) => ({ guildId: game.guildId, ...row }));
      const expected = sums.filter((sum) => sum.guildId === game.guildId);
      expect(expected).toHaveLength(2);
      // By total, and a tie by id: two people can end a series level.
      const ranked = (rows: { playerId: string; total: number }[]) =>
        rows.sort((a, b) => a.total - b.total || a.playerId.localeCompare(b.playerId));
      expect(ranked(shown)).toEqual(ranked(expected));
    }

    // Ownership, seen from Discord: every request about a guild came from a process of its shard.
    const guildIds = new Set(games.map((game) => game.guildId));
    const aboutGames = requests.filter((request) => request.guildId !== null && guildIds.has(request.guildId));
    const strays = aboutGames.filter(
      (request) => shardsInUserAgent(request.userAgent) !== String(shardOfGuild(request.guildId ?? '', TOTAL_SHARDS)),
    );
    expect(strays).toEqual([]);
    const botEdits = (guildId: string) =>
      aboutGames.filter(
        (request) =>
          request.guildId === guildId && request.method === 'PATCH' && request.route.startsWith('/channels/'),
      ).length;
    for (const game of games) expect(botEdits(game.guildId), `bot-token edits in ${game.guildId}`).toBeGreaterThan(0);

    // Ownership, seen from the logs: each host's lines come from its own shards, and every line
    // about a game (computer moves above all) from the process of that game's shard.
    const movesPerShard = new Map<number, number>();
    let timeOuts = 0;
    hosts.forEach((host, index) => {
      for (const line of host.logs) {
        const shards = shardsOf(line);
        if (!shards) continue;
        expect(shards).toHaveLength(1);
        expect(HOSTS[index]).toContain(shards[0]);
        const guildId = typeof line.gameId === 'number' ? guildOfGame.get(line.gameId) : line.guild;
        if (typeof guildId === 'string') expect(shardOfGuild(guildId, TOTAL_SHARDS), line.message).toBe(shards[0]);
        if (line.message === 'computer moved') {
          movesPerShard.set(shards[0]!, (movesPerShard.get(shards[0]!) ?? 0) + 1);
        }
        if (line.message === 'turn timed out') timeOuts += 1;
      }
    });
    expect([...movesPerShard.keys()].sort()).toEqual([0, 1, 2, 3]);
    const computerRows = stored
      .flatMap((game) => Object.entries(game.state.sheets))
      .filter(([playerId]) => playerId.startsWith('cpu-'))
      .reduce((sum, [, sheet]) => sum + Object.keys(sheet).length, 0);
    // Every computer row was scored by a logged move of the right shard (rerolls are moves too), and
    // every idle guest timed out three times (then was removed), by the right shard too.
    expect([...movesPerShard.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(computerRows);
    expect(timeOuts).toBeGreaterThanOrEqual(3 * games.filter((game) => game.idleGuest).length);

    expect(await forgottenStatus()).toBe('lobby');
    // A process deletes a turn ping, then records that it did: killed between the two, its
    // successor deletes the ping again and meets 10008, which the bot takes as done. A 404 is not
    // among the statuses Discord counts towards its ban (401, 403, 429); one per killed game at most.
    const killedChannels = new Set(games.filter((game) => game.shard === KILLED_SHARD).map((game) => game.channel.id));
    const pingDeletedTwice = (problem: (typeof discord.problems)[number]) =>
      problem.method === 'DELETE' && problem.code === 10008 && killedChannels.has(problem.path?.split('/')[2] ?? '');
    expect(discord.problems.filter(pingDeletedTwice).length).toBeLessThanOrEqual(killedChannels.size);
    const unexpected = discord.problems.filter(
      (problem) => problem.kind !== 'interaction-failed' && !isDieEmojiRace(problem) && !pingDeletedTwice(problem),
    );
    expect(unexpected).toEqual([]);
    expect(hosts.flatMap((host) => host.errors())).toEqual([]);

    // SIGTERM reaches every shard through its launcher; each stops cleanly, then the launcher.
    const exits = await Promise.all(hosts.map((host) => host.kill('SIGTERM')));
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    const stoppedCleanly = hosts.flatMap((host) =>
      host.logs.filter((line) => line.message === 'stopped cleanly').map((line) => shardsOf(line)?.[0]),
    );
    expect(stoppedCleanly.sort()).toEqual([0, 1, 2, 3]);
    expect(hostB.logs.some((line) => line.message === 'shard process died; respawning')).toBe(false);

    const clicks = played.reduce((sum, game) => sum + game.clicks, 0);
    const failed = played.reduce((sum, game) => sum + game.failed, 0);
    console.log(
      `sharding: ${games.length} games in ${TOTAL_SHARDS} shards on 2 hosts, ${clicks} clicks (${failed} failed while shard ${KILLED_SHARD} was down), ` +
        `${aboutGames.length} REST requests each from its guild's shard, ${[...movesPerShard.values()].join('/')} computer moves per shard, ${timeOuts} turns timed out`,
    );
  });
});
