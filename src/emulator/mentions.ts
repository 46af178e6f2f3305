import { type Json, userJson } from './payloads.js';
import { hasAll, Permission } from './permissions.js';
import { ComponentType } from './validation/component-types.js';
import { isObject } from './validation/fields.js';
import type { ChannelRecord, World } from './world.js';

/** `allowed_mentions` as sent (docs/resources/message.mdx, "Allowed Mentions Object"). */
export interface AllowedMentions {
  parse: ('users' | 'roles' | 'everyone')[] | null;
  users: string[];
  roles: string[];
  repliedUser: boolean;
}

/**
 * Who a new message notifies. Mentions are read from `content` and from Text Displays (Discord pings
 * those too, per docs/components/reference.mdx "Text Display"), never from embeds. Without
 * `allowed_mentions`, regular messages parse every kind and interaction or webhook messages only
 * users; role mentions and @everyone/@here need Mention Everyone (roles here are never mentionable);
 * only people who can see the channel are notified, never the author, and ephemerals notify no one.
 */
export function deliveredMentions(
  world: World,
  message: {
    channel: ChannelRecord;
    authorId: string;
    content: string;
    components: readonly unknown[];
    allowedMentions: AllowedMentions | undefined;
    /** Interaction responses and webhooks default to users only. */
    viaWebhook: boolean;
    /** The author of the message this one replies to. */
    repliedUserId: string | null;
    ephemeral: boolean;
  },
): string[] {
  if (message.ephemeral) return [];
  const text = [message.content, ...textDisplays(message.components)].join('\n');
  const allowed = message.allowedMentions;
  const parse = new Set(
    allowed?.parse ?? (allowed ? [] : message.viaWebhook ? ['users'] : ['users', 'roles', 'everyone']),
  );
  const canMentionEveryone = hasAll(world.permissionsIn(message.channel, message.authorId), Permission.MentionEveryone);
  const notified = new Set<string>();
  for (const match of text.matchAll(/<@!?(\d{17,20})>/g)) {
    const userId = match[1] ?? '';
    if (parse.has('users') || allowed?.users.includes(userId)) notified.add(userId);
  }
  const guild = message.channel.guildId ? world.guilds.get(message.channel.guildId) : undefined;
  if (guild && canMentionEveryone) {
    for (const match of text.matchAll(/<@&(\d{17,20})>/g)) {
      const roleId = match[1] ?? '';
      if (!parse.has('roles') && !allowed?.roles.includes(roleId)) continue;
      for (const member of guild.members.values()) if (member.roleIds.includes(roleId)) notified.add(member.userId);
    }
    // Presences are not emulated: everyone is online, so @here reaches as far as @everyone.
    if (parse.has('everyone') && /@(everyone|here)\b/.test(text)) {
      for (const member of guild.members.values()) notified.add(member.userId);
    }
  }
  const repliedUserPinged = allowed ? allowed.repliedUser : !message.viaWebhook;
  if (message.repliedUserId && repliedUserPinged) notified.add(message.repliedUserId);
  notified.delete(message.authorId);
  return [...notified].filter(
    (userId) => world.users.has(userId) && hasAll(world.permissionsIn(message.channel, userId), Permission.ViewChannel),
  );
}

/** The contents of every Text Display, wherever it is nested. */
function textDisplays(components: readonly unknown[]): string[] {
  const found: string[] = [];
  const visit = (component: unknown) => {
    if (!isObject(component)) return;
    if (component.type === ComponentType.TextDisplay && typeof component.content === 'string')
      found.push(component.content);
    if (Array.isArray(component.components)) for (const child of component.components) visit(child);
  };
  for (const component of components) visit(component);
  return found;
}

const USER_MENTION = /<@!?(\d{17,20})>/g;
const ROLE_MENTION = /<@&(\d{17,20})>/g;

/** The users `<@id>` mentions in `content` name, each once: a message's `mentions`. */
export function mentionedUsers(world: World, content: string): Json[] {
  if (!content.includes('<@')) return [];
  const seen = new Set<string>();
  const result: Json[] = [];
  for (const match of content.matchAll(USER_MENTION)) {
    const user = world.users.get(match[1] ?? '');
    if (user && !seen.has(user.id)) {
      seen.add(user.id);
      result.push(userJson(user));
    }
  }
  return result;
}

/** The roles `<@&id>` mentions in `content` name, each once: a message's `mention_roles`. */
export function mentionedRoles(content: string): string[] {
  if (!content.includes('<@&')) return [];
  return [...new Set([...content.matchAll(ROLE_MENTION)].map((match) => match[1] ?? ''))];
}
