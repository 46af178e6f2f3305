import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/** Payloads Discord never sends (the emulator refuses them unless told `unchecked`): the bot must not depend on that. */
const SHAPES: readonly { what: string; type: number; data: unknown }[] = [
  { what: 'a component with data: null', type: 3, data: null },
  { what: 'a component with no data', type: 3, data: undefined },
  { what: 'a component whose data is text', type: 3, data: 'crag:1:1:reroll' },
  { what: 'a component whose data is a list', type: 3, data: ['crag:1:1:reroll'] },
  { what: 'a numeric custom_id', type: 3, data: { custom_id: 123, component_type: 2 } },
  { what: 'a null custom_id', type: 3, data: { custom_id: null, component_type: 2 } },
  { what: 'an object custom_id', type: 3, data: { custom_id: { crag: 1 }, component_type: 2 } },
  { what: 'a list custom_id', type: 3, data: { custom_id: ['crag:1:1:reroll'], component_type: 2 } },
  { what: 'a select with a numeric custom_id', type: 3, data: { custom_id: 7, component_type: 3, values: ['x'] } },
  { what: 'a command with data: null', type: 2, data: null },
  { what: 'a command with a numeric name', type: 2, data: { id: '1', name: 5, type: 1 } },
];

describe('an interaction payload in a shape Discord never sends', () => {
  let world: TestWorld;
  let alice: string;
  /** A message for the component payloads to come from, as every real one does. */
  let message: string;
  beforeAll(async () => {
    world = await TestWorld.create({ people: 2 });
    alice = world.person(0).id;
    message = world.discord.postMessage({ user: alice, channel: world.channel().id, content: 'hello' }).id;
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is refused by the emulator, as Discord would never send it', async () => {
    for (const shape of SHAPES) {
      await expect(
        world.discord.sendRawInteraction({
          user: alice,
          type: shape.type,
          channel: world.channel().id,
          data: shape.data,
        }),
      ).rejects.toThrow('Discord never sends such an interaction');
    }
  });

  it.each(SHAPES)(
    '$what: one warning, a refusal, no unhandled rejection, and the bot stays up',
    async ({ type, data }) => {
      const before = world.bot.logs.length;
      const outcome = await world.discord.sendRawInteraction({
        user: alice,
        type,
        channel: world.channel().id,
        ...(type === 3 ? { message } : {}),
        data,
        unchecked: true,
      });
      expect(outcome).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(outcome.message?.content).toContain('not one I recognise');
      // The next interaction is answered: the bot is up and still routing.
      const rules = await new Table(world).command(alice, 'rules');
      expect(rules).toMatchObject({ ack: 'reply', ephemeral: true });
      expect(world.bot.running).toBe(true);
      const lines = world.bot.logs.slice(before);
      expect(lines.filter((line) => line.level === 'error')).toEqual([]);
      expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    },
  );
});
