import type { SlashCommandBuilder } from '@discordjs/builders';
import type { CommandText } from '../localize.js';

/** The options of `/crag daily board`, by name and kind; the handler reads them by these names. */
export const DAILY_BOARD_OPTIONS = { day: 'integer' } as const;

/** An option's name, checked against the list. */
export function dailyBoardOption(name: keyof typeof DAILY_BOARD_OPTIONS): keyof typeof DAILY_BOARD_OPTIONS {
  return name;
}

/** The highest day number the board takes: far beyond any day the bot will see. */
const MAX_DAY_NUMBER = 100_000;

/**
 * `/crag daily play` and `/crag daily board [day]`: a subcommand group, since Discord cannot invoke
 * a group by itself (`/crag daily` alone is not a command).
 */
export function addDailyGroup(crag: SlashCommandBuilder, text: CommandText): void {
  crag.addSubcommandGroup((daily) =>
    text
      .name(daily, 'daily', 'command.daily.name', 'command.daily.description')
      .addSubcommand((play) => text.name(play, 'play', 'command.daily.play.name', 'command.daily.play.description'))
      .addSubcommand((board) =>
        text
          .name(board, 'board', 'command.daily.board.name', 'command.daily.board.description')
          .addIntegerOption((option) =>
            text
              .name(
                option,
                dailyBoardOption('day'),
                'command.daily.board.day.name',
                'command.daily.board.day.description',
              )
              .setMinValue(1)
              .setMaxValue(MAX_DAY_NUMBER),
          ),
      ),
  );
}
