import { describe, expect, it } from 'vitest';
import { parseClientAction } from '../../src/playground/client-action.js';

const read = (value: unknown) => parseClientAction(JSON.stringify(value));

describe('actions from the page', () => {
  it('reads commands, clicks, choices and plain messages', () => {
    expect(
      read({ type: 'command', requestId: 1, name: 'crag', subcommand: 'start', options: { rerolls: 2, hints: false } }),
    ).toEqual({
      type: 'command',
      requestId: 1,
      name: 'crag',
      subcommand: 'start',
      options: { rerolls: 2, hints: false },
    });
    expect(read({ type: 'click', requestId: 2, messageId: '1', customId: 'c' })).toEqual({
      type: 'click',
      requestId: 2,
      messageId: '1',
      customId: 'c',
    });
    expect(read({ type: 'select', requestId: 3, messageId: '1', customId: 's', values: ['sixes'] })).toEqual({
      type: 'select',
      requestId: 3,
      messageId: '1',
      customId: 's',
      values: ['sixes'],
    });
    expect(read({ type: 'say', requestId: 4, content: 'gl hf' })).toEqual({
      type: 'say',
      requestId: 4,
      content: 'gl hf',
    });
    expect(read({ type: 'set-locale', requestId: 5, scope: 'server', locale: 'ru' })).toEqual({
      type: 'set-locale',
      requestId: 5,
      scope: 'server',
      locale: 'ru',
    });
  });

  it('refuses anything else', () => {
    expect(parseClientAction('not json')).toBeNull();
    expect(read(null)).toBeNull();
    expect(read({ type: 'click', messageId: '1', customId: 'c' })).toBeNull();
    expect(read({ type: 'click', requestId: 1.5, messageId: '1', customId: 'c' })).toBeNull();
    expect(read({ type: 'click', requestId: 1, messageId: '', customId: 'c' })).toBeNull();
    expect(read({ type: 'command', requestId: 1, name: 'crag', options: { x: { nested: true } } })).toBeNull();
    expect(read({ type: 'command', requestId: 1, name: 'crag', options: { x: Number.NaN } })).toBeNull();
    expect(read({ type: 'select', requestId: 1, messageId: '1', customId: 's', values: 'sixes' })).toBeNull();
    expect(read({ type: 'say', requestId: 1, content: '' })).toBeNull();
    expect(read({ type: 'say', requestId: 1, content: 42 })).toBeNull();
    expect(read({ type: 'delete-everything', requestId: 1 })).toBeNull();
    expect(read({ type: 'set-locale', requestId: 1, scope: 'everyone', locale: 'ru' })).toBeNull();
    expect(read({ type: 'set-locale', requestId: 1, scope: 'me', locale: '' })).toBeNull();
  });

  it('reads a message of any length the socket carried: one too long for Discord is answered, not dropped', () => {
    expect(read({ type: 'say', requestId: 1, content: 'x'.repeat(4_001) })).toEqual({
      type: 'say',
      requestId: 1,
      content: 'x'.repeat(4_001),
    });
  });
});
