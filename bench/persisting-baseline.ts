import Database from 'better-sqlite3';
import {
  type ButtonInteraction,
  ButtonStyle,
  type ChatInputCommandInteraction,
  Client,
  ComponentType,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { APIContainerComponent } from 'discord-api-types/v10';

/**
 * The honest baseline (issue 45): the cheapest bot a user could pick instead of Crag, written as a
 * careful developer writes a first version. discord.js, one JSON sheet per channel in SQLite (WAL,
 * `synchronous = NORMAL` like src/store/sqlite/open-database.ts), one UPDATE per click before the
 * answer, and a board of the bot's size and shape drawn by string building. No turn pings, no score
 * card, no hints, no turn checks: anyone at the table presses for the player named on the board.
 */

export const PERSISTING_IDS = {
  keep: ['pb:keep:0', 'pb:keep:1', 'pb:keep:2'],
  reroll: 'pb:reroll',
  score: 'pb:score',
  hint: 'pb:hint',
  sheet: 'pb:sheet',
} as const;

/** Crag's thirteen rows, as the bot's menu lists them (src/game/categories.ts). */
const ROWS: readonly (readonly [id: string, name: string, what: string])[] = [
  ['crag', 'Crag', 'A pair and a total of 13 (6-6-1, 5-5-3, 4-4-5): 50'],
  ['thirteen', 'Thirteen', 'A total of 13: 26'],
  ['three-of-a-kind', 'Three of a kind', 'Three equal faces: 25'],
  ['low-straight', 'Low straight', '1-2-3: 20'],
  ['high-straight', 'High straight', '4-5-6: 20'],
  ['odd-straight', 'Odd straight', '1-3-5: 20'],
  ['even-straight', 'Even straight', '2-4-6: 20'],
  ['sixes', 'Sixes', 'The sum of the sixes'],
  ['fives', 'Fives', 'The sum of the fives'],
  ['fours', 'Fours', 'The sum of the fours'],
  ['threes', 'Threes', 'The sum of the threes'],
  ['twos', 'Twos', 'The sum of the twos'],
  ['ones', 'Ones', 'The sum of the ones'],
];
const REROLLS = 1;
/** The application emojis' ids the board's text names (the emulator does not check text emojis). */
const DIE_EMOJI = (die: number) => `<:crag_d${die}:10000000000000001${die}>`;
const DIE_FACE = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export interface Seat {
  id: string;
  name: string;
  rows: Record<string, number>;
}

/** What is stored per channel, whole, as JSON. */
export interface Sheet {
  game: number;
  seat: number;
  dice: number[];
  keep: boolean[];
  rerolls: number;
  seats: Seat[];
  last: string | null;
}

/** A Components V2 message, as both `reply` and `update` take it. */
export interface Board {
  flags: MessageFlags.IsComponentsV2;
  components: APIContainerComponent[];
  allowedMentions: { parse: [] };
}

const roll = () => 1 + Math.floor(Math.random() * 6);

export function newSheet(game: number, first: { id: string; name: string }): Sheet {
  const seats = [{ id: first.id, name: first.name, rows: {} }];
  return {
    game,
    seat: 0,
    dice: [roll(), roll(), roll()],
    keep: [false, false, false],
    rerolls: REROLLS,
    seats,
    last: null,
  };
}

export function points(dice: readonly number[], row: string): number {
  const sorted = [...dice].sort((a, b) => a - b).join('');
  const total = dice.reduce((sum, die) => sum + die, 0);
  const pair = new Set(dice).size < 3;
  switch (row) {
    case 'crag':
      return pair && total === 13 ? 50 : 0;
    case 'thirteen':
      return total === 13 ? 26 : 0;
    case 'three-of-a-kind':
      return new Set(dice).size === 1 ? 25 : 0;
    case 'low-straight':
      return sorted === '123' ? 20 : 0;
    case 'high-straight':
      return sorted === '456' ? 20 : 0;
    case 'odd-straight':
      return sorted === '135' ? 20 : 0;
    case 'even-straight':
      return sorted === '246' ? 20 : 0;
    default: {
      const face = ['', 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes'].indexOf(row);
      return dice.filter((die) => die === face).reduce((sum, die) => sum + die, 0);
    }
  }
}

/** A name as Discord shows it literally: markdown characters escaped, as any careful bot does. */
const plain = (name: string) => name.replace(/[\\*_~`|<>#[\]()-]/g, '\\$&');
const total = (seat: Seat) => Object.values(seat.rows).reduce((sum, value) => sum + value, 0);
const rowName = (id: string) => ROWS.find(([row]) => row === id)?.[1] ?? id;

/** The board: the bot's parts in the bot's order (src/bot/render/board.ts), as plain strings. */
export function drawBoard(sheet: Sheet): Board {
  const seat = sheet.seats[sheet.seat]!;
  const filled = Object.keys(seat.rows).length;
  const locked = sheet.rerolls <= 0;
  const dice = sheet.dice.map(DIE_EMOJI).join(' ');
  const dieButton = (die: number, i: number) => ({
    type: ComponentType.Button as const,
    custom_id: PERSISTING_IDS.keep[i]!,
    label: sheet.keep[i] ? `${DIE_FACE[die]} ✓` : DIE_FACE[die]!,
    style: sheet.keep[i] ? ButtonStyle.Success : ButtonStyle.Secondary,
    disabled: locked,
  });
  const button = (custom_id: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary) => ({
    type: ComponentType.Button as const,
    custom_id,
    label,
    style,
  });
  const row = (...components: object[]) => ({ type: ComponentType.ActionRow, components });
  const text = (content: string) => ({ type: ComponentType.TextDisplay, content });
  const options = ROWS.filter(([id]) => seat.rows[id] === undefined).map(([id, name, what]) => ({
    label: `${name} · ${points(sheet.dice, id)}`,
    value: id,
    description: what,
  }));
  const scores = sheet.seats
    .map((s, i) => `${i === sheet.seat ? '▶' : '·'} ${plain(s.name)} **${total(s)}**`)
    .join('\n');
  const parts = [
    text(`### Crag · round ${filled + 1}/${ROWS.length}`),
    text(
      `**${plain(seat.name)}** (<@${seat.id}>), your turn · ${sheet.rerolls} reroll${sheet.rerolls === 1 ? '' : 's'} left`,
    ),
    text(`# ${dice}`),
    row(...sheet.dice.map(dieButton)),
    row({
      ...button(
        PERSISTING_IDS.reroll,
        locked ? 'No rerolls left' : `Reroll (${sheet.rerolls} left)`,
        ButtonStyle.Primary,
      ),
      disabled: locked || sheet.keep.every(Boolean),
    }),
    row({
      type: ComponentType.StringSelect,
      custom_id: PERSISTING_IDS.score,
      placeholder: 'Score these dice in…',
      options,
    }),
    row(
      button(PERSISTING_IDS.hint, 'Hint', ButtonStyle.Secondary),
      button(PERSISTING_IDS.sheet, 'My sheet', ButtonStyle.Secondary),
    ),
    { type: ComponentType.Separator, divider: true, spacing: 1 },
    text(scores),
    ...(sheet.last ? [text(sheet.last)] : []),
    text(`-# one reroll · Thirteen: any total of 13 · game #${sheet.game}`),
  ];
  return {
    flags: MessageFlags.IsComponentsV2,
    components: [{ type: ComponentType.Container, accent_color: 0x2b7a4b, components: parts }],
    allowedMentions: { parse: [] },
  } as Board;
}

/** Applies one press to the sheet; false when the press makes no sense on it (a stale board). */
export function press(
  sheet: Sheet,
  customId: string,
  value: string | undefined,
  by: { id: string; name: string },
): boolean {
  // Whoever presses first joins the table and takes the turn; after that, turns go round the seats.
  if (!sheet.seats.some((seat) => seat.id === by.id)) {
    sheet.seats.push({ id: by.id, name: by.name, rows: {} });
    sheet.seat = sheet.seats.length - 1;
  }
  const keep = PERSISTING_IDS.keep.indexOf(customId as (typeof PERSISTING_IDS.keep)[number]);
  if (keep >= 0) {
    if (sheet.rerolls <= 0) return false;
    sheet.keep[keep] = !sheet.keep[keep];
    return true;
  }
  if (customId === PERSISTING_IDS.reroll) {
    if (sheet.rerolls <= 0) return false;
    sheet.dice = sheet.dice.map((die, i) => (sheet.keep[i] ? die : roll()));
    sheet.rerolls -= 1;
    return true;
  }
  const seat = sheet.seats[sheet.seat]!;
  if (customId !== PERSISTING_IDS.score || !value || seat.rows[value] !== undefined) return false;
  if (!ROWS.some(([id]) => id === value)) return false;
  seat.rows[value] = points(sheet.dice, value);
  sheet.last = `Last: ${plain(seat.name)} put ${sheet.dice.map(DIE_EMOJI).join(' ')} in **${rowName(value)}** for ${seat.rows[value]}`;
  const open = (s: Seat) => Object.keys(s.rows).length < ROWS.length;
  if (!sheet.seats.some(open)) {
    // Game over: the next game starts on the same board, the same people seated.
    for (const s of sheet.seats) s.rows = {};
    sheet.game += 1;
  }
  do sheet.seat = (sheet.seat + 1) % sheet.seats.length;
  while (!open(sheet.seats[sheet.seat]!));
  sheet.dice = [roll(), roll(), roll()];
  sheet.keep = [false, false, false];
  sheet.rerolls = REROLLS;
  return true;
}

/** Starts the bot: its database at `databasePath`, logged in with `token`. */
export async function startPersistingBaseline(options: { token: string; api?: string; databasePath: string }) {
  const db = new Database(options.databasePath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE IF NOT EXISTS sheets (channel_id TEXT PRIMARY KEY, sheet TEXT NOT NULL)');
  const insert = db.prepare(
    'INSERT INTO sheets (channel_id, sheet) VALUES (?, ?) ON CONFLICT (channel_id) DO UPDATE SET sheet = excluded.sheet',
  );
  const update = db.prepare('UPDATE sheets SET sheet = ? WHERE channel_id = ?');
  const select = db.prepare<[string], { sheet: string }>('SELECT sheet FROM sheets WHERE channel_id = ?');
  // The sheets in play, read from the database once (after a restart) and written on every press.
  const sheets = new Map<string, Sheet>();
  const load = (channelId: string) => {
    let sheet = sheets.get(channelId);
    if (!sheet) {
      const stored = select.get(channelId);
      if (stored) {
        sheet = JSON.parse(stored.sheet) as Sheet;
        sheets.set(channelId, sheet);
      }
    }
    return sheet;
  };
  const person = (user: { id: string; displayName: string }) => ({ id: user.id, name: user.displayName });

  const onCommand = (interaction: ChatInputCommandInteraction) => {
    const sheet = newSheet((load(interaction.channelId)?.game ?? 0) + 1, person(interaction.user));
    insert.run(interaction.channelId, JSON.stringify(sheet));
    sheets.set(interaction.channelId, sheet);
    return interaction.reply(drawBoard(sheet));
  };
  const onPress = (interaction: ButtonInteraction | StringSelectMenuInteraction) => {
    const sheet = load(interaction.channelId);
    const value = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
    if (!sheet || !press(sheet, interaction.customId, value, person(interaction.user))) {
      return interaction.reply({ content: 'That board is out of date.', flags: MessageFlags.Ephemeral });
    }
    update.run(JSON.stringify(sheet), interaction.channelId);
    return interaction.update(drawBoard(sheet));
  };

  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(options.api ? { rest: { api: options.api } } : {}),
  });
  client.on(Events.InteractionCreate, (interaction) => {
    const answer =
      interaction.isButton() || interaction.isStringSelectMenu()
        ? onPress(interaction)
        : interaction.isChatInputCommand()
          ? onCommand(interaction)
          : undefined;
    answer?.catch((error: unknown) => log('error', 'answer failed', { error: String(error) }));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(options.token);
  await ready;
  log('info', 'ready', { guilds: client.guilds.cache.size });
  return {
    client,
    async close() {
      await client.destroy();
      db.close();
    },
  };
}

function log(level: string, message: string, extra: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...extra })}\n`);
}
