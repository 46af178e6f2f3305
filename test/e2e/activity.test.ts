import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, description, isFinalStandings, requireControl, totals } from '../../harness/board.js';
import type { TableView } from '../../src/activity/protocol.js';
import { decodeComponentId } from '../../src/bot/custom-id.js';
import { ACCESS_TOKEN_SECONDS } from '../../src/emulator/oauth2.js';
import { rawRest } from '../emulator/helpers.js';
import { runDeploy } from './support/bot-process.js';
import { freePort, scrape } from './support/ops-listener.js';
import { total } from './support/prometheus-text.js';
import { Table } from './support/table.js';
import { activityPort, exchangeAtTable, TableSocket } from './support/table-socket.js';
import { TestWorld } from './support/world.js';

/** On their turn, a player at the table takes the open row that scores most now (no rerolls). */
function bestRow(table: TableView): string {
  let best: { id: string; points: number } | undefined;
  for (const row of table.rows) {
    if (row.preview === null) continue;
    if (!best || row.preview > best.points) best = { id: row.id, points: row.preview };
  }
  if (!best) throw new Error('no open row');
  return best.id;
}

/**
 * Plays the game at the table to its end: each player on their turn takes the row that scores most.
 * With `keepAndRollFirst`, the first turn keeps a die and rolls once, which the watcher must see.
 */
async function playOut(
  players: ReadonlyMap<string, TableSocket>,
  watcher: TableSocket,
  options: { keepAndRollFirst?: boolean } = {},
): Promise<void> {
  for (let turn = 0; turn < 26; turn += 1) {
    const now = watcher.table;
    if (now?.status !== 'playing') break;
    const current = now.seats.find((seat) => seat.current)?.playerId;
    const socket = current ? players.get(current) : undefined;
    if (!socket) throw new Error(`nobody to play: ${JSON.stringify(now.seats)}`);
    // A socket's history may hold other games' tables: match this game's versions only.
    const same = (view: TableView) => view.gameId === now.gameId;
    const mine = await socket.tableWhere((view) => same(view) && view.version === now.version);
    if (turn === 0 && options.keepAndRollFirst) {
      // Keep the first die, roll the others once: everyone sees the keep and the roll.
      socket.send({ kind: 'keep', die: 0 });
      const kept = await watcher.tableWhere((view) => view.version === now.version + 1);
      // The roll is of the dice as kept: the player's own table must show the keep first.
      await socket.tableWhere((view) => view.version === kept.version);
      expect(kept.kept).toEqual([true, false, false]);
      socket.send({ kind: 'roll' });
      const rolled = await watcher.tableWhere((view) => view.version === now.version + 2);
      expect(rolled.dice[0]).toBe(kept.dice[0]);
      expect(rolled.rerollsLeft).toBe(0);
      const row = bestRow(await socket.tableWhere((view) => view.version === rolled.version));
      socket.send({ kind: 'choose', row });
      await watcher.tableWhere((view) => view.version > rolled.version);
      continue;
    }
    socket.send({ kind: 'choose', row: bestRow(mine) });
    await watcher.tableWhere((view) => same(view) && view.version > now.version);
  }
}

