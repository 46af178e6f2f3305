// Discord's vocabulary for application commands (docs/interactions/application-commands.mdx): the
// shapes the REST API returns and the numbers that name types and contexts. The store (commands.ts),
// the check of a command's body (validation/command-body.ts) and the virtual users all speak it.

export const OptionType = {
  Subcommand: 1,
  SubcommandGroup: 2,
  String: 3,
  Integer: 4,
  Boolean: 5,
  User: 6,
  Channel: 7,
  Role: 8,
  Mentionable: 9,
  Number: 10,
  Attachment: 11,
} as const;

/** Locale (`ru`, `en-GB`…) → text, as Discord stores a command's translations. */
export type Localizations = Record<string, string>;

export interface CommandOption {
  type: number;
  name: string;
  name_localizations?: Localizations | null;
  description: string;
  description_localizations?: Localizations | null;
  required?: boolean;
  choices?: { name: string; name_localizations?: Localizations | null; value: string | number }[];
  options?: CommandOption[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
  channel_types?: number[];
}

/** An application command as Discord returns it. */
export interface RegisteredCommand {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  name_localizations: Localizations | null;
  description: string;
  description_localizations: Localizations | null;
  options?: CommandOption[];
  default_member_permissions: string | null;
  dm_permission?: boolean;
  contexts: number[] | null;
  integration_types: number[];
  nsfw: boolean;
  guild_id?: string;
  /** PRIMARY_ENTRY_POINT only: 1 APP_HANDLER (the app answers), 2 DISCORD_LAUNCH_ACTIVITY. */
  handler?: number;
}

/** docs/interactions/application-commands.mdx: "Installation Context" and "Interaction Contexts". */
export const IntegrationType = { GuildInstall: 0, UserInstall: 1 } as const;
export const CommandContext = { Guild: 0, BotDM: 1, PrivateChannel: 2 } as const;
/** docs/interactions/application-commands.mdx: the Activity's launcher command, global and one per app. */
export const PRIMARY_ENTRY_POINT = 4;
export const EntryPointHandler = { AppHandler: 1, DiscordLaunchActivity: 2 } as const;
