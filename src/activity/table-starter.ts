import { type APIGuildMember, type APIRole, type Client, PermissionFlagsBits, Routes } from 'discord.js';
import type { Starter } from '../bot/start-gate.js';

const MANAGES_SERVER = PermissionFlagsBits.ManageGuild | PermissionFlagsBits.Administrator;

/**
 * A person at the table as the start gate sees them: no interaction carries their roles here, so
 * the member is asked of Discord now (GET /guilds/{guild}/members/{user}), as the button's
 * interaction would carry them, and, for Manage Server, the guild's roles (GET
 * /guilds/{guild}/roles: the bot keeps no role cache, src/bot/client.ts). A member Discord no
 * longer knows starts nothing the roles guard.
 */
export async function starterAtTable(
  client: Client,
  place: { guildId: string; channelId: string },
  personId: string,
): Promise<Starter> {
  const nobody: Starter = {
    guildId: place.guildId,
    channelId: place.channelId,
    parentId: null,
    managesServer: false,
    roleIds: [],
  };
  const member = (await client.rest.get(Routes.guildMember(place.guildId, personId)).catch(() => undefined)) as
    | APIGuildMember
    | undefined;
  if (!member) return nobody;
  return {
    ...nobody,
    // The table is a voice channel's: never a thread.
    managesServer: await managesServer(client, place.guildId, personId, member.roles),
    roleIds: member.roles.filter((id) => id !== place.guildId),
  };
}

/** Manage Server as Discord computes it: the owner, or @everyone's and the member's roles' bits. */
async function managesServer(client: Client, guildId: string, personId: string, roleIds: readonly string[]) {
  if (client.guilds.cache.get(guildId)?.ownerId === personId) return true;
  const roles = (await client.rest.get(Routes.guildRoles(guildId)).catch(() => [])) as APIRole[];
  const held = new Set([guildId, ...roleIds]);
  const bits = roles.filter((role) => held.has(role.id)).reduce((all, role) => all | BigInt(role.permissions), 0n);
  return (bits & MANAGES_SERVER) !== 0n;
}
