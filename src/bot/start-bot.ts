import { randomInt } from 'node:crypto';
import { type Client, Events, type Interaction, MessageFlags } from 'discord.js';
import type { ActivityConfig } from '../activity/config.js';
import { servesTheActivity } from '../activity/serving-process.js';
import { type ActivityPart, activityPart } from '../activity/start-activity.js';
import { tableOffer } from '../activity/table-offer.js';
import type { Config } from '../config.js';
import { ALL_RULE_SETS } from '../game/index.js';
import { type Languages, loadLanguages } from '../i18n/index.js';
import type { Logger } from '../log.js';
import { ownedGuilds } from '../sharding/guild-ownership.js';
import type { GameStore } from '../store/index.js';
import { openSettingsStore } from '../store/settings/index.js';
import { openTournamentStore } from '../store/tournaments/index.js';
import { solverFor } from '../strategy/index.js';
import { changedWithoutAClick } from './after-restart.js';
import { guildWide, personal } from './audience.js';
import { BoardPublisher } from './board-publisher.js';
import { ChannelPosts } from './channel-posts.js';
import { createClient } from './client.js';
import type { BotContext } from './context.js';
import { Cooldowns } from './cooldowns.js';
import { DailyDeals } from './daily-deals.js';
import { Deadlines } from './deadlines.js';
import { type DiceInUse, loadDiceFaces } from './dice-emojis.js';
import { playDueTurn, sweepGames } from './due-turns.js';
import { GameFlow } from './game-flow.js';
import { FatalGatewayClose } from './gateway-close.js';
import { GuildDirectory } from './guild-directory.js';
import { HouseRules } from './house-rules.js';
import { InFlight } from './in-flight.js';
import { guardInteractionPayloads } from './payload-guard.js';
import { watchPlacesGoing } from './places-going.js';
import type { Registry } from './registry.js';
import { UNICODE_DICE } from './render/index.js';
import { RequestBudget } from './request-budget.js';
import { createRouter } from './router.js';
import { TurnScheduler } from './scheduler.js';
import { TurnPings } from './turn-pings.js';

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

/** Told of the client and the timers as soon as they exist (the operators' listener watches them). */
export interface BotHooks {
  created(parts: { client: Client; scheduler: TurnScheduler }): void;
}

export interface RunningBot {
  /** Stops taking work, lets interactions and board edits in flight finish, then disconnects. */
  stop(): Promise<void>;
  /** Settles if Discord later closes a shard for good: this process can no longer serve its guilds. */
  readonly closedForGood: Promise<FatalGatewayClose>;
}

/**
 * Whether this process has a part in the Activity: ACTIVITY_PORT set. Sharded, the process holding
 * shard 0 serves the port and the others run their guilds' tables through it (serving-process.ts),
 * which they say once, in one line.
 */
function activityOfThisProcess(config: Config, log: Logger): config is Config & { activity: ActivityConfig } {
  if (!config.activity) return false;
  if (servesTheActivity(config.shards)) return true;
  log.info(
    "the Activity is served by the process of shard 0: this one leaves ACTIVITY_PORT alone and runs its guilds' tables through it",
    { port: config.activity.port },
  );
  return true;
}

/**
 * Connects to Discord, re-arms the stored turn timers of the guilds this process owns (those of its
 * shards: see src/sharding/guild-ownership.ts), and answers interactions until stopped. Throws a
 * FatalGatewayClose if Discord refuses the connection for good.
 */
