import { afterEach, expect, test } from 'vitest';
import { EmulatorClock } from '../../src/emulator/clock.js';
import {
  InteractionRegistry,
  InteractionType,
  type NewInteraction,
  SWEEP_EVERY,
  TOKEN_LIFETIME_MS,
} from '../../src/emulator/interactions/registry.js';

const click: NewInteraction = {
  appId: 'app',
  type: InteractionType.MessageComponent,
  userId: 'user',
  guildId: 'guild',
  channelId: 'channel',
  sourceMessageId: null,
  commandName: null,
  metadata: {},
  userInstallOnly: false,
  forceEphemeral: false,
};

let registries: InteractionRegistry[] = [];
afterEach(() => {
  for (const registry of registries) registry.close();
  registries = [];
});

function registry(clock: EmulatorClock): InteractionRegistry {
  let made = 0;
  const nextId = () => {
    made += 1;
    return String(made);
  };
  const interactions = new InteractionRegistry(clock, nextId, () => null);
  registries.push(interactions);
  return interactions;
}

test('settled interactions are forgotten once their token expired; pending and live ones are kept', () => {
  const clock = new EmulatorClock();
  const interactions = registry(clock);
  const answered = interactions.register(click);
  interactions.acknowledge(answered, 'update', {});
  const unanswered = interactions.register(click);
  clock.advance(TOKEN_LIFETIME_MS + 1);
  const recent = interactions.register(click);
  interactions.acknowledge(recent, 'update', {});

  // The sweep runs every SWEEP_EVERY registrations.
  for (let i = 0; i < SWEEP_EVERY; i += 1) interactions.register(click);

  expect(interactions.get(answered.id)).toBeUndefined();
  expect(interactions.byToken(answered.token)).toBeUndefined();
  expect(interactions.get(unanswered.id)).toBe(unanswered);
  expect(interactions.get(recent.id)).toBe(recent);
  expect(interactions.byToken(recent.token)).toBe(recent);
});

test('a sweep after the clock moved on again forgets what expired since', () => {
  const clock = new EmulatorClock();
  const interactions = registry(clock);
  const first = interactions.register(click);
  interactions.acknowledge(first, 'reply', {});
  clock.advance(TOKEN_LIFETIME_MS / 2);
  const second = interactions.register(click);
  interactions.acknowledge(second, 'reply', {});
  clock.advance(TOKEN_LIFETIME_MS / 2 + 1);
  for (let i = 0; i < SWEEP_EVERY; i += 1) interactions.register(click);
  expect(interactions.get(first.id)).toBeUndefined();
  expect(interactions.get(second.id)).toBe(second);

  clock.advance(TOKEN_LIFETIME_MS / 2);
  for (let i = 0; i < SWEEP_EVERY; i += 1) interactions.register(click);
  expect(interactions.get(second.id)).toBeUndefined();
});
