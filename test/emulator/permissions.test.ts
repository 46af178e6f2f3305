import { describe, expect, test } from 'vitest';
import {
  ALL_PERMISSIONS,
  channelPermissions,
  DEFAULT_EVERYONE_PERMISSIONS,
  guildPermissions,
  type Overwrite,
  Permission,
  type PermissionSubject,
} from '../../src/emulator/permissions.js';

const GUILD = '100000000000000000';
const OWNER = '200000000000000000';
const USER = '300000000000000000';
const MODS = '400000000000000000';
const PLAYERS = '500000000000000000';

function subject(roleIds: string[], rolePermissions: [string, bigint][] = []): PermissionSubject {
  return {
    guildId: GUILD,
    ownerId: OWNER,
    rolePermissions: new Map([[GUILD, DEFAULT_EVERYONE_PERMISSIONS], ...rolePermissions]),
    memberRoleIds: roleIds,
    userId: USER,
  };
}

function overwrites(...list: Overwrite[]): Map<string, Overwrite> {
  return new Map(list.map((overwrite) => [overwrite.id, overwrite]));
}

describe('guildPermissions', () => {
  test('@everyone plus the member roles', () => {
    expect(guildPermissions(subject([MODS], [[MODS, Permission.ManageMessages]]))).toBe(
      DEFAULT_EVERYONE_PERMISSIONS | Permission.ManageMessages,
    );
  });

  test('the owner and Administrator get everything', () => {
    expect(guildPermissions({ ...subject([]), userId: OWNER })).toBe(ALL_PERMISSIONS);
    expect(guildPermissions(subject([MODS], [[MODS, Permission.Administrator]]))).toBe(ALL_PERMISSIONS);
  });
});

describe('channelPermissions', () => {
  test('applies @everyone, then roles together, then the member, in that order', () => {
    const bits = channelPermissions(
      subject([MODS, PLAYERS]),
      overwrites(
        { id: GUILD, type: 0, allow: 0n, deny: Permission.SendMessages | Permission.AddReactions },
        { id: MODS, type: 0, allow: Permission.SendMessages, deny: 0n },
        { id: PLAYERS, type: 0, allow: 0n, deny: Permission.SendMessages },
        { id: USER, type: 1, allow: 0n, deny: Permission.EmbedLinks },
      ),
    );
    // A role allow beats a role deny at the same level; the member overwrite comes last.
    expect(bits & Permission.SendMessages).toBe(Permission.SendMessages);
    expect(bits & Permission.AddReactions).toBe(0n);
    expect(bits & Permission.EmbedLinks).toBe(0n);
  });

  test('without View Channel nothing else is granted', () => {
    const bits = channelPermissions(
      subject([]),
      overwrites({ id: GUILD, type: 0, allow: 0n, deny: Permission.ViewChannel }),
    );
    expect(bits).toBe(0n);
  });

  test('Administrator ignores overwrites', () => {
    const bits = channelPermissions(
      subject([MODS], [[MODS, Permission.Administrator]]),
      overwrites({ id: USER, type: 1, allow: 0n, deny: Permission.ViewChannel }),
    );
    expect(bits).toBe(ALL_PERMISSIONS);
  });
});
