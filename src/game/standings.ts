import { type GameState, type Seat, sheetTotal } from './state.js';

export interface Standing {
  readonly playerId: string;
  readonly computer: Seat['computer'];
  readonly left: boolean;
  readonly total: number;
  /** 1 for the best total; equal totals share a place (1, 1, 3). */
  readonly place: number;
}

/** Every seat ranked by total, highest first, with shared places for equal totals. */
export function standings(state: GameState): Standing[] {
  const rows = state.seats
    .map((seat, seatIndex) => ({ seat, seatIndex, total: sheetTotal(state.sheets[seat.playerId] ?? {}) }))
    .sort((a, b) => b.total - a.total || a.seatIndex - b.seatIndex);
  return rows.map(({ seat, total }) => ({
    playerId: seat.playerId,
    computer: seat.computer,
    left: seat.left,
    total,
    place: 1 + rows.filter((other) => other.total > total).length,
  }));
}
