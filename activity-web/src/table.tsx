import { useRef } from 'preact/hooks';
import type { Intent, TableView } from '../../src/activity/protocol.js';
import { Die } from './die.js';

export interface TableProps {
  readonly table: TableView;
  readonly refused: string | null;
  /** Shown while the process running the table is away; the table below is as it last was. */
  readonly reconnecting: string | null;
  readonly act: (intent: Intent) => void;
}

/**
 * Which dice were just rolled: those not kept when the roll happened. A roll is a new round, a new
 * player or one reroll fewer; a keep alone moves nothing.
 */
function useJustRolled(table: TableView): readonly boolean[] {
  const last = useRef<{ stamp: string; kept: readonly boolean[]; rolled: readonly boolean[] }>({
    stamp: '',
    kept: [],
    rolled: [],
  });
  const current = table.seats.findIndex((seat) => seat.current);
  const stamp = `${table.gameId}:${table.round}:${current}:${table.rerollsLeft}`;
  if (stamp !== last.current.stamp) {
    const before = last.current;
    const rolled = table.dice.map(
      (_, i) => !(before.stamp.startsWith(`${table.gameId}:${table.round}:${current}:`) && before.kept[i]),
    );
    last.current = { stamp, kept: table.kept, rolled };
  } else {
    last.current = { ...last.current, kept: table.kept };
  }
  return last.current.rolled;
}

export function Table({ table, refused, reconnecting, act }: TableProps) {
  const { text, you } = table;
  const rolled = useJustRolled(table);
  const myTurn = you.yourTurn && table.status === 'playing';
  const status =
    table.status === 'playing'
      ? myTurn
        ? text['your-turn']
        : `${text['turn-of'] ?? ''}${you.seated ? '' : ` · ${text.spectating}`}`
      : table.status === 'lobby'
        ? you.seated
          ? text['waiting-for-host']
          : text.lobby
        : table.status === 'cancelled'
          ? text.cancelled
          : table.status === 'none'
            ? text['no-game']
            : text.final;
  return (
    <main class="table" data-status={table.status} data-game={table.gameId ?? undefined}>
      <header>
        <h1>{text.title}</h1>
        {table.status === 'playing' && (
          <span class="round">
            {text.round} {table.round}/{table.rounds}
          </span>
        )}
        <p class="status" data-testid="status">
          {status}
        </p>
      </header>
      <ol class="seats">
        {table.seats.map((seat) => (
          <li key={seat.playerId} class={`${seat.current ? 'current' : ''}${seat.left ? ' left' : ''}`}>
            <span class="name">{seat.name}</span> <span class="total">{seat.total}</span>
          </li>
        ))}
      </ol>
      {(table.status === 'none' || table.status === 'cancelled') && (
        <button type="button" class="primary" onClick={() => act({ kind: 'new-game' })}>
          {text['new-game']}
        </button>
      )}
      {table.status === 'lobby' && (
        <div class="actions">
          {you.seated ? (
            !you.host && (
              <button type="button" onClick={() => act({ kind: 'leave' })}>
                {text.leave}
              </button>
            )
          ) : (
            <button type="button" class="primary" onClick={() => act({ kind: 'join' })}>
              {text.join}
            </button>
          )}
          {you.host && (
            <button type="button" class="primary" onClick={() => act({ kind: 'start' })}>
              {text.start}
            </button>
          )}
        </div>
      )}
      {table.status === 'playing' && (
        <section class="turn">
          <div class="dice">
            {table.dice.map((value, index) => (
              <Die
                key={index}
                value={value}
                index={index}
                kept={table.kept[index] ?? false}
                rolling={rolled[index] ?? false}
                label={`${value}${table.kept[index] ? ` (${text.kept})` : ''}`}
                onTap={myTurn && table.rerollsLeft > 0 ? () => act({ kind: 'keep', die: index }) : null}
              />
            ))}
          </div>
          {myTurn && (
            <>
              <button
                type="button"
                class="primary roll"
                disabled={table.rerollsLeft === 0 || table.kept.every(Boolean)}
                onClick={() => act({ kind: 'roll' })}
              >
                {text.roll} ({text['rolls-left']}: {table.rerollsLeft})
              </button>
              <p class="hint">{text['keep-hint']}</p>
            </>
          )}
        </section>
      )}
      {(table.status === 'playing' || table.status === 'lobby') && table.rows.length > 0 && (
        <ul class="rows">
          {table.rows.map((row) => {
            const open = row.points === null;
            const choosable = myTurn && open;
            return (
              <li key={row.id}>
                <button
                  type="button"
                  class={`row${open ? '' : ' used'}`}
                  data-row={row.id}
                  disabled={!choosable}
                  title={row.description}
                  onClick={() => act({ kind: 'choose', row: row.id })}
                >
                  <span class="row-name">{row.name}</span>
                  <span class="row-points">
                    {open ? (row.preview !== null ? `${text['would-score']} ${row.preview}` : '') : row.points}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {table.status === 'finished' && (
        <section class="final">
          <ol class="standings">
            {table.standings.map((standing) => (
              <li key={`${standing.place}-${standing.name}`}>
                {standing.place}. {standing.name} <strong>{standing.total}</strong>
              </li>
            ))}
          </ol>
          {you.seated && (
            <button type="button" class="primary" onClick={() => act({ kind: 'again' })}>
              {text['play-again']}
            </button>
          )}
          <button type="button" onClick={() => act({ kind: 'new-game' })}>
            {text['new-game']}
          </button>
        </section>
      )}
      {reconnecting && (
        <p class="reconnecting" role="status">
          {reconnecting}
        </p>
      )}
      {refused && (
        <p class="refused" role="status">
          {refused}
        </p>
      )}
    </main>
  );
}
