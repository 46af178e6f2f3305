import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import { cpuSeconds, ForeignCpu } from '../harness/kit/process-stats.js';
import type { Emulator } from '../src/emulator/index.js';
import type { Contender } from './contenders.js';
import { type LoadSample, poolSamples } from './load.js';
import type { ContenderFigures } from './report.js';
import { type LobbyFigures, RunningContender } from './running-contender.js';
import type { BenchServer } from './world.js';

export interface HeadToHeadShape {
  /** Channels played at once, closed loop (one interaction in flight each). */
  readonly loadServers: readonly BenchServer[];
  readonly warmup: number;
  /** Measured interactions per contender, split over `rounds`. */
  readonly timed: number;
  readonly rounds: number;
  /** Interactions of the paced round, offered at about `pacedRate` per second. */
  readonly paced: number;
  readonly pacedRate: number;
  /** Channels where a new game (or baseline board) is opened afterwards, for the memory figures. */
  readonly lobbyServers: readonly BenchServer[];
  /** Channels opened at a time (boards and lobbies): a staggered start. */
  readonly stagger: number;
}

export interface HeadToHead {
  readonly game: ContenderFigures;
  readonly baseline: ContenderFigures;
  /** The persisting baseline's, when it ran too (bench/persisting-baseline.ts). */
  readonly persisting: ContenderFigures | undefined;
  /** Cores other programs used during the measured rounds (0 on a quiet machine). */
  readonly foreignCores: number;
  /** The database server's CPU per measured interaction of the game bot (0 without a server). */
  readonly serverCpuMsPerInteraction: number;
  /**
   * How late the bench process's event loop (the emulator's) ran during the measured rounds, in ms:
   * with the strict limits on, a stall packs requests sent over more than a second into one of the
   * emulator's windows, so 429s beside a long stall are the machine's, not the bot's.
   */
  readonly emulatorLoopDelayMs: { readonly p99: number; readonly max: number };
}

type Say = (message: string) => void;

/**
 * The bots run side by side on the same world and channels; the measured rounds alternate
 * (baseline, game, game, baseline, …; the persisting baseline, when it runs, between the two each
 * round), so a machine that gets busier or quieter during the run weighs on all alike.
 */
