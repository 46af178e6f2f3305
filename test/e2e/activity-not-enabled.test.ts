import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controls, requireControl } from '../../harness/board.js';
import { decodeComponentId, encodeComponentId } from '../../src/bot/custom-id.js';
import { freePort, scrape } from './support/ops-listener.js';
import { total } from './support/prometheus-text.js';
import { Table } from './support/table.js';
import { TestWorld } from './support/world.js';

/**
 * A bot set up to serve the Activity (ACTIVITY_PORT) for an application whose Activities are not
 * enabled in the Developer Portal: Discord refuses LAUNCH_ACTIVITY for it, so lobbies offer no
 * Play at the table, and a press of one on a board drawn while they were on is answered privately.
 */
describe('the table for an application without Activities', () => {
  let world: TestWorld;
  let opsPort: number;

  beforeAll(async () => {
    opsPort = await freePort();
    world = await TestWorld.create({
      people: 2,
      activities: true,
      activitiesEnabled: false,
      env: { OPS_PORT: String(opsPort) },
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('offers no table on a voice lobby, and a press of an old button is refused by Discord and told privately', async () => {
    const alice = world.person(0).id;
    const bob = world.person(1).id;
    const voice = new Table(world, world.channel('table').id);
    const lobby = await voice.open(alice);
    expect(controls(lobby).map((control) => control.kind)).toEqual(['join', 'leave', 'start', 'cancel']);

    // A board drawn while the Activity was on still shows the button: its custom_id, pressed.
    const drawn = decodeComponentId(requireControl(lobby, 'join').customId);
    if (!drawn) throw new Error('the lobby has no Join of this bot');
    const pressed = await world.discord.sendRawInteraction({
      user: bob,
      channel: voice.channelId,
      app: world.app.id,
      type: 3,
      message: lobby.id,
      data: { custom_id: encodeComponentId({ ...drawn, action: { kind: 'table' } }), component_type: 2 },
    });
    expect(pressed).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(pressed.message?.content).toBe(
      'Discord would not open the table: Activities are not enabled for this app. Whoever runs the bot can enable them in the Developer Portal.',
    );
    expect(world.discord.activityIn(world.app.id, voice.channelId)).toBeUndefined();
    const samples = (await scrape(opsPort)).samples;
    expect(total(samples, 'crag_table_launches_total', { via: 'button', outcome: 'refused' })).toBe(1);
    expect(world.discord.problems.map((problem) => problem.kind)).toEqual(['launch-without-activity']);
    world.discord.clearProblems();
    expect(world.bot.errors()).toEqual([]);
  });
});
