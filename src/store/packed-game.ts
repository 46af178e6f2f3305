import {
  CATEGORY_IDS,
  type CategoryId,
  type Dice,
  deserializeGame,
  type GameState,
  isDie,
  type Keep,
  type Sheet,
  type SheetEntry,
  type TurnRecord,
} from '../game/index.js';

/**
 * A game that is over never changes again, but it is kept for good: for the sheet, the analysis,
 * the history and the export. As plain JSON its turns and sheets take about 8 KB; packed, a few
 * hundred bytes. A game in play keeps the plain form (its turns and sheet rows are written one
 * row per click); it is packed once, in the transaction that ends it.
 *
 * The packed form is the state JSON with two fields replaced:
 * - `history` by one string, a turn per comma: the seat, the row as a letter (upper case when the
 *   turn timed out), the points, a dot, then the opening roll's three dice and, for each reroll,
 *   the kept dice as a 3-bit digit followed by the new roll: `0a50.6614661` is seat 0 scoring 50
 *   in Crag after rolling 6-6-1... (rounds follow from the seat order, as the engine passes turns);
 * - `sheets` by the round in which each seat that left forfeited its open rows (scored 0), since
 *   every other sheet entry is one of the seat's turns.
 */
interface PackedFields {
  readonly packed: 1;
  readonly history: string;
  /** Seat index → the round its open rows were scored 0 (it left, or was removed). */
  readonly forfeits: Readonly<Record<number, number>>;
}

const ROW_LETTERS = 'abcdefghijklm';

/** The state JSON of a game that is over, packed; throws for a game still in the lobby or in play. */
export function packGame(state: GameState): string {
  if (state.status !== 'finished' && state.status !== 'cancelled') {
    throw new RangeError(`only a game that is over is packed, not one in status ${state.status}`);
  }
  const seatIndex = new Map(state.seats.map((seat, index) => [seat.playerId, index]));
  const turns = state.history.map((turn) => packTurn(turn, seatIndex));
  const forfeits: Record<number, number> = {};
  state.seats.forEach((seat, index) => {
    const round = forfeitRound(state, seat.playerId);
    if (round !== undefined) forfeits[index] = round;
  });
  const { history: _history, sheets: _sheets, ...rest } = state;
  const packed: PackedFields = { packed: 1, history: turns.join(','), forfeits };
  return JSON.stringify({ ...rest, ...packed });
}

/**
 * The game a packed state JSON holds; undefined for a plain one (a game in play, whose sheets and
 * turns the store keeps in rows of their own).
 */
export function readPackedGame(json: string): GameState | undefined {
  const value = JSON.parse(json) as Partial<PackedFields> & Record<string, unknown>;
  if (value.packed !== 1) return undefined;
  const { packed: _packed, history, forfeits, ...rest } = value;
  const base = deserializeGame(JSON.stringify({ ...rest, sheets: {}, history: [] }));
  const turns = unpackTurns(String(history ?? ''), base);
  const sheets: Record<string, Record<string, SheetEntry>> = {};
  for (const seat of base.seats) sheets[seat.playerId] = {};
  for (const turn of turns) {
    const sheet = sheets[turn.playerId];
    if (sheet) sheet[turn.category] = { points: turn.points, round: turn.round };
  }
  for (const [index, round] of Object.entries(forfeits ?? {})) {
    const sheet = sheets[base.seats[Number(index)]?.playerId ?? ''];
    if (!sheet) throw new TypeError(`a forfeit names seat ${index}, which the game does not have`);
    for (const row of CATEGORY_IDS) sheet[row] ??= { points: 0, round };
  }
  return { ...base, sheets: sheets as Record<string, Sheet>, history: turns };
}

function packTurn(turn: TurnRecord, seatIndex: ReadonlyMap<string, number>): string {
  const seat = seatIndex.get(turn.playerId);
  const row = ROW_LETTERS[CATEGORY_IDS.indexOf(turn.category)];
  if (seat === undefined || row === undefined) throw new RangeError(`a turn of ${turn.playerId} cannot be packed`);
  const rolls = turn.rolls.map((dice, index) => {
    const keep = index === 0 ? '' : String(keepBits(turn.keeps[index - 1]));
    return `${keep}${dice.join('')}`;
  });
  return `${seat}${turn.timedOut ? row.toUpperCase() : row}${turn.points}.${rolls.join('')}`;
}

/** Reads the turns back; rounds advance whenever play comes back round to an earlier seat. */
function unpackTurns(packed: string, state: GameState): TurnRecord[] {
  if (packed === '') return [];
  let round = 0;
  let previousSeat = Number.POSITIVE_INFINITY;
  return packed.split(',').map((text) => {
    const match = /^([0-4])([a-mA-M])(\d{1,2})\.(\d{3}(?:[0-7]\d{3})*)$/.exec(text);
    if (!match) throw new TypeError(`not a packed turn: ${text}`);
    const [, seatText = '', rowText = '', pointsText = '', rollsText = ''] = match;
    const seat = Number(seatText);
    const playerId = state.seats[seat]?.playerId;
    const category = CATEGORY_IDS[ROW_LETTERS.indexOf(rowText.toLowerCase())] as CategoryId;
    if (playerId === undefined) throw new TypeError(`a packed turn names seat ${seat}, which the game does not have`);
    if (seat <= previousSeat) round += 1;
    previousSeat = seat;
    const rolls: Dice[] = [toDice(rollsText.slice(0, 3))];
    const keeps: Keep[] = [];
    for (let at = 3; at < rollsText.length; at += 4) {
      keeps.push(fromKeepBits(Number(rollsText[at])));
      rolls.push(toDice(rollsText.slice(at + 1, at + 4)));
    }
    return {
      round,
      playerId,
      rolls,
      keeps,
      category,
      points: Number(pointsText),
      timedOut: rowText !== rowText.toLowerCase(),
    };
  });
}

/** The round in which a seat's rows were scored 0 wholesale, or undefined if it played them all. */
function forfeitRound(state: GameState, playerId: string): number | undefined {
  const played = new Set(state.history.filter((turn) => turn.playerId === playerId).map((turn) => turn.category));
  const sheet = state.sheets[playerId] ?? {};
  let round: number | undefined;
  for (const row of CATEGORY_IDS) {
    const entry = sheet[row];
    if (!entry || played.has(row)) continue;
    if (entry.points !== 0 || (round !== undefined && entry.round !== round)) {
      throw new RangeError(`${playerId}'s ${row} is neither a turn nor part of one forfeit`);
    }
    round = entry.round;
  }
  return round;
}

function keepBits(keep: Keep | undefined): number {
  if (!keep) throw new RangeError('a reroll without its keep cannot be packed');
  return (keep[0] ? 4 : 0) + (keep[1] ? 2 : 0) + (keep[2] ? 1 : 0);
}

function fromKeepBits(bits: number): Keep {
  return [(bits & 4) !== 0, (bits & 2) !== 0, (bits & 1) !== 0];
}

function toDice(text: string): Dice {
  const dice = [...text].map(Number);
  if (dice.length !== 3 || !dice.every(isDie)) throw new TypeError(`not three dice: ${text}`);
  return dice as unknown as Dice;
}
