/** Discord permission bits the emulator reasons about (same values as discord.js `PermissionFlagsBits`). */
export const Permission = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  ChangeNickname: 1n << 26n,
  ManageRoles: 1n << 28n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
  /**
   * docs/topics/permissions.mdx: lets user-installed apps answer publicly; without it their
   * responses are ephemeral, where the app is not also installed to the server.
   */
  UseExternalApps: 1n << 50n,
} as const;

/** Every permission bit Discord defines today (bits 0–50). */
export const ALL_PERMISSIONS = (1n << 51n) - 1n;

/** What a fresh guild's @everyone role may do, close to Discord's defaults. */
export const DEFAULT_EVERYONE_PERMISSIONS =
  Permission.CreateInstantInvite |
  Permission.AddReactions |
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.EmbedLinks |
  Permission.AttachFiles |
  Permission.ReadMessageHistory |
  Permission.UseExternalEmojis |
  Permission.Connect |
  Permission.Speak |
  Permission.ChangeNickname |
  Permission.UseApplicationCommands |
  Permission.CreatePublicThreads |
  Permission.CreatePrivateThreads |
  Permission.SendMessagesInThreads |
  // Not in the docs' text: new servers grant it to @everyone, as Discord's client shows.
  Permission.UseExternalApps;

export interface Overwrite {
  id: string;
  /** 0 = role, 1 = member. */
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface PermissionSubject {
  guildId: string;
  ownerId: string;
  /** Role id → permission bits; the @everyone role's id equals the guild id. */
  rolePermissions: ReadonlyMap<string, bigint>;
  memberRoleIds: readonly string[];
  userId: string;
}

/** Guild-level permissions: @everyone plus the member's roles; owner and Administrator get everything. */
export function guildPermissions(subject: PermissionSubject): bigint {
  if (subject.userId === subject.ownerId) return ALL_PERMISSIONS;
  let bits = subject.rolePermissions.get(subject.guildId) ?? 0n;
  for (const roleId of subject.memberRoleIds) bits |= subject.rolePermissions.get(roleId) ?? 0n;
  return bits & Permission.Administrator ? ALL_PERMISSIONS : bits;
}

/**
 * Channel permissions, in Discord's order: base, @everyone overwrite, role overwrites together,
 * member overwrite. Without View Channel every other channel permission is implicitly denied.
 */
export function channelPermissions(subject: PermissionSubject, overwrites: ReadonlyMap<string, Overwrite>): bigint {
  const base = guildPermissions(subject);
  if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  let bits = base;
  const everyone = overwrites.get(subject.guildId);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const roleId of subject.memberRoleIds) {
    const overwrite = overwrites.get(roleId);
    if (overwrite?.type === 0) {
      roleAllow |= overwrite.allow;
      roleDeny |= overwrite.deny;
    }
  }
  bits = (bits & ~roleDeny) | roleAllow;
  const member = overwrites.get(subject.userId);
  if (member?.type === 1) bits = (bits & ~member.deny) | member.allow;
  return bits & Permission.ViewChannel ? bits : 0n;
}

export function hasAll(bits: bigint, required: bigint): boolean {
  return (bits & required) === required;
}
