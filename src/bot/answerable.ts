import type {
  ChatInputCommandInteraction,
  MessageComponentInteraction,
  PrimaryEntryPointCommandInteraction,
} from 'discord.js';

/** What the bot answers: the router's, the replies' and answer-in-time's one shape of interaction. */
export type AnswerableInteraction =
  | ChatInputCommandInteraction
  | MessageComponentInteraction
  /** The App Launcher's Entry Point command, answered with the Activity or a private word. */
  | PrimaryEntryPointCommandInteraction;
