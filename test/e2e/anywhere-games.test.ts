/**
 * A game in each place a person's own install reaches (issue 42), through the real client: alice
 * against an easy computer, with a turn time-out, a 16-minute pause and a restart of the bot in it,
 * to the final standings.
 *
 * Where the bot is not a member (a group DM, a server without Crag), every drawing goes through an
 * interaction's token. In the token's last two minutes the board shows "Bring the game back"; a
 * time-out that falls due after the token ran out is held (also across the restart) and applied once
 * at the press of that control, whose update (type 7) brings the board back with a fresh token. Not
 * one bot-token request reaches those channels, and the emulator's log holds no 40094 (a sixth
 * follow-up), no 50027 or 401 (an expired token), no invalid request and no "interaction failed".
 * In the DM with the bot, "0" owns the interaction: the bot's own token keeps the board, which never
 * waits, and the time-outs are applied on time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, currentPlayerId, rowChoices, type ShownMessage } from '../../harness/board.js';
import { answerAfterDeferral } from '../../harness/deferred-answer.js';
import { BOT_ENTRY, runDeploy } from './support/bot-process.js';
import { SharedClock } from './support/shared-clock.js';
import { STANDER, Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** One "minute" of the turn timer: the games run with a one-minute timer, so a turn lasts this long. */
const MINUTE_MS = 4_000;
const MINUTES = 60_000;

/** A place to play, set up in the world; the game there is alice's. */
interface Place {
  readonly name: string;
  /** Creates the place; its channel's id. */
  readonly open: (world: TestWorld) => string;
  /** The bot is not a member there: the board is reached through interaction tokens alone, and may wait. */
  readonly viaWebhooks: boolean;
}

/**
 * The places. A server where alice lacks Use External Apps (a private game) is one more row, with
 * what differs there (h42-private).
 */
const PLACES: readonly Place[] = [
  {
    name: 'a group DM under a user install only',
    viaWebhooks: true,
    open: (world) =>
      world.discord.createGroupDm({ ownerId: world.person(0).id, recipients: [world.person(1).id], name: 'Dice' }),
  },
  {
    name: 'a server where the bot is not installed',
    viaWebhooks: true,
    open: (world) => {
      const [alice, bob] = [world.person(0).id, world.person(1).id];
      const guild = world.discord.createGuild({ name: 'Elsewhere', ownerId: bob, members: [alice] });
      return world.discord.createChannel(guild.id, { name: 'general' }).id;
    },
  },
  {
    name: 'a DM with the bot',
    viaWebhooks: false,
    open: (world) => world.discord.dmChannel(world.person(0).id, world.app.id),
  },
];

const BRING_BACK = /^crag-back:1:\d+$/;

function bringBackControl(board: ShownMessage) {
  return controls(board).find((control) => BRING_BACK.test(control.customId));
}

