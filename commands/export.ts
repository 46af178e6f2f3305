import { MessageFlags } from 'discord.js';
import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { buildExport } from '../src/bot/export-file.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { dailyDealName } from '../src/bot/render/index.js';
import { deferPrivately } from '../src/bot/replies.js';
import { defineSubcommand, type GuildCommand } from './define.js';
import { managesServer } from './manage-server.js';

/** Finished games read per query while the file is built. */
const PAGE = 500;
/**
 * Discord refuses a request that sends a message over 25 MiB, files included, whatever per-file limit
 * a boosted server announces; the rest of the request (the text, the multipart framing) fits in 64 KiB.
 */
const MOST_FILE_BYTES = 25 * 1024 ** 2 - 64 * 1024;

/**
 * `/crag export`: the server's finished games as a CSV file, privately, for members who may Manage
 * Server. The reply is deferred first: a large server's file takes longer than Discord's three
 * seconds to build. The file must fit the upload limit the interaction announces (10 MiB unless the
 * server's boosts or the member's Nitro raise it), and never more than a request may carry: over it,
 * it is gzip-compressed, and if that is still too big only the newest games that fit are sent, and
 * the reply says so.
 */
export const exportGames = defineSubcommand({
  name: 'export',
  nameKey: 'command.export.name',
  descriptionKey: 'command.export.description',
  answers: 'private',
  // The server's own games: nowhere else (docs/anywhere.md).
  reach: 'crag-server',
  options: {},
  handle: sendExport,
});

async function sendExport(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  if (!managesServer(interaction)) return refused('refusal.manage-server-only');
  // A fresh board may have answered first (its old one was lost): then the file follows it.
  const answered = interaction.replied;
  await deferPrivately(interaction);
  const answer = async (body: { content: string; files?: { attachment: Buffer; name: string }[] }) => {
    if (answered) await interaction.followUp({ ...body, flags: MessageFlags.Ephemeral });
    else await interaction.editReply(body);
  };
  const guildId = interaction.guildId;
  const limitBytes = Math.min(interaction.attachmentSizeLimit, MOST_FILE_BYTES);
  const day = new Date(ctx.now()).toISOString().slice(0, 10);
  const tr = personal(ctx.languages, interaction);
  const file = await buildExport(
    (beforeId) => ctx.store.finishedGames({ guildId, limit: PAGE, ...(beforeId === undefined ? {} : { beforeId }) }),
    limitBytes,
    `crag-${guildId}-${day}`,
    (dailyDay) => dailyDealName(dailyDay, tr),
  );
  if (!file) {
    await answer({ content: tr.t('export.none') });
    return undefined;
  }
  const limit = tr.decimal(limitBytes / 1024 ** 2);
  const notes = [
    tr.t('export.ready', { count: file.games }),
    ...(file.truncated
      ? [tr.t('export.truncated', { count: file.games, limit })]
      : file.compressed
        ? [tr.t('export.compressed', { limit })]
        : []),
  ];
  await answer({ content: notes.join('\n'), files: [{ attachment: file.data, name: file.name }] });
  ctx.log.info('games exported', { guild: guildId, games: file.games, bytes: file.data.length });
  return undefined;
}
