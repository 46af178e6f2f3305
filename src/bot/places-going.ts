import { type Client, Events } from 'discord.js';
import type { BotContext } from './context.js';
import { endGamesOutOfReach } from './due-turns.js';

/**
 * Games end when their place goes: the bot removed from the server, the channel or thread
 * deleted. Nothing is sent there: every request would fail. A thread reopened (unarchived) shows
 * its game's board again, if this process saw it go out of reach.
 */
export function watchPlacesGoing(client: Client, ctx: BotContext): void {
  const failed = (what: string) => (error: unknown) => ctx.log.error(`could not end the games of a ${what}`, { error });
  // discord.js emits GuildDelete only when the bot left or was removed; an outage is GuildUnavailable.
  client.on(Events.GuildDelete, (guild) => {
    void ctx.store
      .activeGamesInGuild(guild.id)
      .then((games) => endGamesOutOfReach(ctx, games, 'the bot was removed from the server'))
      .catch(failed('server the bot left'));
  });
  const channelGone = (channelId: string, why: string) => {
    void ctx.store
      .activeGameInChannel(channelId)
      .then((game) => (game ? endGamesOutOfReach(ctx, [game], why) : undefined))
      .catch(failed('deleted channel'));
  };
  // Channels other than threads are not cached (src/bot/client.ts), and discord.js emits
  // ChannelDelete only for a cached one: the gateway's own packet says it.
  client.on(Events.Raw, (packet: { t?: unknown; d?: { id?: unknown } }) => {
    if (packet.t === 'CHANNEL_DELETE' && typeof packet.d?.id === 'string')
      channelGone(packet.d.id, 'the channel was deleted');
  });
  client.on(Events.ThreadDelete, (thread) => channelGone(thread.id, 'the thread was deleted'));
  client.on(Events.ThreadUpdate, (before, thread) => {
    if (!before.archived || thread.archived) return;
    void ctx.store
      .activeGameInChannel(thread.id)
      .then((game) => (game ? ctx.boards.reopen(game) : undefined))
      .catch((error: unknown) => ctx.log.warn('could not show a board again in a reopened thread', { error }));
  });
}
