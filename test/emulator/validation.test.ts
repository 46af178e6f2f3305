import { describe, expect, test } from 'vitest';
import { DiscordError } from '../../src/emulator/errors.js';
import { MessageFlag, readMessageFields } from '../../src/emulator/validation/message-body.js';

function refusal(body: unknown, options: Parameters<typeof readMessageFields>[1] = {}): DiscordError {
  try {
    readMessageFields(body, options);
  } catch (error) {
    if (error instanceof DiscordError) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('readMessageFields', () => {
  test('counts code points as Discord does: 2000 dice emoji fit, 2001 do not', () => {
    expect(readMessageFields({ content: '🎲'.repeat(2000) }).content).toHaveLength(4000);
    expect(refusal({ content: '🎲'.repeat(2001) }).errors).toEqual({
      content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
    });
  });

  test('puts errors under the given path, e.g. data.* for interaction callbacks', () => {
    const error = refusal({ embeds: [{ title: 'x'.repeat(300) }] }, { path: ['data'] });
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    expect(error.errors).toMatchObject({
      data: { embeds: { 0: { title: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } },
    });
  });

  test('collects every error of a body, not just the first', () => {
    const error = refusal({ content: 'x'.repeat(2001), embeds: [{ title: 't'.repeat(257) }] });
    expect(Object.keys(error.errors ?? {}).sort()).toEqual(['content', 'embeds']);
  });

  test('an edit can clear fields with null and leaves absent fields undefined', () => {
    expect(readMessageFields({ content: null, components: null })).toEqual({ content: '', components: [] });
    expect(readMessageFields({ embeds: [] })).toEqual({ embeds: [] });
  });

  test('keeps only the flags a sender may set; ephemeral only where allowed', () => {
    const flags = MessageFlag.Ephemeral | MessageFlag.SuppressEmbeds | MessageFlag.Loading;
    expect(readMessageFields({ content: 'x', flags }).flags).toBe(MessageFlag.SuppressEmbeds);
    expect(readMessageFields({ content: 'x', flags }, { allowEphemeral: true }).flags).toBe(
      MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral,
    );
  });

  test('fills the embed type Discord returns', () => {
    expect(readMessageFields({ embeds: [{ title: 'Scores' }] }).embeds).toEqual([{ type: 'rich', title: 'Scores' }]);
  });

  test('an embed field needs a name and a value', () => {
    const error = refusal({ embeds: [{ fields: [{ name: '', value: 'v' }, { name: 'n' }] }] });
    expect(error.errors).toMatchObject({
      embeds: {
        0: {
          fields: {
            0: { name: { _errors: [{ code: 'BASE_TYPE_MIN_LENGTH' }] } },
            1: { value: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
          },
        },
      },
    });
  });

  test('components v2 take layout components and refuse content beside them', () => {
    const layout = [
      {
        type: 17,
        components: [
          { type: 10, content: 'Scores' },
          { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] },
        ],
      },
    ];
    expect(readMessageFields({ flags: MessageFlag.IsComponentsV2, components: layout }).components).toEqual(layout);
    expect(refusal({ components: layout }).errors).toMatchObject({
      components: { 0: { type: { _errors: [{ code: 'UNION_TYPE_CHOICES' }] } } },
    });
    expect(refusal({ flags: MessageFlag.IsComponentsV2, content: 'hi', components: layout }).code).toBe(50035);
  });

  test('a body that is not an object is refused', () => {
    expect(refusal('hello').code).toBe(50035);
    expect(refusal([1, 2]).code).toBe(50035);
  });
});
