import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type Client } from 'discord.js';
import { describe, expect, test } from 'vitest';
import { rawRest, type Scene, useConnectedScene } from './helpers.js';

let scene: Scene;
let client: Client;

const { takeProblems, textChannel } = useConnectedScene((connected) => ({ scene, client } = connected));

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000080000000800806000000', 'hex');
const dataUri = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('application emojis through client.application.emojis', () => {
  test('create, list, fetch, rename and delete; the image is served on the emulator CDN', async () => {
    const { discord, app } = scene;
    const application = client.application;
    if (!application) throw new Error('no application');
    const die = await application.emojis.create({ attachment: PNG, name: 'die_six' });
    expect(die).toMatchObject({ name: 'die_six', animated: false });
    expect(die.author?.id).toBe(app.botUser.id);
    const listed = await application.emojis.fetch();
    expect([...listed.keys()]).toEqual([die.id]);
    expect(discord.applicationEmojis(app.id)).toEqual([expect.objectContaining({ id: die.id, name: 'die_six' })]);

    const image = await fetch(discord.emojiUrl(die.id));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const renamed = await die.edit({ name: 'die6' });
    expect(renamed.name).toBe('die6');
    expect((await application.emojis.fetch(die.id, { force: true })).name).toBe('die6');
    await die.delete();
    await expect(application.emojis.fetch(die.id, { force: true })).rejects.toMatchObject({ status: 404, code: 10014 });
    expect((await fetch(discord.emojiUrl(die.id))).status).toBe(404);
    expect(takeProblems().map((problem) => problem.code)).toEqual([10014]);
  });

  test('names are 2–32 of [A-Za-z0-9_] and unique; images at most 256 KiB (50035)', async () => {
    const { discord, app } = scene;
    const post = (body: unknown) =>
      rawRest(discord, 'POST', `/applications/${app.id}/emojis`, { token: app.token, body });
    expect((await post({ name: 'pip', image: dataUri(PNG) })).status).toBe(201);
    for (const [body, field, code] of [
      [{ name: 'p', image: dataUri(PNG) }, 'name', 'BASE_TYPE_BAD_LENGTH'],
      [{ name: 'no-dash', image: dataUri(PNG) }, 'name', 'STRING_TYPE_REGEX'],
      [{ name: 'pip', image: dataUri(PNG) }, 'name', 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN'],
      [{ name: 'big', image: dataUri(Buffer.alloc(256 * 1024 + 1, 1)) }, 'image', 'BINARY_TYPE_MAX_SIZE'],
      [{ name: 'text', image: 'data:text/plain;base64,aGk=' }, 'image', 'IMAGE_INVALID'],
    ] as const) {
      const response = await post(body);
      expect(response).toMatchObject({
        status: 400,
        body: { code: 50035, errors: { [field]: { _errors: [expect.objectContaining({ code })] } } },
      });
    }
    const other = discord.createApplication({ name: 'Other' });
    expect((await rawRest(discord, 'GET', `/applications/${other.id}/emojis`, { token: app.token })).status).toBe(403);
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035, 50035, 50035, 50035, 50035, 50001]);
  });

  test('at most 2,000 per application (30008)', async () => {
    const { discord } = scene;
    const app = discord.createApplication({ name: 'Collector' });
    const post = (name: string) =>
      rawRest(discord, 'POST', `/applications/${app.id}/emojis`, {
        token: app.token,
        body: { name, image: dataUri(PNG) },
      });
    for (let batch = 0; batch < 20; batch++) {
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, index) => post(`e${batch * 100 + index}`)));
      expect(statuses.every((response) => response.status === 201)).toBe(true);
    }
    expect(await post('one_more')).toMatchObject({ status: 400, body: { code: 30008 } });
    expect(takeProblems().map((problem) => problem.code)).toEqual([30008]);
  });
});

describe('using them', () => {
  test('a button may show an emoji of the app; an unknown custom emoji is refused as invalid', async () => {
    const die = await client.application?.emojis.create({ attachment: PNG, name: 'die_one' });
    if (!die) throw new Error('no emoji');
    const row = (emoji: { id: string; name: string }) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('roll').setEmoji(emoji).setStyle(ButtonStyle.Secondary),
      );
    const sent = await textChannel().send({
      content: `Rolled <:die_one:${die.id}>`,
      components: [row({ id: die.id, name: 'die_one' })],
    });
    expect(sent.content).toContain(die.id);
    await expect(
      textChannel().send({ content: 'x', components: [row({ id: '1234567890123456789', name: 'stranger' })] }),
    ).rejects.toMatchObject({
      status: 400,
      code: 50035,
      rawError: {
        errors: {
          components: {
            0: { components: { 0: { emoji: { id: { _errors: [{ code: 'BUTTON_COMPONENT_INVALID_EMOJI' }] } } } } },
          },
        },
      },
    });
    expect(takeProblems().map((problem) => problem.code)).toEqual([50035]);
  });
});
