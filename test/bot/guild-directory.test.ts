import { describe, expect, it } from 'vitest';
import { GuildDirectory } from '../../src/bot/guild-directory.js';
import { SnowflakeSet } from '../../src/bot/snowflake-set.js';

const GUILD = '1100000000000000001';
const ROLE = '1100000000000000002';
const TEXT = '1100000000000000003';
const VOICE = '1100000000000000004';

function created(directory: GuildDirectory): void {
  directory.take('GUILD_CREATE', {
    id: GUILD,
    roles: [{ id: GUILD }, { id: ROLE }],
    channels: [
      { id: TEXT, type: 0 },
      { id: VOICE, type: 2 },
    ],
  });
}

describe('SnowflakeSet', () => {
  it('holds 64-bit snowflakes exactly, and refuses what is not one', () => {
    const set = new SnowflakeSet(['18446744073709551615', 'nope', '9007199254740993']);
    expect(set.size).toBe(2);
    expect(set.has('18446744073709551615')).toBe(true);
    // Past 2^53 a float would have rounded it to ...992.
    expect(set.has('9007199254740992')).toBe(false);
    expect(set.has('9007199254740993')).toBe(true);
    expect(set.has('<@&1>')).toBe(false);
    set.add('1');
    set.add('1');
    set.delete('9007199254740993');
    expect([set.size, set.has('1'), set.has('9007199254740993')]).toEqual([2, true, false]);
  });
});

describe('GuildDirectory', () => {
  it('knows a guild’s roles and channels from GUILD_CREATE, and follows their creation and deletion', () => {
    const directory = new GuildDirectory();
    created(directory);
    expect(directory.hasRole(GUILD, ROLE)).toBe(true);
    expect(directory.hasChannel(GUILD, TEXT)).toBe(true);
    expect(directory.hasChannel(GUILD, '1100000000000000009')).toBe(false);
    expect(directory.voiceChannelGuild(VOICE)).toBe(GUILD);
    expect(directory.voiceChannelGuild(TEXT)).toBeUndefined();
    directory.take('GUILD_ROLE_DELETE', { guild_id: GUILD, role_id: ROLE });
    directory.take('CHANNEL_DELETE', { guild_id: GUILD, id: VOICE, type: 2 });
    expect(directory.hasRole(GUILD, ROLE)).toBe(false);
    expect(directory.voiceChannelGuild(VOICE)).toBeUndefined();
    directory.take('GUILD_ROLE_CREATE', { guild_id: GUILD, role: { id: ROLE } });
    directory.take('CHANNEL_CREATE', { guild_id: GUILD, id: VOICE, type: 2 });
    expect(directory.hasRole(GUILD, ROLE)).toBe(true);
    expect(directory.voiceChannelGuild(VOICE)).toBe(GUILD);
  });

  it('forgets a guild the bot left, keeps one that is only unavailable, and assumes nothing gone in a guild it never saw', () => {
    const directory = new GuildDirectory();
    created(directory);
    directory.take('GUILD_DELETE', { id: GUILD, unavailable: true });
    expect(directory.hasRole(GUILD, '1100000000000000009')).toBe(false);
    directory.take('GUILD_DELETE', { id: GUILD });
    expect(directory.guilds).toBe(0);
    expect(directory.voiceChannelGuild(VOICE)).toBeUndefined();
    expect(directory.hasRole(GUILD, '1100000000000000009')).toBe(true);
    expect(directory.hasChannel(GUILD, '1100000000000000009')).toBe(true);
  });
});
