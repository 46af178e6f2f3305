/**
 * Streams saves of real games into the store at argv[2] (a SQLite file, or a PostgreSQL URL) and
 * prints "<game id> <version>" after each commit, until killed. The crash test kills it with SIGKILL
 * mid-stream and checks that every printed save survived. Resumes the channel's active game when
 * started on an existing database.
 */
import { type GameStore, isPostgresUrl, openPostgresStore, openSqliteStore } from '../../src/store/index.js';
import { newGameState, step } from './drive-game.js';
import { STREAM_OPENING, STREAM_TABLE, streamPlan } from './stream-plan.js';

const location = process.argv[2];
if (!location) throw new Error('usage: save-stream.child.ts <database path or URL>');
// A cap, so a child whose parent died does not run for ever.
const MAX_SAVES = 20_000;

const store: GameStore = isPostgresUrl(location) ? await openPostgresStore(location) : openSqliteStore(location);
let seriesId: number | undefined;
let saves = 0;
while (saves < MAX_SAVES) {
  let game = await store.activeGameInChannel(STREAM_TABLE.channelId);
  if (!game) {
    const created = await store.createGame({
      ...STREAM_TABLE,
      state: newGameState(STREAM_OPENING),
      turnTimerSeconds: 60,
      hintsEnabled: true,
      ...(seriesId === undefined ? {} : { seriesId }),
    });
    if (!created.ok) throw new Error(`createGame refused: ${created.reason}`);
    game = created.game;
  }
  seriesId = game.seriesId;
  const plan = streamPlan(game.id);
  for (let next = step(game.state, plan); next; next = step(game.state, plan)) {
    const saved = await store.saveState(game.id, game.state.version, next, {
      turnDeadline: game.lastActionAt + 60_000,
    });
    if (!saved.ok) throw new Error(`save refused: ${saved.reason}`);
    game = saved.game;
    // Written synchronously (stdout is a pipe), so a printed version is a committed one.
    process.stdout.write(`${game.id} ${game.state.version}\n`);
    saves += 1;
  }
}
await store.close();
