import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  ContainerBuilder,
  FileBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  SectionBuilder,
  SeparatorBuilder,
  SeparatorSpacingSize,
  TextDisplayBuilder,
  ThumbnailBuilder,
} from 'discord.js';
import { describe, expect, test } from 'vitest';
import { rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;

const { takeProblems, textChannel } = useConnectedScene((connected) => ({ scene, client } = connected));

const V2 = 1 << 15;
const text = (content: string, extra: object = {}) => ({ type: 10, content, ...extra });
const button = (customId: string) => ({ type: 2, style: 1, label: 'Go', custom_id: customId });
const row = (...components: unknown[]) => ({ type: 1, components });

describe('components v2 through the real client', () => {
  test('a container with text, a section and thumbnail, a gallery, a file, a separator and buttons is accepted', async () => {
    const container = new ContainerBuilder()
      .setAccentColor(0x2f7d32)
      .addTextDisplayComponents(new TextDisplayBuilder().setContent('## Crag — round 3'))
      .addSectionComponents(
        new SectionBuilder()
          .addTextDisplayComponents(new TextDisplayBuilder().setContent('alice: 4 4 6'))
          .setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://dice.png').setDescription('The dice')),
      )
      .addMediaGalleryComponents(
        new MediaGalleryBuilder().addItems(new MediaGalleryItemBuilder().setURL('attachment://sheet.png')),
      )
      .addFileComponents(new FileBuilder().setURL('attachment://rules.txt'))
      .addSeparatorComponents(new SeparatorBuilder().setSpacing(SeparatorSpacingSize.Large))
      .addActionRowComponents(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('roll').setLabel('Roll').setStyle(ButtonStyle.Primary),
        ),
      );
    const sent = await textChannel().send({
      flags: MessageFlags.IsComponentsV2,
      components: [container],
      files: [
        { attachment: Buffer.from('png'), name: 'dice.png' },
        { attachment: Buffer.from('png'), name: 'sheet.png' },
        { attachment: Buffer.from('Roll three dice.'), name: 'rules.txt' },
      ],
    });
    const stored = scene.discord.message(sent.id);
    expect((stored?.flags ?? 0) & V2).toBe(V2);
    expect(stored?.components[0]).toMatchObject({ type: 17, accent_color: 0x2f7d32 });
    const clicked = new Promise<string>((resolve) => {
      client.once('interactionCreate', async (interaction) => {
        if (interaction.isButton()) {
          await interaction.deferUpdate();
          resolve(interaction.customId);
        }
      });
    });
    await scene.discord.clickButton({ user: scene.alice.id, message: sent.id, customId: 'roll' });
    expect(await clicked).toBe('roll');
  });

  test('the flag cannot be removed by an edit (50035 at flags)', async () => {
    const sent = await textChannel().send({
      flags: MessageFlags.IsComponentsV2,
      components: [new TextDisplayBuilder().setContent('board')],
    });
    const response = await rawRest(scene.discord, 'PATCH', `/channels/${sent.channelId}/messages/${sent.id}`, {
      token: scene.app.token,
      body: { flags: 0, components: [row(button('x'))] },
    });
    expect(response).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { flags: { _errors: [expect.anything()] } } },
    });
    await expect(sent.edit({ content: 'legacy' })).rejects.toMatchObject({ code: 50035 });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035, 50035]);
  });

  test('a message posted with embeds becomes Components V2 only by an edit that empties its embeds and content', async () => {
    const sent = await textChannel().send({ content: 'old board', embeds: [{ title: 'Crag · round 2/13' }] });
    const path = `/channels/${sent.channelId}/messages/${sent.id}`;
    const v2 = { flags: V2, components: [text('new board')] };
    const keeping = await rawRest(scene.discord, 'PATCH', path, { token: scene.app.token, body: v2 });
    expect(keeping).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { _errors: [{ code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2' }] } },
    });
    const embedsOnly = await rawRest(scene.discord, 'PATCH', path, {
      token: scene.app.token,
      body: { ...v2, embeds: [] },
    });
    expect(embedsOnly).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(scene.discord.message(sent.id)).toMatchObject({ flags: 0, content: 'old board' });
    const upgraded = await rawRest(scene.discord, 'PATCH', path, {
      token: scene.app.token,
      body: { ...v2, embeds: [], content: null },
    });
    expect(upgraded.status).toBe(200);
    expect(scene.discord.message(sent.id)).toMatchObject({ flags: V2, content: '', embeds: [] });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035, 50035]);
  });
});

