import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { ApplicationIntegrationType, InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { MAX_SEATS } from '../src/game/index.js';
import type { Languages } from '../src/i18n/index.js';
import { addDailyGroup } from './daily/definition.js';
import { CommandText } from './localize.js';
import { optionName } from './options.js';

/** Longest turn timer a game can set, in minutes. */
export const MAX_TURN_TIMER_MINUTES = 60;
export const DEFAULT_TURN_TIMER_MINUTES = 5;
/** A table seats at most MAX_SEATS, and one of them is the host. */
const MAX_COMPUTERS = MAX_SEATS - 1;

/**
 * `/crag …`: every subcommand the bot answers, named and described in every language of the
 * catalogues. Definitions only; handlers live in src/bot and read options through the list in
 * options.ts, which names them here too.
 */
export function buildCragCommand(languages: Languages): SlashCommandBuilder {
  const text = new CommandText(languages);
  const crag = text
    .name(new SlashCommandBuilder(), 'crag', 'command.crag.name', 'command.crag.description')
    // Installed to servers only, used in servers only: a user-installed copy would reach servers the
    // bot is not in, where every edit of a board with the bot's token fails.
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall)
    .setContexts(InteractionContextType.Guild);
  crag.addSubcommand((start) =>
    text
      .name(start, 'start', 'command.start.name', 'command.start.description')
      .addIntegerOption((option) =>
        text
          .name(
            option,
            optionName('start', 'rerolls'),
            'command.start.rerolls.name',
            'command.start.rerolls.description',
          )
          .addChoices(text.choice('command.start.rerolls.standard', 1), text.choice('command.start.rerolls.house', 2)),
      )
      .addStringOption((option) =>
        text
          .name(
            option,
            optionName('start', 'thirteen'),
            'command.start.thirteen.name',
            'command.start.thirteen.description',
          )
          .addChoices(
            text.choice('command.start.thirteen.any', 'any'),
            text.choice('command.start.thirteen.no-pair', 'no-pair'),
          ),
      )
      .addIntegerOption((option) =>
        text
          .name(
            option,
            optionName('start', 'turn-timer'),
            'command.start.turn-timer.name',
            'command.start.turn-timer.description',
            {
              minutes: DEFAULT_TURN_TIMER_MINUTES,
            },
          )
          .setMinValue(1)
          .setMaxValue(MAX_TURN_TIMER_MINUTES),
      )
      .addIntegerOption((option) =>
        text
          .name(
            option,
            optionName('start', 'computers'),
            'command.start.computers.name',
            'command.start.computers.description',
            {
              max: MAX_COMPUTERS,
            },
          )
          .setMinValue(0)
          .setMaxValue(MAX_COMPUTERS),
      )
      .addStringOption((option) =>
        text
          .name(option, optionName('start', 'level'), 'command.start.level.name', 'command.start.level.description')
          .addChoices(
            text.choice('command.start.level.easy', 'easy'),
            text.choice('command.start.level.optimal', 'optimal'),
            text.choice('command.start.level.strong', 'strong'),
          ),
      )
      .addBooleanOption((option) =>
        text.name(option, optionName('start', 'hints'), 'command.start.hints.name', 'command.start.hints.description'),
      )
      .addBooleanOption((option) =>
        text.name(
          option,
          optionName('start', 'thread'),
          'command.start.thread.name',
          'command.start.thread.description',
        ),
      )
      .addBooleanOption((option) =>
        text.name(option, optionName('start', 'pings'), 'command.start.pings.name', 'command.start.pings.description'),
      ),
  );
  crag.addSubcommand((leaderboard) =>
    withPeriodOptions(
      text,
      'leaderboard',
      text
        .name(leaderboard, 'leaderboard', 'command.leaderboard.name', 'command.leaderboard.description')
        .addStringOption((option) =>
          text
            .name(
              option,
              optionName('leaderboard', 'scope'),
              'command.leaderboard.scope.name',
              'command.leaderboard.scope.description',
            )
            .addChoices(
              text.choice('command.leaderboard.scope.series', 'series'),
              text.choice('command.leaderboard.scope.server', 'server'),
            ),
        ),
    )
      .addIntegerOption((option) =>
        text
          .name(
            option,
            optionName('leaderboard', 'rerolls'),
            'command.leaderboard.rerolls.name',
            'command.leaderboard.rerolls.description',
          )
          .addChoices(
            text.choice('command.leaderboard.rerolls.one', 1),
            text.choice('command.leaderboard.rerolls.two', 2),
          ),
      )
      .addStringOption((option) =>
        text
          .name(
            option,
            optionName('leaderboard', 'thirteen'),
            'command.leaderboard.thirteen.name',
            'command.leaderboard.thirteen.description',
          )
          .addChoices(
            text.choice('command.start.thirteen.any', 'any'),
            text.choice('command.start.thirteen.no-pair', 'no-pair'),
          ),
      )
      .addStringOption((option) =>
        text
          .name(
            option,
            optionName('leaderboard', 'rank-by'),
            'command.leaderboard.rank-by.name',
            'command.leaderboard.rank-by.description',
          )
          .addChoices(
            text.choice('command.leaderboard.rank-by.total', 'total'),
            text.choice('command.leaderboard.rank-by.average', 'average'),
            text.choice('command.leaderboard.rank-by.skill', 'skill'),
          ),
      )
      .addIntegerOption((option) =>
        text
          .name(
            option,
            optionName('leaderboard', 'min-games'),
            'command.leaderboard.min-games.name',
            'command.leaderboard.min-games.description',
            {
              games: MIN_GAMES_FOR_AVERAGE,
            },
          )
          .setMinValue(1)
          .setMaxValue(MAX_MIN_GAMES),
      ),
  );
  crag.addSubcommand((sheet) =>
    text
      .name(sheet, 'sheet', 'command.sheet.name', 'command.sheet.description')
      .addUserOption((option) =>
        text.name(
          option,
          optionName('sheet', 'player'),
          'command.sheet.player.name',
          'command.sheet.player.description',
        ),
      ),
  );
  crag.addSubcommand((rules) => text.name(rules, 'rules', 'command.rules.name', 'command.rules.description'));
  crag.addSubcommand((board) => text.name(board, 'board', 'command.board.name', 'command.board.description'));
  crag.addSubcommand((hint) => text.name(hint, 'hint', 'command.hint.name', 'command.hint.description'));
  crag.addSubcommand((leave) => text.name(leave, 'leave', 'command.leave.name', 'command.leave.description'));
  crag.addSubcommand((end) => text.name(end, 'end', 'command.end.name', 'command.end.description'));
  crag.addSubcommand((stats) =>
    withPeriodOptions(
      text,
      'stats',
      text
        .name(stats, 'stats', 'command.stats.name', 'command.stats.description')
        .addUserOption((option) =>
          text.name(
            option,
            optionName('stats', 'player'),
            'command.stats.player.name',
            'command.stats.player.description',
          ),
        ),
    ),
  );
  crag.addSubcommand((history) =>
    text
      .name(history, 'history', 'command.history.name', 'command.history.description')
      .addStringOption((option) =>
        text
          .name(
            option,
            optionName('history', 'scope'),
            'command.history.scope.name',
            'command.history.scope.description',
          )
          .addChoices(
            text.choice('command.history.scope.channel', 'channel'),
            text.choice('command.history.scope.server', 'server'),
          ),
      ),
  );
  crag.addSubcommandGroup((season) =>
    text
      .name(season, 'season', 'command.season.name', 'command.season.description')
      .addSubcommand((start) => text.name(start, 'new', 'command.season.new.name', 'command.season.new.description')),
  );
  crag.addSubcommand((exported) => text.name(exported, 'export', 'command.export.name', 'command.export.description'));
  addDailyGroup(crag, text);
  return crag;
}

