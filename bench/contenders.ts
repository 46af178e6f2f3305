import path from 'node:path';
import { requireControl } from '../harness/board.js';
import { BOT_ENTRY, ROOT } from '../harness/kit/bot-process.js';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import type { Emulator, InteractionOutcome } from '../src/emulator/index.js';
import { BASELINE_IDS } from './baseline-board.js';
import { PERSISTING_IDS } from './persisting-baseline.js';
import { BaselineTable, GameTable, type LoadTable, PersistingTable } from './tables.js';
import { type BenchServer, type BenchWorld, playersAt } from './world.js';

/** The baseline bot (bench/baseline-bot.ts) from the build. */
export const BASELINE_ENTRY = path.join(ROOT, 'dist/bench/baseline-bot.js');
/** The persisting baseline (bench/persisting-baseline.ts) from the build. */
export const PERSISTING_ENTRY = path.join(ROOT, 'dist/bench/persisting-baseline-bot.js');

/** Every interaction of a lobby, for the figures of that phase. */
export interface LobbyRecord {
  readonly latencies: number[];
  failed: number;
  refused: number;
}

/** One of the bots the bench drives the same way. */
export interface Contender {
  readonly name: 'game' | 'baseline' | 'persisting-baseline';
  readonly appId: string;
  readonly entry: string;
  readonly env: Readonly<Record<string, string>>;
  /** Posts a board in the server's channel and returns the table that plays on it. */
  openTable(server: BenchServer, index: number): Promise<LoadTable>;
  /** Fills the channel the way a new game does: a command, a click per player joining, Start. */
  openLobby(server: BenchServer, index: number, record: LobbyRecord): Promise<void>;
}

function expectAck(outcome: InteractionOutcome, ack: InteractionOutcome['ack'], what: string): void {
  if (outcome.ack !== ack) throw new Error(`${what}: expected ${ack}, got ${outcome.ack} ${outcome.error ?? ''}`);
}

/**
 * A lobby's command that was not answered in time is already counted as failed: its channel stays
 * without a game, and the figures say so (`lobby_failed`), rather than the step ending on a busy
 * machine. Any other answer without a message is the bench's bug.
 */
function missedOpening(opened: InteractionOutcome, command: string): void {
  if (opened.ack !== 'failed') throw new Error(`${command} posted no message: ${opened.ack} ${opened.error ?? ''}`);
}

async function timed(
  clock: InteractionClock,
  record: LobbyRecord,
  expected: InteractionOutcome['ack'],
  send: () => Promise<InteractionOutcome>,
): Promise<InteractionOutcome> {
  const { outcome, ms } = await clock.time(send);
  record.latencies.push(ms);
  if (outcome.ack === 'failed') record.failed += 1;
  else if (outcome.ack !== expected) record.refused += 1;
  return outcome;
}

export function gameContender(
  discord: Emulator,
  world: BenchWorld,
  clock: InteractionClock,
  env: Readonly<Record<string, string>>,
): Contender {
  const command = (user: string, channel: string, subcommand: string, options?: Record<string, number>) =>
    discord.runCommand({ user, channel, name: 'crag', subcommand, ...(options ? { options } : {}) });
  return {
    name: 'game',
    appId: world.crag.id,
    entry: BOT_ENTRY,
    env,
    async openTable(server, index) {
      const players = playersAt(server, index).map((person) => person.id);
      // The game in play was stored before the bot started; /crag board posts it in the channel.
      const { outcome } = await clock.time(() => command(players[0]!, server.channelId, 'board'));
      expectAck(outcome, 'reply', '/crag board');
      if (!outcome.message) throw new Error('/crag board posted no message');
      return new GameTable(discord, outcome.message.id, players);
    },
    async openLobby(server, index, record) {
      const [host, ...others] = playersAt(server, index).map((person) => person.id);
      if (!host) throw new Error('no host');
      const opened = await timed(clock, record, 'reply', () =>
        command(host, server.channelId, 'start', { 'turn-timer': 60 }),
      );
      const lobby = opened.message;
      if (!lobby) return missedOpening(opened, '/crag start');
      for (const user of others) {
        const customId = requireControl(discord.message(lobby.id) ?? lobby, 'join').customId;
        await timed(clock, record, 'update', () => discord.clickButton({ user, message: lobby.id, customId }));
      }
      const customId = requireControl(discord.message(lobby.id) ?? lobby, 'start').customId;
      await timed(clock, record, 'update', () => discord.clickButton({ user: host, message: lobby.id, customId }));
    },
  };
}

/** What sets one `/bench` bot apart from the other: its app and process, its dice's ids, its table. */
interface BenchCommandBot {
  readonly name: 'baseline' | 'persisting-baseline';
  readonly appId: string;
  readonly entry: string;
  readonly keepIds: readonly string[];
  readonly table: (boardId: string, players: readonly string[]) => LoadTable;
}

/** A baseline: `/bench` posts its board, and the lobby is a press per player on it. */
function benchCommandContender(
  discord: Emulator,
  clock: InteractionClock,
  env: Readonly<Record<string, string>>,
  bot: BenchCommandBot,
): Contender {
  // Both baselines register /bench: each names its own app.
  const post = (user: string, channel: string) => discord.runCommand({ user, channel, name: 'bench', app: bot.appId });
  return {
    name: bot.name,
    appId: bot.appId,
    entry: bot.entry,
    env,
    async openTable(server, index) {
      const players = playersAt(server, index).map((person) => person.id);
      const { outcome } = await clock.time(() => post(players[0]!, server.channelId));
      expectAck(outcome, 'reply', '/bench');
      if (!outcome.message) throw new Error('/bench posted no message');
      return bot.table(outcome.message.id, players);
    },
    async openLobby(server, index, record) {
      const players = playersAt(server, index).map((person) => person.id);
      const opened = await timed(clock, record, 'reply', () => post(players[0]!, server.channelId));
      const message = opened.message;
      if (!message) return missedOpening(opened, '/bench');
      // As many clicks as the game's lobby needs: one per player joining, then Start.
      for (const [i, user] of players.entries()) {
        const customId = bot.keepIds[i % 3]!;
        await timed(clock, record, 'update', () => discord.clickButton({ user, message: message.id, customId }));
      }
    },
  };
}

export function baselineContender(
  discord: Emulator,
  world: BenchWorld,
  clock: InteractionClock,
  env: Readonly<Record<string, string>>,
): Contender {
  return benchCommandContender(discord, clock, env, {
    name: 'baseline',
    appId: world.baseline.id,
    entry: BASELINE_ENTRY,
    keepIds: BASELINE_IDS.keep,
    table: (boardId, players) => new BaselineTable(discord, boardId, players),
  });
}

export function persistingContender(
  discord: Emulator,
  world: BenchWorld,
  clock: InteractionClock,
  env: Readonly<Record<string, string>>,
): Contender {
  if (!world.persisting) throw new Error('this world has no persisting baseline');
  return benchCommandContender(discord, clock, env, {
    name: 'persisting-baseline',
    appId: world.persisting.id,
    entry: PERSISTING_ENTRY,
    keepIds: PERSISTING_IDS.keep,
    table: (boardId, players) => new PersistingTable(discord, boardId, players),
  });
}