export async function headToHead(
  discord: Emulator,
  clock: InteractionClock,
  contenders: { game: Contender; baseline: Contender; persisting?: Contender },
  shape: HeadToHeadShape,
  options: {
    cwd: string;
    /** Run both bots under `node --cpu-prof`, writing to <profileDir>/<name>/. */
    profileDir: string | undefined;
    countActiveGames: () => Promise<number>;
    /** The database server's processes (PostgreSQL): counted as the game bot's, not as other programs. */
    serverPids?: () => readonly number[];
    say: Say;
  },
): Promise<HeadToHead> {
  const running: RunningContender[] = [];
  const spawn = async (contender: Contender) => {
    const nodeArgs = options.profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(options.profileDir, contender.name)}`]
      : [];
    const started = new RunningContender(discord, clock, contender, { cwd: options.cwd, nodeArgs });
    running.push(started);
    await started.ready();
    return started;
  };
  try {
    const baseline = await spawn(contenders.baseline);
    const persisting = contenders.persisting ? await spawn(contenders.persisting) : undefined;
    const game = await spawn(contenders.game);
    const middle = persisting ? [persisting] : [];

    for (const contender of running) {
      options.say(`${contender.name}: posting ${shape.loadServers.length} boards, warming up…`);
      await contender.openTables(shape.loadServers, shape.stagger);
      const failed = await contender.warmUp(shape.warmup, shape.stagger);
      if (failed > 0) options.say(`${contender.name}: ${failed} interactions failed while warming up`);
    }
    const serverPids = options.serverPids ?? (() => []);
    const foreign = new ForeignCpu(() => [process.pid, ...running.map((contender) => contender.pid), ...serverPids()]);
    const serverCpu = () => serverPids().reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
    let serverSecondsForGame = 0;
    const perRound = Math.ceil(shape.timed / shape.rounds);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    for (let round = 0; round < shape.rounds; round += 1) {
      const order = round % 2 === 0 ? [baseline, ...middle, game] : [game, ...middle, baseline];
      for (const contender of order) {
        foreign.start();
        const serverBefore = serverCpu();
        const sample = await contender.measuredRound(perRound);
        if (contender === game) serverSecondsForGame += serverCpu() - serverBefore;
        foreign.stop();
        const ips = sample.latencies.length / (sample.windowMs / 1000);
        options.say(`round ${round + 1}/${shape.rounds} ${contender.name}: ${ips.toFixed(0)} interactions/s`);
      }
    }
    loopDelay.disable();

    const paced = new Map<RunningContender, LoadSample>();
    const thinkMs = (shape.loadServers.length / shape.pacedRate) * 1000;
    for (const contender of [baseline, ...middle, game]) {
      foreign.start();
      const sample = await contender.pacedRound(shape.paced, thinkMs);
      foreign.stop();
      paced.set(contender, sample);
      options.say(
        `paced ${contender.name}: ${(sample.latencies.length / (sample.windowMs / 1000)).toFixed(0)} interactions/s offered`,
      );
    }

    const lobbies = new Map<RunningContender, LobbyFigures>();
    const memory = new Map<RunningContender, Awaited<ReturnType<RunningContender['settledMemory']>>>();
    for (const contender of [baseline, ...middle, game]) {
      options.say(`${contender.name}: opening ${shape.lobbyServers.length} more channels for the memory figures…`);
      lobbies.set(contender, await contender.openLobbies(shape.lobbyServers, shape.loadServers.length, shape.stagger));
      memory.set(contender, await contender.settledMemory());
    }
    const channels = shape.loadServers.length + shape.lobbyServers.length;
    const figures = (contender: RunningContender, activeGames: number): ContenderFigures => {
      const measured = contender.samples.reduce((sum, sample) => sum + sample.latencies.length, 0);
      return {
        load: poolSamples(contender.samples),
        paced: poolSamples([paced.get(contender)!]),
        rounds: contender.samples.map((sample) => ({
          ips: sample.latencies.length / (sample.windowMs / 1000),
          p99: poolSamples([sample]).latency.p99,
        })),
        cpuMsPerInteraction: contender.cpuMsPerInteraction,
        cpuMsPerInteractionByThread: contender.cpuMsPerInteractionByThread,
        benchCpuMsPerInteraction: contender.benchCpuMsPerInteraction,
        gatewayReadyMs: contender.gatewayReadyMs,
        warmupFailed: contender.warmupFailed,
        idleMemory: contender.idleMemory,
        loadPeakRssMb: contender.loadPeakRssMb,
        openBoards: contender.openBoards,
        lobbies: lobbies.get(contender)!,
        allChannelsMemory: memory.get(contender)!.afterGc,
        rssAllChannelsBeforeGcMb: memory.get(contender)!.rssBeforeGcMb,
        vmHwmMb: memory.get(contender)!.hwmMb,
        activeGames,
        log: contender.logLines(),
        measuredSpans: contender.measuredSpans,
        restPerInteraction: Object.fromEntries(
          [...contender.restDuringRounds].map(([route, requests]) => [route, requests / measured]),
        ),
        rateLimited: contender.rateLimited,
      };
    };
    const baselineFigures = figures(baseline, channels);
    const gameFigures = figures(game, await options.countActiveGames());
    return {
      game: gameFigures,
      baseline: baselineFigures,
      persisting: persisting ? figures(persisting, channels) : undefined,
      foreignCores: foreign.cores(),
      serverCpuMsPerInteraction: (serverSecondsForGame * 1000) / gameFigures.load.latency.count,
      emulatorLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    };
  } finally {
    // SIGTERM first: a clean exit is what writes a --cpu-prof profile.
    await Promise.all(running.map((contender) => contender.stop()));
  }
}