describe('a game with a computer, a time-out, a pause and a restart, in each place', () => {
  const clock = new SharedClock();
  let world: TestWorld;
  let alice: string;

  beforeAll(async () => {
    world = await TestWorld.create({
      people: 2,
      env: { TURN_TIMER_UNIT_MS: String(MINUTE_MS), ...clock.env },
      botEntry: { entry: BOT_ENTRY, nodeArgs: clock.nodeArgs },
    });
    alice = world.person(0).id;
    // Commands registered globally, for both installs, as in production.
    const deployed = await runDeploy({ ...world.env, DISCORD_GUILD_ID: '' }, world.dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    world.discord.installToUser(world.app.id, alice);
  });
  afterAll(async () => {
    await world?.stop();
    clock.remove();
  });

  /** Log lines of every bot process so far with this message about this game. */
  const logged = (message: string, gameId: number) =>
    world.botHistory.flatMap((bot) => bot.logs).filter((line) => line.message === message && line.gameId === gameId);

  /** Alice's turn is on the board, with `open` rows left on her sheet (each time-out or turn fills one). */
  const aliceToPlay = (table: Table, open: number) =>
    world.discord.waitFor(() => currentPlayerId(table.board()) === alice && rowChoices(table.board()).length === open, {
      timeoutMs: 6 * MINUTE_MS,
      description: `alice to play with ${open} rows open`,
    });

  async function restartBot(downMs = 0): Promise<void> {
    await world.bot.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await world.startBot();
  }

  it.each(PLACES)('$name', async (place) => {
    const table = new Table(world, place.open(world));
    world.discord.resetRestCounts();
    await table.open(alice, { computers: 1, level: 'easy', 'turn-timer': 1 });
    await table.act(alice, 'start');
    const gameId = controls(table.board())[0]?.gameId ?? 0;
    await aliceToPlay(table, 13);
    await table.playTurn(alice, STANDER);

    // A turn time-out, applied on time: the token of alice's last press has minutes left.
    await aliceToPlay(table, 12);
    await aliceToPlay(table, 11);
    expect(logged('turn timed out', gameId)).toHaveLength(1);
    await table.playTurn(alice, STANDER);

    // The pause: nobody presses for 16 minutes. At 13.5, the time-out falls in the last minutes of
    // the token of alice's last press: applied, and drawn (through that token) with the control.
    await aliceToPlay(table, 10);
    await clock.advance(world, 13.5 * MINUTES);
    await aliceToPlay(table, 9);
    expect(bringBackControl(table.board()) !== undefined).toBe(place.viaWebhooks);
    await clock.advance(world, 2.5 * MINUTES);

    if (place.viaWebhooks) {
      // The next time-out finds no token that can draw the board: held, and held again by the
      // restarted bot, whose re-armed timer finds the board still waiting.
      await world.discord.waitFor(() => logged('turn time-out held until a press', gameId).length === 1, {
        timeoutMs: 3 * MINUTE_MS,
      });
      await restartBot();
      await world.discord.waitFor(() => logged('turn time-out held until a press', gameId).length === 2, {
        timeoutMs: 3 * MINUTE_MS,
      });
      expect(rowChoices(table.board())).toHaveLength(9);
      const control = bringBackControl(table.board());
      if (!control) throw new Error('no Bring the game back on the waiting board');
      // Bob is in the place but not at the table: told so, privately, and the time-out stays held.
      const stranger = await world.discord.clickButton({
        user: world.person(1).id,
        message: table.boardId,
        customId: control.customId,
      });
      expect(stranger).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(rowChoices(table.board())).toHaveLength(9);
      const pressed = await answerAfterDeferral(
        world.discord,
        await world.discord.clickButton({ user: alice, message: table.boardId, customId: control.customId }),
      );
      expect(pressed.ack, pressed.error ?? '').toMatch(/^(update|deferred-update)$/);
      expect(pressed.message?.id).toBe(table.boardId);
      // The held time-out was applied once, at the press; the computer moved and it is alice's turn.
      await aliceToPlay(table, 8);
      expect(logged('held turn time-out applied at a press', gameId)).toHaveLength(1);
      expect(logged('turn timed out', gameId)).toHaveLength(2);
      expect(bringBackControl(table.board())).toBeUndefined();
    } else {
      // The bot's own token never runs out: the time-out is applied on time, and the board never waits.
      await aliceToPlay(table, 8);
      await table.playTurn(alice, STANDER);
      // Down for a whole turn: the restarted bot applies the time-out that fell due meanwhile, once.
      await restartBot(MINUTE_MS);
      await aliceToPlay(table, 6);
      expect(logged('turn timed out', gameId)).toHaveLength(4);
      expect(logged('turn time-out held until a press', gameId)).toEqual([]);
    }

    while (await table.untilTurnOf(alice)) await table.playTurn(alice, STANDER);
    expect(table.isFinished()).toBe(true);
    if (place.viaWebhooks) {
      // Not one request with the bot's token reached the place: Discord would refuse it (Missing Access).
      const botTokenRoutes = Object.keys(world.discord.restCounts()).filter((route) => route.includes('/channels/'));
      expect(botTokenRoutes).toEqual([]);
    }
    expect(world.discord.invalidRequests({ appId: world.app.id })).toBe(0);
    expect(world.discord.problems).toEqual([]);
    expect(world.botHistory.flatMap((bot) => bot.errors())).toEqual([]);
  });
});
