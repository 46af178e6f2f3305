import { channelPermissions, guildPermissions, Permission, type PermissionSubject } from '../permissions.js';
import { type ChannelRecord, ChannelType, type GuildRecord } from './records.js';
import type { WorldState } from './state.js';

/** What may be done in a DM, where there are no roles or overwrites. */
const DM_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.EmbedLinks |
  Permission.AttachFiles |
  Permission.ReadMessageHistory |
  Permission.AddReactions |
  Permission.UseExternalEmojis |
  Permission.UseApplicationCommands;

/** What a user may do where: Discord's permission computation over the world's records. */
export class Access {
  constructor(private readonly state: WorldState) {}

  permissionSubject(guild: GuildRecord, userId: string): PermissionSubject | null {
    const member = guild.members.get(userId);
    if (!member) return null;
    return {
      guildId: guild.id,
      ownerId: guild.ownerId,
      rolePermissions: guild.rolePermissions,
      memberRoleIds: member.roleIds,
      userId,
    };
  }

  /**
   * A user's permissions in a channel; 0 when they are not in its guild (or not a DM recipient).
   * Threads take their parent's permissions; a private thread is seen only by its members and by
   * those with Manage Threads (docs/topics/threads.mdx, "Permissions").
   */
  permissionsIn(channel: ChannelRecord, userId: string): bigint {
    if (channel.thread) {
      const parent = this.state.channels.get(channel.thread.parentId);
      const bits = parent ? this.permissionsIn(parent, userId) : 0n;
      const private_ = channel.type === ChannelType.PrivateThread;
      if (private_ && !channel.thread.members.has(userId) && (bits & Permission.ManageThreads) === 0n) return 0n;
      return bits;
    }
    if (!channel.guildId) return channel.recipientIds.includes(userId) ? DM_PERMISSIONS : 0n;
    const guild = this.state.guilds.get(channel.guildId);
    const subject = guild && this.permissionSubject(guild, userId);
    return subject ? channelPermissions(subject, channel.overwrites) : 0n;
  }

  guildPermissionsOf(guild: GuildRecord, userId: string): bigint {
    const subject = this.permissionSubject(guild, userId);
    return subject ? guildPermissions(subject) : 0n;
  }
}
