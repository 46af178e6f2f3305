import { describe, expect, it } from 'vitest';
import {
  decodeResetId,
  encodeResetId,
  isResetConfirmationFresh,
  RESET_CONFIRMATION_MS,
} from '../../commands/crag-settings/reset-id.js';

const ALICE = '100000000000000001';
const MINTED = 1_780_000_000_000;

describe('the reset confirmation custom_id', () => {
  it('carries who asked and when, and reads back the same', () => {
    const id = encodeResetId(ALICE, MINTED);
    expect(id).toBe(`crag-settings:2:reset:${ALICE}:${MINTED}`);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(decodeResetId(id)).toEqual({ kind: 'current', userId: ALICE, mintedAt: MINTED });
  });

  it('reads a version-1 button, which has no time, as outdated', () => {
    expect(decodeResetId(`crag-settings:1:reset:${ALICE}`)).toEqual({ kind: 'outdated' });
  });

  it('is not any other custom_id', () => {
    for (const other of [
      `crag-settings:2:reset:${ALICE}`,
      `crag-settings:2:reset:${ALICE}:${MINTED}:extra`,
      `crag-settings:2:reset:${ALICE}:-5`,
      `crag-settings:3:reset:${ALICE}:${MINTED}`,
      `crag-settings:1:reset:${ALICE}:${MINTED}`,
      `crag:1:1:join`,
      '',
    ]) {
      expect(decodeResetId(other), other).toBeUndefined();
    }
  });

  it('may be pressed for 5 minutes after it was drawn, and not before it was drawn', () => {
    expect(isResetConfirmationFresh(MINTED, MINTED)).toBe(true);
    expect(isResetConfirmationFresh(MINTED, MINTED + RESET_CONFIRMATION_MS)).toBe(true);
    expect(isResetConfirmationFresh(MINTED, MINTED + RESET_CONFIRMATION_MS + 1)).toBe(false);
    expect(isResetConfirmationFresh(MINTED, MINTED - 1)).toBe(false);
    expect(RESET_CONFIRMATION_MS).toBe(5 * 60 * 1000);
  });
});
