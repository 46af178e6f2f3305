import { type Client, PermissionFlagsBits } from 'discord.js';
import type { Starter } from '../bot/start-gate.js';

/**
 * A person at the table as the start gate sees them: no interaction carries their roles here, so
 * the member is asked of Discord now (GET /guilds/{guild}/members/{user}), as the button's
 * interaction would carry them. A member Discord no longer knows starts nothing the roles guard.
 */
export async function starterAtTable(
  client: Client,
  place: { guildId: string; channelId: string },
  personId: string,
): Promise<Starter> {
  const guild = client.guilds.cache.get(place.guildId) ?? null;
  const member = await guild?.members.fetch({ user: personId, force: true }).catch(() => undefined);
  return {
    guild,
    channelId: place.channelId,
    // The table is a voice channel's: never a thread.
    parentId: null,
    managesServer: member?.permissions.has(PermissionFlagsBits.ManageGuild) ?? false,
    // The cache holds @everyone (the guild's id), which an interaction's role list never does.
    roleIds: member ? [...member.roles.cache.keys()].filter((id) => id !== place.guildId) : [],
  };
}
