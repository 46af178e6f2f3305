import type { BotContext } from '../../src/bot/context.js';
import type { GuildCommand, GuildComponent } from '../../src/bot/feature.js';
import { type Refusal, refused } from '../../src/bot/outcome.js';
import { starterOf } from '../../src/bot/start-gate.js';

/**
 * Who may create a tournament: members with Manage Server, and members with the server's organiser
 * role (`/crag-settings organiser-role`), as this interaction reports their permissions and roles.
 * A role deleted since it was set no longer counts. Undefined when allowed.
 */
export async function mayOrganise(
  ctx: BotContext,
  interaction: GuildCommand | GuildComponent,
): Promise<Refusal | undefined> {
  const member = starterOf(interaction);
  if (member.managesServer) return undefined;
  const role = (await ctx.houseRules.settingsOf(interaction.guildId))['organiser-role'];
  const roleExists = role !== undefined && ctx.guilds.hasRole(interaction.guildId, role);
  if (roleExists && member.roleIds.includes(role)) return undefined;
  return roleExists
    ? refused('refusal.tournament-organiser-role', { role: `<@&${role}>` })
    : refused('refusal.tournament-manage-server');
}
