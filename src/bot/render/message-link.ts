/** A link to a message, or undefined while its id is not known yet. Pure: renderers and senders both use it. */
export function messageLink(guildId: string, channelId: string, messageId: string | null): string | undefined {
  return messageId ? `https://discord.com/channels/${guildId}/${channelId}/${messageId}` : undefined;
}