export async function startBot(
  config: Config,
  store: GameStore,
  log: Logger,
  registry: Registry,
  hooks?: BotHooks,
): Promise<RunningBot> {
  // Read before connecting: a broken catalogue stops the start with its file named.
  const languages = loadLanguages();
  const budget = new RequestBudget(config.restRequestsPerSecond);
  let boards: BoardPublisher | undefined;
  const client = createClient(
    config.apiUrl,
    config.shards,
    {
      budget,
      superseded: (gameId, version) => boards?.isSuperseded(gameId, version) ?? false,
      drawingSent: (gameId, attempt) => boards?.editSent(gameId, attempt),
    },
    config.caches,
  );
  const owned = ownedGuilds(config.shards);
  const now = () => Date.now();
  let ctx: BotContext;
  const scheduler = new TurnScheduler({
    onDue: (gameId, version) => playDueTurn(ctx, gameId, version),
    now,
    computerPauseMs: config.computerPauseMs,
    onFailure: (error, context) => log.error('a due turn failed; it will be tried again', { ...context, error }),
  });
  hooks?.created({ client, scheduler });
  const dice: DiceInUse = { faces: UNICODE_DICE };
  // Beside the game store, on the same database, which the game store has migrated.
  const settingsStore = await openSettingsStore(config.database, (error) =>
    log.warn('a settings connection failed; the next query opens a new one', { error }),
  );
  const houseRules = new HouseRules({ store: settingsStore, languages, now });
  const activity: ActivityPart | undefined = activityOfThisProcess(config, log)
    ? activityPart(
        { ...config, activity: config.activity },
        languages,
        log,
        (guildId) => guildWide(languages, client, guildId),
        budget,
      )
    : undefined;
  const guilds = new GuildDirectory();
  guilds.watch(client);
  const tables = activity ? tableOffer(client, guilds, (guildId) => activity.serves(guildId)) : undefined;
  boards = new BoardPublisher({
    client,
    store,
    houseRules,
    languages,
    log,
    now,
    dice,
    tables,
    boardBack: (game) => scheduler.arm(game),
  });
  const pings = new TurnPings({ client, store, boards, languages, log, budget });
  const daily = await DailyDeals.open(config.database, (error) =>
    log.warn('a daily store connection failed; the next query opens a new one', { error }),
  );
  const tournaments = await openTournamentStore(config.database, (error) =>
    log.warn('a tournament store connection failed; the next query opens a new one', { error }),
  );
  const deadlines = new Deadlines({ now, log });
  ctx = {
    config,
    store,
    log,
    now,
    flow: new GameFlow({
      store,
      scheduler,
      random: (max) => randomInt(max),
      randomFor: (state, action) => daily.randomFor(state, action),
      now,
      turnTimerUnitMs: config.turnTimerUnitMs,
      turnMoved: (game, actorId) => pings.turnMoved(game, actorId),
      stored: activity ? (game) => activity.hub.stored(game) : undefined,
      ended: (game) => {
        for (const feature of registry.features) feature.gameEnded?.(ctx, game);
      },
    }),
    boards,
    pings,
    dice,
    cooldowns: new Cooldowns(now, config.cooldownMs),
    houseRules,
    languages,
    daily,
    tournaments,
    deadlines,
    channels: new ChannelPosts(client, languages),
    guilds,
    tables,
  };
  const inFlight = new InFlight();
  const route = createRouter(ctx, inFlight, registry);
  let accepting = true;
  client.on(Events.InteractionCreate, (interaction) => {
    if (accepting) void route(interaction);
    else void inFlight.track(answerWhileStopping(interaction, languages, log));
  });
  guardInteractionPayloads(client, languages, log);
  client.on(Events.Error, (error) => log.error('discord client error', { error }));
  watchPlacesGoing(client, ctx);
  client.on(Events.ShardResume, (shard, replayed) => log.info('gateway resumed', { shard, replayed }));
  // discord.js emits shardDisconnect only when it gives a shard up for good (a fatal close code).
  const closedForGood = new Promise<FatalGatewayClose>((resolve) =>
    client.once(Events.ShardDisconnect, (event, shard) => resolve(new FatalGatewayClose(event.code, shard))),
  );

  const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
  let connected: Client<true>;
  try {
    connected = await Promise.race([
      client.login(config.token).then(() => ready),
      closedForGood.then((close) => Promise.reject(close)),
    ]);
  } catch (error) {
    await client.destroy();
    await settingsStore.close();
    await daily.close();
    await tournaments.close();
    throw error;
  }

  // A failure here stops the start (a damaged database is reported by main); later sweeps only log.
  await sweepGames(ctx, owned);
  const emojis = await loadDiceFaces(connected, log);
  // A port already taken stops the Activity, not the bot: the games in the channels go on.
  await activity
    ?.open(ctx, connected, owned)
    .catch((error: unknown) =>
      log.error('the Activity could not be served; the bot runs without it', { port: config.activity?.port, error }),
    );
  dice.faces = emojis.faces;
  const gamesInPlay = scheduler.armAll((await store.turnsInPlay()).filter((turn) => owned(turn.guildId)));
  for (const feature of registry.features) {
    await feature
      .ready?.(ctx, owned)
      .catch((error: unknown) =>
        log.error('a feature could not get ready; the bot runs on', { feature: feature.name, error }),
      );
  }
  const redrawn = (await store.recentlyChangedBoards(REDRAW_AFTER_RESTART_MS, owned)).filter(changedWithoutAClick);
  for (const { gameId } of redrawn) void ctx.boards.refresh(gameId);
  const sweep = setInterval(
    () =>
      void sweepGames(ctx, owned).catch((error: unknown) =>
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
    dice: emojis.faces === UNICODE_DICE ? 'unicode' : 'emojis',
    dieEmojisUploaded: emojis.uploaded,
  });

  return {
    closedForGood,
    async stop() {
      accepting = false;
      clearInterval(sweep);
      scheduler.stop();
      deadlines.stop();
      await activity?.close();
      await inFlight.idle();
      await ctx.boards.idle();
      await ctx.pings.idle();
      await client.destroy();
      // The "restarting" answers to interactions that came in until the gateway closed.
      await inFlight.idle();
      await settingsStore.close();
      await daily.close();
      await tournaments.close();
    },
  };
}