/** `period` and `season`, shared by the leaderboard and the statistics. */
function withPeriodOptions(
  text: CommandText,
  subcommand: 'leaderboard' | 'stats',
  command: SlashCommandSubcommandBuilder,
): SlashCommandSubcommandBuilder {
  return command
    .addStringOption((option) =>
      text
        .name(option, optionName(subcommand, 'period'), 'command.period.name', 'command.period.description')
        .addChoices(
          text.choice('command.period.all', 'all'),
          text.choice('command.period.season', 'season'),
          text.choice('command.period.month', 'month'),
          text.choice('command.period.week', 'week'),
        ),
    )
    .addIntegerOption((option) =>
      text
        .name(
          option,
          optionName(subcommand, 'season'),
          'command.season-number.name',
          'command.season-number.description',
        )
        .setMinValue(1)
        .setMaxValue(MAX_SEASON),
    );
}

/** Members need no permission to play; `/crag end` checks Manage Messages itself for non-hosts. */
export const END_GAME_PERMISSION = PermissionFlagsBits.ManageMessages;

/**
 * `/crag season new` and `/crag export` need Manage Server. Discord sets default permissions for a
 * whole top-level command only (and a server's admins can change them), so the handlers check it.
 */
export const MANAGE_STATS_PERMISSION = PermissionFlagsBits.ManageGuild;

/** Ranking by average leaves out players with fewer games than this, unless `min-games` says otherwise. */
export const MIN_GAMES_FOR_AVERAGE = 5;
const MAX_MIN_GAMES = 1000;
/** The highest season number the options take; far beyond any server's. */
const MAX_SEASON = 10_000;