describe('components v2 validation (raw JSON)', () => {
  const many = (count: number) => Array.from({ length: count }, (_, index) => text(`t${index}`));
  const cases: { name: string; body: Record<string, unknown>; errorAt: string[] }[] = [
    { name: 'content beside the flag', body: { content: 'hi', components: [text('a')] }, errorAt: [] },
    {
      name: 'a poll beside the flag',
      body: { poll: { question: { text: 'q' } }, components: [text('a')] },
      errorAt: [],
    },
    { name: '41 components', body: { components: many(41) }, errorAt: ['components'] },
    {
      name: '41 components counted through containers',
      body: { components: [{ type: 17, components: many(40) }] },
      errorAt: ['components'],
    },
    {
      name: 'more than 4000 characters of text in all',
      body: { components: [text('a'.repeat(2500)), text('b'.repeat(1501))] },
      errorAt: ['components'],
    },
    {
      name: 'a thumbnail description over 1024',
      body: {
        components: [
          {
            type: 9,
            components: [text('a')],
            accessory: { type: 11, media: { url: 'https://x/y.png' }, description: 'd'.repeat(1025) },
          },
        ],
      },
      errorAt: ['components', '0', 'accessory', 'description'],
    },
    {
      name: 'a section with 4 texts',
      body: { components: [{ type: 9, components: many(4), accessory: button('b') }] },
      errorAt: ['components', '0', 'components'],
    },
    {
      name: 'a media gallery with 11 items',
      body: {
        components: [{ type: 12, items: Array.from({ length: 11 }, () => ({ media: { url: 'https://x/y.png' } })) }],
      },
      errorAt: ['components', '0', 'items'],
    },
    {
      name: 'a media item without url',
      body: { components: [{ type: 12, items: [{ media: {} }] }] },
      errorAt: ['components', '0', 'items', '0', 'media', 'url'],
    },
    {
      name: 'a file that is not an attachment:// url',
      body: { components: [{ type: 13, file: { url: 'https://example.com/rules.txt' } }] },
      errorAt: ['components', '0', 'file', 'url'],
    },
    {
      name: 'separator spacing 3',
      body: { components: [{ type: 14, spacing: 3 }] },
      errorAt: ['components', '0', 'spacing'],
    },
    {
      name: 'duplicate component ids',
      body: { components: [text('a', { id: 7 }), text('b', { id: 7 })] },
      errorAt: ['components', '1', 'id'],
    },
    {
      name: 'a container in a container',
      body: { components: [{ type: 17, components: [{ type: 17, components: [text('a')] }] }] },
      errorAt: ['components', '0', 'components', '0', 'type'],
    },
    {
      name: 'a thumbnail at the top level',
      body: { components: [{ type: 11, media: { url: 'https://x/y.png' } }] },
      errorAt: ['components', '0', 'type'],
    },
    {
      name: 'accent_color out of range',
      body: { components: [{ type: 17, accent_color: 0x1000000, components: [text('a')] }] },
      errorAt: ['components', '0', 'accent_color'],
    },
    {
      name: 'a custom_id used in a container and at the top',
      body: { components: [{ type: 17, components: [row(button('same'))] }, row(button('same'))] },
      errorAt: ['components', '1', 'components', '0', 'custom_id'],
    },
  ];

  test.each(cases)('$name → 400 / 50035', async ({ body, errorAt }) => {
    const response = await rawRest(scene.discord, 'POST', `/channels/${scene.channel.id}/messages`, {
      token: scene.app.token,
      body: { flags: V2, ...body },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 50035 } });
    let node = (response.body as { errors: Record<string, unknown> }).errors;
    for (const key of errorAt) node = node[key] as Record<string, unknown>;
    expect(node._errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: expect.any(String) })]));
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035]);
  });

  test('without the flag, v2 components are refused', async () => {
    const response = await rawRest(scene.discord, 'POST', `/channels/${scene.channel.id}/messages`, {
      token: scene.app.token,
      body: { components: [text('a')] },
    });
    expect(response).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035]);
  });
});
