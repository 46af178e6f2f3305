import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { Ledger, type StoredGameState } from '../../soak/ledger.js';
import { RefusalCodes } from '../../soak/refusal-codes.js';
import { SoakTable, type TableContext } from '../../soak/table.js';
import { Tally } from '../../soak/tally.js';
import type { EmulatedMessage, Emulator, InteractionOutcome } from '../../src/emulator/index.js';
import type { GameState } from '../../src/game/index.js';

const GAME = 7;
const PEOPLE = ['100000000000000001', '100000000000000002'];

const board = (id: string, version: number) =>
  ({
    id,
    content: '',
    flags: 0,
    components: [{ type: ComponentType.Button, custom_id: `crag:${GAME}:${version}:sheet`, label: 'Sheet' }],
  }) as unknown as EmulatedMessage;

const cooldown = (untilMs: number) =>
  ({
    id: 'refusal',
    content: `You just did that; you can again <t:${Math.ceil(untilMs / 1000)}:R>.`,
    flags: 64,
    components: [],
  }) as unknown as EmulatedMessage;

const outcome = (message: EmulatedMessage, ephemeral: boolean): InteractionOutcome => ({
  interactionId: String(Math.random()),
  ack: 'reply',
  ephemeral,
  message,
  modal: null,
  error: null,
});

/** A table at the end of the soak, against a fake Discord whose `/crag board` answers are scripted. */
function tableWith(answer: (user: string) => InteractionOutcome, messages = new Map<string, EmulatedMessage>()) {
  const ledger = new Ledger();
  const tally = new Tally();
  const discord = {
    runCommand: async ({ user }: { user: string }) => answer(user),
    message: (id: string) => messages.get(id),
  } as unknown as Emulator;
  const ctx: TableContext = {
    discord,
    clock: { time: async (send: () => Promise<InteractionOutcome>) => ({ outcome: await send(), sentAt: 0, ms: 0 }) },
    ledger,
    codes: new RefusalCodes(),
    tally,
    startedAt: 0,
    thinkMs: 1000,
    random: () => 0,
  } as unknown as TableContext;
  const spec = { index: 0, guildId: '1', channelId: '2', threadId: undefined, people: PEOPLE, computers: 1 };
  return { table: new SoakTable(ctx, spec), ledger, tally };
}

const stored = (version: number): StoredGameState[] => [
  { id: GAME, status: 'playing', state: { version } as unknown as GameState },
];

describe("the soak's boards at the end", () => {
  it('waits out a cooldown on /crag board (three units, 30 s by default) rather than count the game stuck', async () => {
    // Both people posted the board just before the load stopped; the bot lets them again in about a second.
    const until = Date.now() + 1_000;
    const { table, ledger, tally } = tableWith(() =>
      Date.now() < Math.ceil(until / 1000) * 1000 ? outcome(cooldown(until), true) : outcome(board('b', 12), false),
    );
    await table.showBoard();
    expect(tally.unshownAtEnd).toEqual([]);
    expect(tally.endBoardsAfterCooldown).toBe(1);
    expect(ledger.check(stored(12)).stuck).toBe(0);
  }, 10_000);

  it('asks the next person before waiting, and counts no cooldown when one of them is shown the board', async () => {
    const until = Date.now() + 30_000;
    const { table, ledger, tally } = tableWith((user) =>
      user === PEOPLE[0] ? outcome(cooldown(until), true) : outcome(board('b', 12), false),
    );
    await table.showBoard();
    expect(tally.endBoardsAfterCooldown).toBe(0);
    expect(ledger.check(stored(12)).stuck).toBe(0);
  });

  it('holds the game against the board posted at the end as it stands once the bot is quiet', async () => {
    // The posting brought back a lost board; the computer's turn held meanwhile is played and drawn on it.
    const messages = new Map<string, EmulatedMessage>();
    const { table, ledger } = tableWith(() => {
      messages.set('b', board('b', 12));
      return outcome(board('b', 12), false);
    }, messages);
    await table.showBoard();
    messages.set('b', board('b', 15));
    table.recheckBoard();
    expect(ledger.check(stored(15)).stuck).toBe(0);
  });
});
