export type { ActivityInstance } from './activity-instances.js';
export type { Clock } from './clock.js';
export {
  allChannelsId,
  type CommandPermission,
  CommandPermissionType,
  type GuildCommandPermissions,
} from './command-permissions.js';
export type { CommandOption, Localizations, RegisteredCommand } from './command-types.js';
export type { EmulatorOptions } from './core.js';
export { Emulator, startEmulator } from './emulator.js';
export { DiscordError, ImpossibleActionError } from './errors.js';
export type { EmulatorEvents, MessageInfo, RestRequestView } from './events.js';
export type { ChannelHandle, ThreadView } from './facade/channels.js';
export type { ApplicationHandle } from './facade/commands.js';
export type { GuildHandle, UserHandle } from './facade/guilds.js';
export type { InteractionView } from './facade/interactions.js';
export type { Ping } from './facade/messages.js';
export type { InjectedFault, RestFault } from './faults.js';
export type { HeldRequest, RestHoldMatch } from './holds.js';
export type {
  ChooseOptionOptions,
  ClickButtonOptions,
  RawInteractionOptions,
  RunCommandOptions,
} from './interactions/actions.js';
export type { AckKind, InteractionOutcome } from './interactions/registry.js';
export { DISCORD_LOCALES } from './locales.js';
export type { EmulatedMessage } from './messages.js';
export { ALL_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS, Permission } from './permissions.js';
export type { Problem, ProblemKind } from './problems.js';
export { GLOBAL_REQUESTS_PER_SECOND, type RateLimitOptions } from './rate-limits/limiter.js';
export type { BucketRule } from './rate-limits/route-buckets.js';
export { MessageFlag } from './validation/message-body.js';
export type { WaitOptions } from './wait.js';
export {
  AUTO_ARCHIVE_MINUTES,
  type AutoArchiveMinutes,
  ChannelType,
  type CreateApplicationOptions,
  type CreateChannelOptions,
  type CreateGuildOptions,
  type CreateUserOptions,
  type ThreadType,
} from './world.js';