describe('Crag at the table (the Activity)', () => {
  let world: TestWorld;
  let port: number;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let voice: string;
  let opsPort: number;
  const sockets: TableSocket[] = [];
  const launches = async (labels: Record<string, string>) =>
    total((await scrape(opsPort)).samples, 'crag_table_launches_total', labels);

  beforeAll(async () => {
    opsPort = await freePort();
    world = await TestWorld.create({ people: 4, activities: true, env: { OPS_PORT: String(opsPort) } });
    port = activityPort(world.bot.logs);
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
    voice = world.channel('table').id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await world?.stop();
  });

  /** What the page does for a person: authorize in the client, exchange at /api/token, sit down. */
  async function sitDown(userId: string, instanceId: string): Promise<TableSocket> {
    const exchanged = await exchangeAtTable(port, world.discord.authorizeActivity(world.app.id, userId));
    expect(exchanged.status).toBe(200);
    const { access_token: token } = exchanged.body as { access_token: string };
    const socket = await TableSocket.open(port, token, instanceId);
    sockets.push(socket);
    return socket;
  }

  it('refuses a wrong or spent code at /api/token', async () => {
    expect(await exchangeAtTable(port, 'not-a-code')).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const code = world.discord.authorizeActivity(world.app.id, alice);
    expect((await exchangeAtTable(port, code)).status).toBe(200);
    expect((await exchangeAtTable(port, code)).status).toBe(400);
    world.discord.clearProblems();
  });

  it('plays a whole game at the table: two players, a spectator, the board in the voice chat, the leaderboard', async () => {
    // Alice opens the app launcher in the voice channel: Discord launches the Activity.
    expect(await world.discord.openFromLauncher({ user: alice, channel: voice, app: world.app.id })).toBeNull();
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('no Activity was launched');
    world.discord.launchActivity(world.app.id, voice, bob);
    world.discord.launchActivity(world.app.id, voice, carol);

    const atAlice = await sitDown(alice, instance.instanceId);
    const atBob = await sitDown(bob, instance.instanceId);
    const atCarol = await sitDown(carol, instance.instanceId);
    await atAlice.tableWhere((table) => table.status === 'none');
    atAlice.send({ kind: 'new-game' });
    await atBob.tableWhere((table) => table.status === 'lobby');
    atBob.send({ kind: 'join' });
    await atAlice.tableWhere((table) => table.seats.length === 2);
    atAlice.send({ kind: 'start' });
    const started = await atCarol.tableWhere((table) => table.status === 'playing');
    expect(started.you).toMatchObject({ seated: false, yourTurn: false });

    // The lobby's board was posted in the voice channel's text chat, and follows the table.
    const table = new Table(world, voice);
    table.boardId = await world.discord.waitFor(
      () => world.discord.messagesSeenBy(dave, voice).find((message) => message.author.id === world.app.botUser.id)?.id,
    );

    // A spectator's intents are refused; the table stays as it is.
    const before = atCarol.messages.length;
    atCarol.send({ kind: 'roll' });
    const refusal = await atCarol.next((message) => message.type === 'refused', before);
    expect(refusal).toMatchObject({ type: 'refused', text: 'You are not playing in this game.' });

    await playOut(
      new Map([
        [alice, atAlice],
        [bob, atBob],
      ]),
      atCarol,
      { keepAndRollFirst: true },
    );
    const final = await atCarol.tableWhere((view) => view.status === 'finished');
    expect(final.standings.map((standing) => standing.name).sort()).toEqual(['alice', 'bob']);

    // The standings reach the voice channel's text chat, and the game counts in the leaderboard there.
    await world.discord.waitFor(() => isFinalStandings(table.board()) || undefined);
    const shown = totals(table.board());
    for (const standing of final.standings) expect(shown.get(standing.name)).toBe(standing.total);
    const leaderboard = await table.command(dave, 'leaderboard');
    const lines = description(leaderboard.message ?? {});
    expect(lines).toContain('alice');
    expect(lines).toContain('bob');
    expect(world.bot.errors()).toEqual([]);
  });

  it('comes back to the same table after a dropped socket', async () => {
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('the Activity is gone');
    const again = await sitDown(alice, instance.instanceId);
    const table = await again.tableWhere((view) => view.gameId !== null);
    expect(table.status).toBe('finished');
    expect(table.you).toMatchObject({ id: alice, seated: true });
  });

  it('plays again from the table: the next game of the series, with its board in the chat', async () => {
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('the Activity is gone');
    const boardsBefore = world.discord
      .messagesSeenBy(dave, voice)
      .filter((message) => message.author.id === world.app.botUser.id).length;
    const atBob = await sitDown(bob, instance.instanceId);
    const finished = await atBob.tableWhere((view) => view.status === 'finished');
    atBob.send({ kind: 'again' }, finished.version);
    const next = await atBob.tableWhere((view) => view.status === 'playing' && view.gameId !== finished.gameId);
    // The seating turns by one, as Play again under the standings does.
    expect(next.seats.map((seat) => seat.name)).toEqual(['bob', 'alice']);
    await world.discord.waitFor(
      () =>
        world.discord.messagesSeenBy(dave, voice).filter((message) => message.author.id === world.app.botUser.id)
          .length > boardsBefore,
    );
  });

  it('refuses a socket whose person is not in the Activity instance', async () => {
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('the Activity is gone');
    const outsider = await sitDown(dave, instance.instanceId);
    const denied = await outsider.next((message) => message.type === 'denied');
    expect(denied.type).toBe('denied');
    expect(await outsider.closed).toBe(4403);
    const madeUp = await sitDown(alice, 'i-1-gc-1-1');
    expect(await madeUp.closed).toBe(4403);
    world.discord.clearProblems();
  });

  it('refuses an expired access token', async () => {
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('the Activity is gone');
    const token = world.discord.accessToken(world.app.id, alice);
    world.discord.advanceClock(ACCESS_TOKEN_SECONDS * 1000);
    const socket = await TableSocket.open(port, token, instance.instanceId);
    sockets.push(socket);
    const denied = await socket.next((message) => message.type === 'denied');
    expect(denied).toMatchObject({ text: 'Discord did not let you in: close the Activity and open it again.' });
    world.discord.clearProblems();
  });

  it('keeps the Entry Point command across a global redeploy', async () => {
    const globalEnv = { ...world.env, DISCORD_GUILD_ID: '' };
    for (let deploy = 0; deploy < 2; deploy += 1) {
      const deployed = await runDeploy(globalEnv, world.dir);
      expect(deployed.code, deployed.stderr).toBe(0);
    }
    const listed = await rawRest(world.discord, 'GET', `/applications/${world.app.id}/commands`, {
      token: world.app.token,
    });
    const commands = listed.body as { type: number; name: string; handler?: number }[];
    expect(commands.filter((command) => command.type === 4)).toEqual([
      expect.objectContaining({ name: 'launch', handler: 2 }),
    ]);
    expect(commands.some((command) => command.name === 'crag' && command.type === 1)).toBe(true);
  });

  it('answers the Entry Point command with LAUNCH_ACTIVITY when the app handles it', async () => {
    const path = `/applications/${world.app.id}/commands`;
    const listed = (await rawRest(world.discord, 'GET', path, { token: world.app.token })).body as {
      id: string;
      type: number;
    }[];
    const entry = listed.find((command) => command.type === 4);
    const patched = await rawRest(world.discord, 'PATCH', `${path}/${entry?.id}`, {
      token: world.app.token,
      body: { handler: 1 },
    });
    expect(patched.status).toBe(200);
    const outcome = await world.discord.openFromLauncher({ user: dave, channel: voice, app: world.app.id });
    expect(outcome?.ack).toBe('launch-activity');
    expect(world.discord.activityIn(world.app.id, voice)?.users).toContain(dave);
    // Counted (docs/operating.md): launches from the App Launcher, apart from the lobby's button.
    expect(await launches({ via: 'entry-point', outcome: 'launched' })).toBe(1);
    expect(await launches({ via: 'button' })).toBe(0);
  });

  it("offers Play at the table on a voice channel's lobby only; pressing it opens the table on that lobby", async () => {
    // The game played again above is still on: it ends, and the voice channel is free.
    const inVoice = new Table(world, voice);
    expect((await inVoice.command(alice, 'end')).ack).toBe('reply');
    const inText = new Table(world);
    const textLobby = await inText.open(bob);
    expect(controls(textLobby).map((control) => control.kind)).not.toContain('table');

    const lobby = await inVoice.open(bob);
    const button = requireControl(lobby, 'table');
    expect(button.label).toBe('Play at the table');
    const gameId = decodeComponentId(button.customId)?.gameId;
    const launched = await inVoice.click(alice, 'table');
    expect(launched.ack, launched.error ?? '').toBe('launch-activity');
    expect(await launches({ via: 'button', outcome: 'launched' })).toBe(1);
    const instance = world.discord.activityIn(world.app.id, voice);
    expect(instance?.users).toContain(alice);

    // The table is the channel's: it opens on the lobby the button was on.
    const atAlice = await sitDown(alice, instance?.instanceId ?? '');
    const seen = await atAlice.tableWhere((view) => view.status === 'lobby');
    expect(seen.gameId).toBe(gameId);
    atAlice.send({ kind: 'join' });
    await world.discord.waitFor(() => (description(inVoice.board()).includes('2. alice') ? true : undefined));
    expect(controls(inVoice.board()).map((control) => control.kind)).toContain('table');
    // Once the game is under way the board offers no table any more (the table is already open).
    expect((await inVoice.click(bob, 'start')).ack).toBe('update');
    await atAlice.tableWhere((view) => view.status === 'playing');
    await world.discord.waitFor(() =>
      controls(inVoice.board()).some((control) => control.kind === 'table') ? undefined : true,
    );
    expect((await inVoice.command(alice, 'end')).ack).toBe('reply');
    expect((await inText.command(alice, 'end')).ack).toBe('reply');
    expect(world.bot.errors()).toEqual([]);
  });

  it("holds the server's house rules at the table: its starter role and its defaults, as /crag start and the buttons do", async () => {
    const regulars = world.discord.createRole(world.guild.id, { name: 'Regulars', permissions: 0n });
    const settings = (subcommand: string, options: Record<string, string | number | boolean>) =>
      world.discord.runCommand({
        user: alice,
        channel: world.channel().id,
        name: 'crag-settings',
        subcommand,
        options,
      });
    const set = await settings('starter-role', { role: regulars.id });
    expect(set.ack, set.error ?? '').toBe('reply');
    const twoRerolls = await settings('defaults', { rerolls: 2 });
    expect(twoRerolls.ack, twoRerolls.error ?? '').toBe('reply');
    const instance = world.discord.activityIn(world.app.id, voice);
    if (!instance) throw new Error('the Activity is gone');
    world.discord.launchActivity(world.app.id, voice, bob);
    const atAlice = await sitDown(alice, instance.instanceId);
    const atBob = await sitDown(bob, instance.instanceId);
    const roleRefusal = `Only members with the <@&${regulars.id}> role, or with Manage Server, can start games here.`;

    await atBob.tableWhere((view) => view.status === 'cancelled' || view.status === 'finished');
    const before = atBob.messages.length;
    atBob.send({ kind: 'new-game' });
    expect(await atBob.next((message) => message.type === 'refused', before)).toMatchObject({
      text: expect.stringContaining(roleRefusal),
    });
    // alice manages the server: she may.
    atAlice.send({ kind: 'new-game' });
    await atBob.tableWhere((view) => view.status === 'lobby');
    atBob.send({ kind: 'join' });
    await atAlice.tableWhere((view) => view.seats.length === 2);
    atAlice.send({ kind: 'start' });
    const playing = await atBob.tableWhere((view) => view.status === 'playing');
    // The server's default, as for a /crag start that names no option.
    expect(playing.rerollsLeft).toBe(2);
    await playOut(
      new Map([
        [alice, atAlice],
        [bob, atBob],
      ]),
      atBob,
    );
    const finished = await atBob.tableWhere((view) => view.status === 'finished' && view.gameId === playing.gameId);
    const refusedAt = atBob.messages.length;
    atBob.send({ kind: 'again' }, finished.version);
    expect(await atBob.next((message) => message.type === 'refused', refusedAt)).toMatchObject({
      text: expect.stringContaining(roleRefusal),
    });
    world.discord.assignRole(world.guild.id, bob, regulars.id);
    atBob.send({ kind: 'again' }, finished.version);
    await atBob.tableWhere((view) => view.status === 'playing' && view.gameId !== finished.gameId);
    const cleared = await settings('starter-role', { clear: true });
    expect(cleared.ack, cleared.error ?? '').toBe('reply');
    expect((await settings('defaults', { rerolls: 1 })).ack).toBe('reply');
    expect(world.bot.errors()).toEqual([]);
  });

  it('keeps the bot running when the Activity port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    const { port: busy } = taken.address() as net.AddressInfo;
    try {
      await world.bot.kill();
      const bot = await world.startBot({ ACTIVITY_PORT: String(busy) });
      await world.discord.waitFor(() =>
        bot.errors().some((line) => line.message === 'the Activity could not be served; the bot runs without it'),
      );
      expect(bot.running).toBe(true);
      const rules = await new Table(world, voice).command(dave, 'rules');
      expect(rules.ack).toBe('reply');
    } finally {
      taken.close();
    }
  });
});
