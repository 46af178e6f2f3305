import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  SlashCommandBuilder,
} from 'discord.js';
import { describe, expect, test } from 'vitest';
import { Permission } from '../../src/emulator/index.js';
import { deferred, type InteractionHandlers, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;
let handlers: InteractionHandlers;

const { takeProblems, textChannel } = useConnectedScene((connected) => ({ scene, client, handlers } = connected), {
  guildCommands: [new SlashCommandBuilder().setName('card').setDescription('Draw a card')],
});

/** The start of a PNG: signature and IHDR with the given size (enough for Discord's width/height). */
function png(width: number, height: number, padding = 16): Buffer {
  const header = Buffer.alloc(33 + padding);
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(header, 0);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('uploads through channel routes', () => {
  test('files arrive as attachments with size, type and PNG dimensions, served by the emulator CDN', async () => {
    const image = png(400, 300);
    const sent = await textChannel().send({
      embeds: [{ title: 'Score card', image: { url: 'attachment://card.png' } }],
      files: [new AttachmentBuilder(image, { name: 'card.png', description: 'The score card' })],
    });
    const [attachment] = scene.discord.message(sent.id)?.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: 'card.png',
      size: image.length,
      content_type: 'image/png',
      width: 400,
      height: 300,
      description: 'The score card',
    });
    const served = await fetch(String(attachment?.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    expect(sent.attachments.first()?.width).toBe(400);
  });

  test('an edit keeps, drops and adds attachments as its attachments list says', async () => {
    const sent = await textChannel().send({ content: 'board', files: [{ attachment: png(1, 1), name: 'a.png' }] });
    const first = sent.attachments.first();
    const both = await sent.edit({
      // By id, as Discord's attachment request object has it (a whole Attachment is a problem).
      attachments: [...sent.attachments.keys()].map((id) => ({ id })),
      files: [{ attachment: png(2, 2), name: 'b.png' }],
    });
    expect([...both.attachments.values()].map((attachment) => attachment.name)).toEqual(['a.png', 'b.png']);
    const replaced = await both.edit({ files: [{ attachment: png(3, 3), name: 'c.png' }] });
    expect([...replaced.attachments.values()].map((attachment) => attachment.name)).toEqual(['c.png']);
    expect((await fetch(String(first?.url))).status).toBe(404);
    const none = await replaced.edit({ content: 'no files', attachments: [] });
    expect(none.attachments.size).toBe(0);
    const unchanged = await none.edit({ content: 'still none' });
    expect(unchanged.attachments.size).toBe(0);
  });

  test('attachment:// must name an uploaded file (50035); more than 10 files: 50035; over 10 MiB: 413 / 40005', async () => {
    await expect(
      textChannel().send({
        embeds: [{ image: { url: 'attachment://missing.png' } }],
        files: [{ attachment: png(1, 1), name: 'card.png' }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 50035 });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ attachment: png(1, 1), name: `f${index}.png` }));
    await expect(textChannel().send({ files: eleven })).rejects.toMatchObject({ status: 400, code: 50035 });
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1);
    await expect(textChannel().send({ files: [{ attachment: huge, name: 'huge.bin' }] })).rejects.toMatchObject({
      status: 413,
      code: 40005,
    });
    // Three files of 9 MiB: each under the per-file limit, together over the 25 MiB a request may carry.
    const nine = Array.from({ length: 3 }, (_, index) => ({
      attachment: Buffer.alloc(9 * 1024 * 1024),
      name: `part-${index}.bin`,
    }));
    await expect(textChannel().send({ files: nine })).rejects.toMatchObject({ status: 413, code: 40005 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035, 50035, 40005, 40005]);
  });

  test('the bot’s own sends and edits with files need Attach Files (403 / 50013); without files they do not', async () => {
    const sent = await textChannel().send({ content: 'board' });
    scene.discord.setChannelPermissions(scene.channel.id, scene.app.botUser.id, { deny: Permission.AttachFiles });
    try {
      const card = [{ attachment: png(1, 1), name: 'card.png' }];
      await expect(textChannel().send({ content: 'card', files: card })).rejects.toMatchObject({
        status: 403,
        code: 50013,
      });
      await expect(sent.edit({ content: 'with a card', files: card })).rejects.toMatchObject({
        status: 403,
        code: 50013,
      });
      expect((await sent.edit({ content: 'words only' })).content).toBe('words only');
      expect(takeProblems().map((problem) => problem.code)).toEqual([50013, 50013]);
    } finally {
      scene.discord.setChannelPermissions(scene.channel.id, scene.app.botUser.id, {});
    }
  });
});

describe('uploads through interactions', () => {
  test('reply, followUp, editReply and update carry files as multipart', async () => {
    const { discord, alice, channel } = scene;
    const done = deferred<void>();
    handlers.set(async (interaction) => {
      if (interaction.isChatInputCommand()) {
        await interaction.reply({
          content: 'Your card',
          files: [{ attachment: png(10, 10), name: 'reply.png' }],
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('flip').setLabel('Flip').setStyle(ButtonStyle.Primary),
            ),
          ],
        });
        await interaction.followUp({ files: [{ attachment: png(20, 20), name: 'follow.png' }] });
        await interaction.editReply({ files: [{ attachment: png(30, 30), name: 'edited.png' }] });
        done.resolve();
      } else if (interaction.isButton()) {
        await interaction.update({ files: [{ attachment: png(40, 40), name: 'flipped.png' }] });
      }
    });
    const outcome = await discord.runCommand({ user: alice.id, channel: channel.id, name: 'card' });
    expect(outcome.message?.attachments.map((attachment) => attachment.filename)).toEqual(['reply.png']);
    await done.promise;
    const record = discord.interaction(outcome.interactionId);
    const followUp = discord.message(record?.followUpIds[0] ?? '');
    expect(followUp?.attachments).toEqual([expect.objectContaining({ filename: 'follow.png', width: 20 })]);
    expect(discord.message(outcome.message?.id ?? '')?.attachments).toEqual([
      expect.objectContaining({ filename: 'edited.png', width: 30 }),
    ]);
    const clicked = await discord.clickButton({ user: alice.id, message: outcome.message?.id ?? '', customId: 'flip' });
    expect(clicked.message?.attachments).toEqual([expect.objectContaining({ filename: 'flipped.png', height: 40 })]);
  });
});
