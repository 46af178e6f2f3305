/** A link to one message in Discord: `https://discord.com/channels/<guild>/<channel>/<message>`. */
export interface MessageLink {
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string;
}

/** The hosts Discord's client treats as its own for message links. */
const DISCORD_HOSTS: ReadonlySet<string> = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
]);
const MESSAGE_PATH = /^\/channels\/(\d{17,20})\/(\d{17,20})\/(\d{17,20})\/?$/;

/** The message a link points at, if it is a Discord message link; anything else is null. */
export function parseMessageLink(href: string): MessageLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !DISCORD_HOSTS.has(url.hostname)) return null;
  const match = MESSAGE_PATH.exec(url.pathname);
  if (!match) return null;
  const [, guildId = '', channelId = '', messageId = ''] = match;
  return { guildId, channelId, messageId };
}
