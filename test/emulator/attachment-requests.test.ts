import { type Client, type REST, Routes, TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectClient, rawRest, type Scene, startScene } from './helpers.js';

let scene: Scene;
let client: Client;
let rest: REST;

beforeAll(async () => {
  scene = await startScene();
  client = await connectClient(scene.discord, scene.app.token);
  rest = client.rest;
});
afterAll(async () => {
  await client?.destroy();
  await scene?.discord.stop();
});

function textChannel(): TextChannel {
  const channel = client.channels.cache.get(scene.channel.id);
  if (!(channel instanceof TextChannel)) throw new Error('not a text channel');
  return channel;
}

/** A message with one uploaded attachment, and that attachment as Discord returned it. */
async function messageWithFile(): Promise<{ id: string; attachment: Record<string, unknown> }> {
  const sent = (await rest.post(Routes.channelMessages(scene.channel.id), {
    body: { content: 'card', attachments: [{ id: 0, filename: 'card.txt' }] },
    files: [{ name: 'card.txt', data: Buffer.from('hello') }],
  })) as { id: string; attachments: Record<string, unknown>[] };
  const [attachment] = sent.attachments;
  if (!attachment) throw new Error('no attachment');
  return { id: sent.id, attachment };
}

const edit = (messageId: string, attachments: unknown) =>
  rawRest(scene.discord, 'PATCH', Routes.channelMessage(scene.channel.id, messageId), {
    token: scene.app.token,
    body: { content: 'edited', attachments },
  });

function takeProblems() {
  const taken = [...scene.discord.problems];
  scene.discord.clearProblems();
  return taken;
}

describe('attachments entries, as MessageAttachmentRequest in Discord’s OpenAPI description', () => {
  test('`[{ id }]` keeps the attachment, with no problem', async () => {
    const { id, attachment } = await messageWithFile();
    const answer = await edit(id, [{ id: attachment.id }]);
    expect(answer.status).toBe(200);
    expect((answer.body as { attachments: unknown[] }).attachments).toHaveLength(1);
    expect(takeProblems()).toEqual([]);
  });

  test('a serialized discord.js Attachment is accepted as Discord does, its foreign fields reported', async () => {
    const { id } = await messageWithFile();
    const sent = await textChannel().messages.fetch(id);
    const serialized = JSON.parse(JSON.stringify(sent.attachments.first()));
    expect(serialized.proxyURL).toBeDefined();
    const answer = await edit(id, [serialized]);
    expect(answer.status).toBe(200);
    const problems = takeProblems();
    expect(problems.map((problem) => problem.kind)).toEqual(['ignored-field']);
    expect(problems[0]?.detail).toContain('attachments[0].proxyURL');
    expect(problems[0]?.detail).toContain('attachments[0].contentType');
  });

  test.each([
    { name: 'no id', entry: { filename: 'x.png' }, at: 'id', code: 'BASE_TYPE_REQUIRED' },
    { name: 'an id that is no snowflake', entry: { id: 'card' }, at: 'id', code: 'NUMBER_TYPE_COERCE' },
    { name: 'an empty filename', entry: { id: '1', filename: '' }, at: 'filename', code: 'BASE_TYPE_MIN_LENGTH' },
    {
      name: 'a description over 1024',
      entry: { id: '1', description: 'd'.repeat(1025) },
      at: 'description',
      code: 'BASE_TYPE_MAX_LENGTH',
    },
    {
      name: 'is_spoiler not a boolean',
      entry: { id: '1', is_spoiler: 'yes' },
      at: 'is_spoiler',
      code: 'BASE_TYPE_BOOLEAN',
    },
    { name: 'an entry that is no object', entry: 'card.png', at: null, code: 'MODEL_TYPE_CONVERT' },
  ])('refused with 50035: $name', async ({ entry, at, code }) => {
    const { id } = await messageWithFile();
    const answer = await edit(id, [entry]);
    expect(answer.status).toBe(400);
    const body = answer.body as { code: number; errors: Record<string, unknown> };
    expect(body.code).toBe(50035);
    const atEntry = (body.errors.attachments as Record<string, Record<string, unknown>>)['0'] ?? {};
    const errors = (at === null ? atEntry : atEntry[at]) as { _errors: { code: string }[] };
    expect(errors._errors[0]?.code).toBe(code);
    takeProblems();
  });
});
