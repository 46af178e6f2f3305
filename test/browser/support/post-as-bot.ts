import type { PlaygroundProcess } from './playground-process.js';

export interface UploadedFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Uint8Array;
}

/**
 * Posts a message into the playground channel as the bot, through the emulator's REST API with the
 * bot's own token, exactly as the bot's messages arrive: validated by the emulator, then drawn by
 * every open page. Files go as multipart, `files[n]` beside `payload_json`, as discord.js sends them.
 */
export async function postAsBot(
  playground: PlaygroundProcess,
  body: Record<string, unknown>,
  files: readonly UploadedFile[] = [],
): Promise<{ id: string }> {
  const world = playground.world();
  const url = `${playground.apiUrl}/v10/channels/${world.channel.id}/messages`;
  const headers = { authorization: `Bot ${world.application.token}` };
  let response: Response;
  if (files.length === 0) {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } else {
    const form = new FormData();
    form.set('payload_json', JSON.stringify(body));
    for (const [index, file] of files.entries()) {
      form.set(`files[${index}]`, new Blob([file.bytes], { type: file.type }), file.name);
    }
    response = await fetch(url, { method: 'POST', headers, body: form });
  }
  const answer = (await response.json()) as { id?: string };
  if (!response.ok || !answer.id) throw new Error(`the emulator refused the message: ${JSON.stringify(answer)}`);
  return { id: answer.id };
}

/** Uploads an application emoji with the bot's token, as the bot does at start-up; returns its id. */
export async function uploadEmojiAsBot(playground: PlaygroundProcess, name: string, png: Uint8Array): Promise<string> {
  const world = playground.world();
  const response = await fetch(`${playground.apiUrl}/v10/applications/${world.application.id}/emojis`, {
    method: 'POST',
    headers: { authorization: `Bot ${world.application.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, image: `data:image/png;base64,${Buffer.from(png).toString('base64')}` }),
  });
  const answer = (await response.json()) as { id?: string };
  if (!response.ok || !answer.id) throw new Error(`the emulator refused the emoji: ${JSON.stringify(answer)}`);
  return answer.id;
}

/** A 1×1 PNG, enough for an attachment. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
