import { REST, RESTEvents, Routes } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import { budgetedRestOptions } from '../../src/bot/budgeted-rest.js';
import { RequestBudget } from '../../src/bot/request-budget.js';
import { type Emulator, type RateLimitOptions, startEmulator } from '../../src/emulator/index.js';

interface Scene {
  discord: Emulator;
  token: string;
  appId: string;
  channelId: string;
  otherChannelId: string;
}

let running: Emulator | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

async function scene(rateLimits: boolean | RateLimitOptions): Promise<Scene> {
  const discord = await startEmulator({ rateLimits });
  running = discord;
  const app = discord.createApplication({ name: 'Crag' });
  const alice = discord.createUser({ username: 'alice' });
  const guild = discord.createGuild({ name: 'Evening', ownerId: alice.id, bots: [app.id] });
  const channel = discord.createChannel(guild.id, { name: 'crag' });
  const other = discord.createChannel(guild.id, { name: 'other' });
  return { discord, token: app.token, appId: app.id, channelId: channel.id, otherChannelId: other.id };
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A raw request, headers and all, as a bot without discord.js's rate limit handling sends it. */
async function call(s: Scene, method: string, path: string, body?: unknown, token: string | null = s.token) {
  const response = await fetch(`${s.discord.apiUrl}/v10${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bot ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body: parsed } satisfies Answer;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

describe('the global limit (docs/topics/rate-limits.mdx, "Global Rate Limit")', () => {
  test('50 requests a second per bot token; the 51st gets a global 429 with Discord headers and body', async () => {
    const s = await scene(true);
    const answers = await Promise.all(Array.from({ length: 60 }, () => call(s, 'GET', '/users/@me')));
    expect(statuses(answers).filter((status) => status === 200)).toHaveLength(50);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    const [first] = refused;
    expect(first?.headers.get('x-ratelimit-global')).toBe('true');
    expect(first?.headers.get('x-ratelimit-scope')).toBe('global');
    expect(Number(first?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(first?.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    const retryAfter = (first?.body as { retry_after: number } | undefined)?.retry_after;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(1);
    expect(s.discord.rateLimitRefusals()).toEqual({ global: 10, route: 0 });
    expect(s.discord.problems.filter((problem) => problem.kind === 'rate-limited')).toHaveLength(10);
    // 429s count toward the invalid requests of the address.
    expect(s.discord.invalidRequestsFromIp('127.0.0.1')).toBe(10);
  });

  test('interaction endpoints are not bound by it (receiving-and-responding.mdx, "Endpoints")', async () => {
    const s = await scene(true);
    await Promise.all(Array.from({ length: 50 }, () => call(s, 'GET', '/users/@me')));
    expect((await call(s, 'GET', '/users/@me')).status).toBe(429);
    // An unknown interaction token: Discord's answer for it, not the bot's exhausted global limit.
    const followUp = await call(s, 'POST', `/webhooks/${s.appId}/no-such-token`, { content: 'hi' }, null);
    expect(followUp.status).toBe(401);
    const callback = await call(
      s,
      'POST',
      '/interactions/123456789012345678/no-such-token/callback',
      { type: 4 },
      null,
    );
    expect(callback.status).not.toBe(429);
    s.discord.clearProblems();
  });

  test('the bot’s budgeted discord.js REST at full speed is never refused', async () => {
    const s = await scene(true);
    // discord.js's own count (fixed 1 s windows, each opened by its first request) lets up to twice
    // the limit through where two windows meet; the bot counts over a sliding second instead.
    const budgeted = budgetedRestOptions({ budget: new RequestBudget(), superseded: () => false });
    const rest = new REST({ api: s.discord.apiUrl, ...budgeted }).setToken(s.token);
    await Promise.all(Array.from({ length: 120 }, () => rest.get(Routes.user('@me'))));
    expect(s.discord.rateLimitRefusals()).toEqual({ global: 0, route: 0 });
  });
});

describe('a global 429 and the budget', () => {
  test('holds the bot-token requests for its Retry-After, never the interaction endpoints', async () => {
    const s = await scene(false);
    const budget = new RequestBudget();
    const rest = new REST({ api: s.discord.apiUrl, ...budgetedRestOptions({ budget, superseded: () => false }) });
    rest.setToken(s.token);
    const arrivals: { route: string; status: number; at: number }[] = [];
    s.discord.on('restRequest', (request) => arrivals.push({ ...request, at: performance.now() }));
    const limited = s.discord.failNextRest({
      status: 429,
      global: true,
      method: 'GET',
      pathPattern: /^\/users\/@me$/,
      retryAfterSeconds: 3,
    });
    const answered = new Promise((resolve) => rest.once(RESTEvents.Response, resolve));
    const held = rest.get(Routes.user('@me'));
    await Promise.all([limited.served, answered]);
    const refusedAt = performance.now();
    const other = rest.get(Routes.channel(s.channelId));
    // A follow-up with an unknown interaction token: Discord answers 401, whatever the bot's token met.
    const followUp = rest.post(Routes.webhook(s.appId, 'no-such-token'), { body: { content: 'hi' }, auth: false });
    await Promise.all([held, other, followUp.catch(() => undefined)]);

    const [webhook] = arrivals.filter((arrival) => arrival.route.startsWith('/webhooks/'));
    const botToken = arrivals.filter((arrival) => !arrival.route.startsWith('/webhooks/') && arrival.status === 200);
    expect(botToken.map((arrival) => arrival.route).sort()).toEqual(['/channels/:channelId', '/users/@me']);
    // Neither bot-token request left before the Retry-After had passed (a little slack for timers);
    // the webhook went at once (discord.js itself held it to the end, 3 s).
    for (const arrival of botToken) expect(arrival.at - refusedAt).toBeGreaterThanOrEqual(2_950);
    expect(webhook?.status).toBe(401);
    expect((webhook?.at ?? Number.POSITIVE_INFINITY) - refusedAt).toBeLessThan(2_000);
  });
});

describe('route buckets (docs/topics/rate-limits.mdx, "Header Format")', () => {
  test('channel messages: 5 per 5 s per channel, with the X-RateLimit headers on every answer', async () => {
    const s = await scene(true);
    const answers: Answer[] = [];
    for (let index = 0; index < 6; index++) {
      answers.push(await call(s, 'POST', Routes.channelMessages(s.channelId), { content: `m${index}` }));
    }
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
    ]);
    const buckets = new Set(answers.map((answer) => answer.headers.get('x-ratelimit-bucket')));
    expect(buckets.size).toBe(1);
    const [first] = answers;
    expect(first?.headers.get('x-ratelimit-limit')).toBe('5');
    const resetAfter = Number(first?.headers.get('x-ratelimit-reset-after'));
    expect(resetAfter).toBeGreaterThan(4);
    expect(resetAfter).toBeLessThanOrEqual(5);
    expect(Number(first?.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThan(Date.now());
    const refused = answers[5];
    expect(refused?.headers.get('x-ratelimit-scope')).toBe('user');
    expect(refused?.headers.get('x-ratelimit-global')).toBeNull();
    expect(refused?.body).toMatchObject({ global: false });

    // Editing shares the bucket; another channel (the major parameter) has its own.
    const id = (answers[0]?.body as { id: string } | undefined)?.id ?? '';
    expect((await call(s, 'PATCH', Routes.channelMessage(s.channelId, id), { content: 'e' })).status).toBe(429);
    const elsewhere = await call(s, 'POST', Routes.channelMessages(s.otherChannelId), { content: 'x' });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('x-ratelimit-remaining')).toBe('4');
    // Deleting has a bucket of its own.
    const deleted = await call(s, 'DELETE', Routes.channelMessage(s.channelId, id));
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('x-ratelimit-bucket')).not.toBe(first?.headers.get('x-ratelimit-bucket'));
    expect(deleted.headers.get('x-ratelimit-limit')).toBe('5');
    expect(s.discord.rateLimitRefusals()).toEqual({ global: 0, route: 2 });
    s.discord.clearProblems();
  });

  test('discord.js keeps to a smaller limit once a response announced it: no 429', async () => {
    const s = await scene({
      buckets: { 'POST /channels/:channelId/messages': { hash: 'small', limit: 2, windowMs: 500 } },
    });
    const rest = new REST({ api: s.discord.apiUrl }).setToken(s.token);
    const post = (content: string) => rest.post(Routes.channelMessages(s.channelId), { body: { content } });
    await post('announces the bucket');
    const started = Date.now();
    await Promise.all(Array.from({ length: 8 }, (_, index) => post(`burst ${index}`)));
    expect(s.discord.rateLimitRefusals()).toEqual({ global: 0, route: 0 });
    expect(s.discord.problems).toEqual([]);
    // Eight at two per half second took at least three more windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });
});

describe('the invalid request limit (docs/topics/rate-limits.mdx, "Invalid Request Limit")', () => {
  test('an address that reached the limit is banned, whatever it sends, until the ban ends', async () => {
    const s = await scene({ invalidRequestLimit: 20, banMs: 60_000 });
    for (let index = 0; index < 20; index++)
      expect((await call(s, 'GET', '/users/@me', undefined, null)).status).toBe(401);
    expect(s.discord.bannedFor('127.0.0.1')).toBeGreaterThan(59_000);
    const banned = await call(s, 'GET', '/users/@me');
    expect(banned.status).toBe(429);
    expect(banned.body).toBe('error code: 1015');
    expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(59);
    s.discord.advanceClock(60_000);
    expect((await call(s, 'GET', '/users/@me')).status).toBe(200);
    s.discord.clearProblems();
  });
});

test('with the switch off (the default) nothing is limited and no X-RateLimit headers are sent', async () => {
  const s = await scene(false);
  const answers = await Promise.all(
    Array.from({ length: 60 }, (_, index) =>
      call(s, 'POST', Routes.channelMessages(s.channelId), { content: `${index}` }),
    ),
  );
  expect(new Set(statuses(answers))).toEqual(new Set([200]));
  expect(answers[0]?.headers.get('x-ratelimit-limit')).toBeNull();
  for (let index = 0; index < 30; index++) await call(s, 'GET', '/users/@me', undefined, null);
  expect(s.discord.bannedFor('127.0.0.1')).toBe(0);
  s.discord.clearProblems();
});
