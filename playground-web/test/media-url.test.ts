import { describe, expect, it } from 'vitest';
import { emojiUrl, mediaUrl, safeLink } from '../src/lib/media-url.js';

describe('where the page loads media from', () => {
  const attachments = [{ filename: 'board.png', url: 'https://cdn.discordapp.com/attachments/1/2/board.png' }];

  it('serves Discord’s CDN (and the emulator’s) from the page’s own /cdn', () => {
    expect(mediaUrl('https://cdn.discordapp.com/attachments/11/22/a.png')).toBe('/cdn/attachments/11/22/a.png');
    expect(mediaUrl('https://media.discordapp.net/attachments/11/22/a.png?w=1')).toBe('/cdn/attachments/11/22/a.png');
    expect(mediaUrl('http://127.0.0.1:41234/cdn/emojis/1.png')).toBe('/cdn/emojis/1.png');
    expect(emojiUrl('123', false)).toBe('/cdn/emojis/123.png');
    expect(emojiUrl('123', true)).toBe('/cdn/emojis/123.gif');
  });

  it('resolves attachment:// to the message’s own attachment', () => {
    expect(mediaUrl('attachment://board.png', attachments)).toBe('/cdn/attachments/1/2/board.png');
    expect(mediaUrl('attachment://missing.png', attachments)).toBeNull();
  });

  it('loads other https images as they are, and nothing that is not a web address', () => {
    expect(mediaUrl('https://example.com/x.png')).toBe('https://example.com/x.png');
    expect(mediaUrl('javascript:alert(1)')).toBeNull();
    expect(mediaUrl('http://example.com/x.png')).toBeNull();
    expect(mediaUrl('not a url')).toBeNull();
    expect(mediaUrl(undefined)).toBeNull();
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('http://example.com/a')).toBe('http://example.com/a');
  });
});
