import { ApplicationFlags, type Client } from 'discord.js';
import type { GuildDirectory } from '../bot/guild-directory.js';

/** Whether a game's lobby offers Play at the table: asked of every drawing of a lobby. */
export interface TableOffer {
  /** A lobby drawn in this channel shows the button. */
  offeredIn(channelId: string): boolean;
  /** This process runs the table of this channel, so a press of the button may launch it. */
  servedIn(channelId: string): boolean;
}

/**
 * The table is offered in the text chat of a voice channel (the Activity opens in its call), of a
 * guild whose tables this process serves, once its Activity server is up, and only while Discord
 * says the application has Activities enabled (the EMBEDDED flag of READY's application): Discord
 * refuses LAUNCH_ACTIVITY otherwise, so the button would only fail.
 */
export function tableOffer(client: Client, guilds: GuildDirectory, serving: (guildId: string) => boolean): TableOffer {
  const servedIn = (channelId: string) => {
    const guildId = guilds.voiceChannelGuild(channelId);
    return guildId !== undefined && serving(guildId);
  };
  return {
    servedIn,
    offeredIn: (channelId) =>
      (client.application?.flags?.has(ApplicationFlags.Embedded) ?? false) && servedIn(channelId),
  };
}
