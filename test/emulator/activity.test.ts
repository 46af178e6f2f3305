import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ApplicationHandle, type Emulator, startEmulator, type UserHandle } from '../../src/emulator/index.js';
import { ACCESS_TOKEN_SECONDS } from '../../src/emulator/oauth2.js';
import { rawRest } from './helpers.js';

let discord: Emulator;
let app: ApplicationHandle;
let plain: ApplicationHandle;
let alice: UserHandle;
let bob: UserHandle;
let voiceId: string;
let textId: string;

beforeAll(async () => {
  discord = await startEmulator();
  app = discord.createApplication({ name: 'Crag', activities: true });
  plain = discord.createApplication({ name: 'Other' });
  alice = discord.createUser({ username: 'alice' });
  bob = discord.createUser({ username: 'bob' });
  const guild = discord.createGuild({ name: 'Evening', ownerId: alice.id, members: [bob.id], bots: [app.id] });
  voiceId = discord.createChannel(guild.id, { name: 'Crag table', type: 2 }).id;
  textId = discord.createChannel(guild.id, { name: 'crag' }).id;
});

afterAll(async () => {
  await discord.stop();
});

/** POST /oauth2/token as an app's server sends it: form-encoded, client id and secret in the form. */
async function exchange(fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') {
  const body = contentType.includes('json') ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
  const response = await fetch(`${discord.apiUrl}/v10/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function me(accessToken: string) {
  const response = await fetch(`${discord.apiUrl}/v10/users/@me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function codeFor(userId: string): Record<string, string> {
  return {
    client_id: app.id,
    client_secret: discord.clientSecret(app.id),
    grant_type: 'authorization_code',
    code: discord.authorizeActivity(app.id, userId),
  };
}

describe('OAuth2 code exchange and Bearer tokens', () => {
  test('a code becomes a Bearer token once; GET /users/@me answers as that person', async () => {
    const form = codeFor(alice.id);
    const first = await exchange(form);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, scope: 'identify' });
    const user = await me(String(first.body.access_token));
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: alice.id, username: 'alice' });
    const again = await exchange(form);
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
    });
  });

  test('a wrong code, a wrong secret, another app and a JSON body are refused', async () => {
    expect((await exchange({ ...codeFor(alice.id), code: 'made-up' })).body.error).toBe('invalid_grant');
    expect(await exchange({ ...codeFor(alice.id), client_secret: 'guess' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    const otherApp = { ...codeFor(alice.id), client_id: plain.id, client_secret: discord.clientSecret(plain.id) };
    expect((await exchange(otherApp)).body.error).toBe('invalid_grant');
    expect((await exchange(codeFor(alice.id), 'application/json')).status).toBe(400);
  });

  test('HTTP Basic client authentication works as the form does', async () => {
    const { code } = codeFor(bob.id);
    const basic = Buffer.from(`${app.id}:${discord.clientSecret(app.id)}`).toString('base64');
    const response = await fetch(`${discord.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code ?? '' }).toString(),
    });
    expect(response.status).toBe(200);
  });

  test('an unknown or expired access token gets 401, and opens no bot route', async () => {
    expect((await me('nonsense')).status).toBe(401);
    const token = discord.accessToken(app.id, bob.id);
    const channel = await fetch(`${discord.apiUrl}/v10/channels/${textId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(channel.status).toBe(401);
    expect((await me(token)).status).toBe(200);
    discord.advanceClock(ACCESS_TOKEN_SECONDS * 1000);
    expect(await me(token)).toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
    discord.clearProblems();
  });
});

describe('activity instances', () => {
  test('launching in a channel joins the one instance there; the bot reads its participants', async () => {
    const first = discord.launchActivity(app.id, voiceId, alice.id);
    const second = discord.launchActivity(app.id, voiceId, bob.id);
    expect(second.instanceId).toBe(first.instanceId);
    expect(first.instanceId).toMatch(/^i-\d+-gc-\d+-\d+$/);
    const read = await rawRest(discord, 'GET', `/applications/${app.id}/activity-instances/${first.instanceId}`, {
      token: app.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      application_id: app.id,
      instance_id: first.instanceId,
      location: { kind: 'gc', channel_id: voiceId },
      users: [alice.id, bob.id],
    });
    discord.leaveActivity(first.instanceId, bob.id);
    const after = await rawRest(discord, 'GET', `/applications/${app.id}/activity-instances/${first.instanceId}`, {
      token: app.token,
    });
    expect((after.body as { users: string[] }).users).toEqual([alice.id]);
    discord.leaveActivity(first.instanceId, alice.id);
    const gone = await rawRest(discord, 'GET', `/applications/${app.id}/activity-instances/${first.instanceId}`, {
      token: app.token,
    });
    expect(gone).toEqual({ status: 404, body: { message: '404: Not Found', code: 0 } });
    discord.clearProblems();
  });

  test('an app without Activities cannot launch one', () => {
    expect(() => discord.launchActivity(plain.id, voiceId, alice.id)).toThrow(/no Activity/);
  });
});

describe('the Entry Point command', () => {
  test('enabling Activities makes "launch"; a bulk overwrite without it is refused with 50240', async () => {
    const path = `/applications/${app.id}/commands`;
    const listed = (await rawRest(discord, 'GET', path, { token: app.token })).body as { type: number; id: string }[];
    const entry = listed.find((command) => command.type === 4);
    expect(entry).toMatchObject({ name: 'launch', handler: 2 });
    const crag = { type: 1, name: 'crag', description: 'Play Crag' };
    const dropped = await rawRest(discord, 'PUT', path, { token: app.token, body: [crag] });
    expect(dropped.status).toBe(400);
    expect((dropped.body as { code: number }).code).toBe(50240);
    const kept = await rawRest(discord, 'PUT', path, {
      token: app.token,
      body: [crag, { type: 4, name: 'launch', description: 'Play at the table', handler: 1 }],
    });
    expect(kept.status).toBe(200);
    const again = (kept.body as { type: number; id: string; handler?: number }[]).find((command) => command.type === 4);
    expect(again).toMatchObject({ id: entry?.id, handler: 1 });
    discord.clearProblems();
  });

  test('an Entry Point command is global only, one per app, without options', async () => {
    const guildPath = `/applications/${plain.id}/guilds/${discord.createGuild({ name: 'G', ownerId: alice.id, bots: [plain.id] }).id}/commands`;
    const entry = { type: 4, name: 'launch', description: 'Launch' };
    expect((await rawRest(discord, 'PUT', guildPath, { token: plain.token, body: [entry] })).status).toBe(400);
    const two = [entry, { ...entry, name: 'play' }];
    expect(
      (await rawRest(discord, 'PUT', `/applications/${plain.id}/commands`, { token: plain.token, body: two })).status,
    ).toBe(400);
    const withOptions = [{ ...entry, options: [{ type: 3, name: 'x', description: 'x' }] }];
    const refused = await rawRest(discord, 'PUT', `/applications/${plain.id}/commands`, {
      token: plain.token,
      body: withOptions,
    });
    expect(refused.status).toBe(400);
    discord.clearProblems();
  });
});

/** A discord.js client of the app, connected and ready. */
async function loggedIn(token: string): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
  return client;
}

describe('LAUNCH_ACTIVITY (interaction response type 12)', () => {
  test("a button answered with type 12 puts its presser in the channel's instance", async () => {
    const client = await loggedIn(app.token);
    try {
      const posted = await rawRest(discord, 'POST', `/channels/${voiceId}/messages`, {
        token: app.token,
        body: {
          content: 'Lobby',
          components: [
            { type: 1, components: [{ type: 2, style: 1, label: 'Play at the table', custom_id: 'table' }] },
          ],
        },
      });
      const messageId = (posted.body as { id: string }).id;
      const launched = new Promise<string | null | undefined>((resolve, reject) => {
        client.once(Events.InteractionCreate, (interaction) => {
          if (!interaction.isButton()) return reject(new Error('not a button'));
          interaction
            .launchActivity({ withResponse: true })
            .then((response) => resolve(response.interaction.activityInstanceId))
            .catch(reject);
        });
      });
      const outcome = await discord.clickButton({ user: bob.id, message: messageId, customId: 'table' });
      expect(outcome.ack).toBe('launch-activity');
      const instanceId = await launched;
      expect(instanceId).toBe(discord.activityIn(app.id, voiceId)?.instanceId);
      expect(discord.activityIn(app.id, voiceId)?.users).toContain(bob.id);
      expect(discord.problems).toEqual([]);
    } finally {
      await client.destroy();
    }
  });

  test('an app without Activities is refused type 12; the interaction stays open for another answer', async () => {
    const guild = discord.createGuild({ name: 'Plain', ownerId: alice.id, members: [bob.id], bots: [plain.id] });
    const voice = discord.createChannel(guild.id, { name: 'Voice', type: 2 }).id;
    const client = await loggedIn(plain.token);
    try {
      const posted = await rawRest(discord, 'POST', `/channels/${voice}/messages`, {
        token: plain.token,
        body: {
          content: 'Lobby',
          components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }],
        },
      });
      const refusal = new Promise<unknown>((resolve) => {
        client.once(Events.InteractionCreate, (interaction) => {
          if (!interaction.isButton()) return;
          interaction.launchActivity().then(
            () => resolve('launched'),
            async (error: unknown) => {
              // Refused, not answered: the app may still tell the person why.
              await interaction.reply({ content: 'no table here', flags: 64 });
              resolve(error);
            },
          );
        });
      });
      const outcome = await discord.clickButton({
        user: bob.id,
        message: (posted.body as { id: string }).id,
        customId: 'go',
      });
      expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(await refusal).toMatchObject({ status: 400, code: 50035 });
      expect(discord.activityIn(plain.id, voice)).toBeUndefined();
      expect(discord.problems.map((problem) => problem.kind)).toEqual(['launch-without-activity']);
      discord.clearProblems();
    } finally {
      await client.destroy();
    }
  });

  test('type 12 is refused for autocomplete, and accepted for a slash command', async () => {
    const command = await rawRest(discord, 'POST', `/applications/${app.id}/commands`, {
      token: app.token,
      body: { type: 1, name: 'table', description: 'Open the table' },
    });
    expect(command.status).toBe(201);
    const client = await loggedIn(app.token);
    try {
      client.once(Events.InteractionCreate, (interaction) => {
        if (interaction.isChatInputCommand()) void interaction.launchActivity();
      });
      const outcome = await discord.runCommand({ user: alice.id, channel: textId, name: 'table' });
      expect(outcome.ack).toBe('launch-activity');
      expect(discord.activityIn(app.id, textId)?.users).toEqual([alice.id]);
      const autocomplete = discord.sendRawInteraction({
        user: alice.id,
        channel: textId,
        app: app.id,
        type: 4,
        data: { id: (command.body as { id: string }).id, name: 'table', type: 1, options: [] },
        unchecked: true,
      });
      const answered = new Promise<number>((resolve) => {
        client.once(Events.InteractionCreate, (interaction) => {
          void client.rest
            .post(`/interactions/${interaction.id}/${interaction.token}/callback`, { body: { type: 12 }, auth: false })
            .then(
              () => resolve(200),
              (error: { status: number }) => resolve(error.status),
            );
        });
      });
      expect(await answered).toBe(400);
      expect((await autocomplete).ack).toBe('failed');
      discord.clearProblems();
    } finally {
      await client.destroy();
    }
  });
});
