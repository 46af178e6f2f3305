import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';

/** Longest turn timer a game can set, in minutes. */
export const MAX_TURN_TIMER_MINUTES = 60;
export const DEFAULT_TURN_TIMER_MINUTES = 5;

/** `/crag …`: every subcommand the bot answers. Definitions only; handlers live in src/bot. */
export const cragCommand = new SlashCommandBuilder()
  .setName('crag')
  .setDescription('Play Crag, the three-dice game, in this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((start) =>
    start
      .setName('start')
      .setDescription('Open a game of Crag in this channel; friends join with a button')
      .addIntegerOption((option) =>
        option
          .setName('rerolls')
          .setDescription('Rerolls per turn (default 1; 2 is the gentler house variant)')
          .addChoices({ name: '1 (standard)', value: 1 }, { name: '2 (house variant)', value: 2 }),
      )
      .addStringOption((option) =>
        option
          .setName('thirteen')
          .setDescription('Which totals of 13 the Thirteen row takes (default: any)')
          .addChoices({ name: 'any total of 13', value: 'any' }, { name: 'only without a pair', value: 'no-pair' }),
      )
      .addIntegerOption((option) =>
        option
          .setName('turn-timer')
          .setDescription(
            `Minutes per turn before the best row is taken for you (default ${DEFAULT_TURN_TIMER_MINUTES})`,
          )
          .setMinValue(1)
          .setMaxValue(MAX_TURN_TIMER_MINUTES),
      )
      .addIntegerOption((option) =>
        option.setName('computers').setDescription('Computer opponents to seat (0-4)').setMinValue(0).setMaxValue(4),
      )
      .addStringOption((option) =>
        option
          .setName('level')
          .setDescription('How the computer opponents play (default optimal)')
          .addChoices(
            { name: 'easy: takes the most points now', value: 'easy' },
            { name: 'optimal: exact best expected total', value: 'optimal' },
            { name: 'strong: plays to win against the table', value: 'strong' },
          ),
      )
      .addBooleanOption((option) =>
        option.setName('hints').setDescription('Allow /crag hint in this game (default on)'),
      ),
  )
  .addSubcommand((leaderboard) =>
    leaderboard
      .setName('leaderboard')
      .setDescription('Cumulative totals across games')
      .addStringOption((option) =>
        option
          .setName('scope')
          .setDescription('This channel’s current series, or the whole server (default series)')
          .addChoices({ name: 'series', value: 'series' }, { name: 'server', value: 'server' }),
      )
      .addIntegerOption((option) =>
        option
          .setName('rerolls')
          .setDescription('Games with 1 or 2 rerolls (never ranked together; default 1)')
          .addChoices({ name: '1', value: 1 }, { name: '2', value: 2 }),
      ),
  )
  .addSubcommand((sheet) =>
    sheet
      .setName('sheet')
      .setDescription('Show a full score sheet of the game in this channel (only you see it)')
      .addUserOption((option) => option.setName('player').setDescription('Whose sheet (default: yours)')),
  )
  .addSubcommand((rules) => rules.setName('rules').setDescription('The rows, the points and the variant in force here'))
  .addSubcommand((board) => board.setName('board').setDescription('Post the board again at the bottom of the channel'))
  .addSubcommand((hint) => hint.setName('hint').setDescription('What the exact solver would do with your dice'))
  .addSubcommand((leave) =>
    leave.setName('leave').setDescription('Leave the game in this channel (your open rows score 0)'),
  )
  .addSubcommand((end) =>
    end.setName('end').setDescription('End the game in this channel; it counts for nobody (host or Manage Messages)'),
  );

/** Members need no permission to play; `/crag end` checks Manage Messages itself for non-hosts. */
export const END_GAME_PERMISSION = PermissionFlagsBits.ManageMessages;
