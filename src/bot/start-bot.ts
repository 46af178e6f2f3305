import { randomInt } from 'node:crypto';
import { Events, type Interaction, MessageFlags } from 'discord.js';
import type { Config } from '../config.js';
import { ALL_RULE_SETS } from '../game/index.js';
import { type Languages, loadLanguages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { GameStore } from '../store/index.js';
import { solverFor } from '../strategy/index.js';
import { changedWithoutAClick } from './after-restart.js';
import { personal } from './audience.js';
import { BoardPublisher } from './board-publisher.js';
import { createClient } from './client.js';
import type { BotContext } from './context.js';
import { Cooldowns } from './cooldowns.js';
import { playDueTurn, sweepGames } from './due-turns.js';
import { GameFlow } from './game-flow.js';
import { InFlight } from './in-flight.js';
import { watchPlacesGoing } from './places-going.js';
import { createRouter } from './router.js';
import { TurnScheduler } from './scheduler.js';

const SWEEP_EVERY_MS = 10 * 60 * 1000;
/**
 * A crash can fall between a commit and the board edit that shows it. Edits go out within seconds
 * of their commit, so only games changed this close to the last thing the bot did can be behind.
 */
const REDRAW_AFTER_RESTART_MS = 60 * 1000;

/** During shutdown nothing new is applied, but nobody is left with "This interaction failed". */
async function answerWhileStopping(interaction: Interaction, languages: Languages, log: Logger): Promise<void> {
  if (!interaction.isRepliable()) return;
  await interaction
    .reply({ content: personal(languages, interaction).t('error.restarting'), flags: MessageFlags.Ephemeral })
    .catch((error: unknown) => log.warn('could not answer during shutdown', { interaction: interaction.id, error }));
}

export interface RunningBot {
  /** Stops taking work, lets interactions and board edits in flight finish, then disconnects. */
  stop(): Promise<void>;
}

/** Connects to Discord, re-arms every stored turn timer, and answers interactions until stopped. */
export async function startBot(config: Config, store: GameStore, log: Logger): Promise<RunningBot> {
  // Read before connecting: a broken catalogue stops the start with its file named.
  const languages = loadLanguages();
  const client = createClient(config.apiUrl);
  const now = () => Date.now();
  let ctx: BotContext;
  const scheduler = new TurnScheduler({
    onDue: (gameId, version) => playDueTurn(ctx, gameId, version),
    now,
    computerPauseMs: config.computerPauseMs,
    onFailure: (error, context) => log.error('a due turn failed; it will be tried again', { ...context, error }),
  });
  ctx = {
    config,
    store,
    log,
    now,
    flow: new GameFlow({
      store,
      scheduler,
      random: (max) => randomInt(max),
      now,
      turnTimerUnitMs: config.turnTimerUnitMs,
    }),
    boards: new BoardPublisher({ client, store, languages, log, now, boardBack: (game) => scheduler.arm(game) }),
    cooldowns: new Cooldowns(now, config.cooldownMs),
    languages,
  };
  const inFlight = new InFlight();
  const route = createRouter(ctx, inFlight);
  let accepting = true;
  client.on(Events.InteractionCreate, (interaction) => {
    if (accepting) void route(interaction);
    else void inFlight.track(answerWhileStopping(interaction, languages, log));
  });
  client.on(Events.Error, (error) => log.error('discord client error', { error }));
  watchPlacesGoing(client, ctx);
  client.on(Events.ShardResume, (shard, replayed) => log.info('gateway resumed', { shard, replayed }));
  client.on(Events.ShardDisconnect, (event, shard) => log.warn('gateway disconnected', { shard, code: event.code }));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(config.token);
  await ready;

  // A failure here stops the start (a damaged database is reported by main); later sweeps only log.
  await sweepGames(ctx);
  const gamesInPlay = scheduler.armAll(await store.turnsInPlay());
  const redrawn = (await store.recentlyChangedBoards(REDRAW_AFTER_RESTART_MS)).filter(changedWithoutAClick);
  for (const { gameId } of redrawn) void ctx.boards.refresh(gameId);
  const sweep = setInterval(
    () =>
      void sweepGames(ctx).catch((error: unknown) =>
        log.error('the sweep for abandoned games failed; it runs again later', { error }),
      ),
    SWEEP_EVERY_MS,
  );
  // Build the solver tables now rather than on the first hint or computer move.
  setImmediate(() => {
    for (const rules of ALL_RULE_SETS) solverFor(rules);
  });
  log.info('ready', {
    user: client.user?.tag,
    guilds: client.guilds.cache.size,
    gamesInPlay,
    boardsRedrawn: redrawn.length,
  });

  return {
    async stop() {
      accepting = false;
      clearInterval(sweep);
      scheduler.stop();
      await inFlight.idle();
      await ctx.boards.idle();
      await client.destroy();
      // The "restarting" answers to interactions that came in until the gateway closed.
      await inFlight.idle();
    },
  };
}
