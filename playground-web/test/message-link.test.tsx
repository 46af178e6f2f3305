import { describe, expect, it } from 'vitest';
import { parseMessageLink } from '../src/lib/message-link.js';
import { MarkdownView } from '../src/ui/markdown-view.js';
import { CHANNEL_ID, GUILD_ID, html } from './render-support.js';

const MESSAGE = '100000000000000012';

describe('message links', () => {
  it("reads Discord's message links, and nothing else", () => {
    const link = { guildId: GUILD_ID, channelId: CHANNEL_ID, messageId: MESSAGE };
    expect(parseMessageLink(`https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE}`)).toEqual(link);
    expect(parseMessageLink(`https://ptb.discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE}`)).toEqual(link);
    expect(parseMessageLink(`https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}`)).toBeNull();
    expect(parseMessageLink(`https://evil.example/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE}`)).toBeNull();
    expect(parseMessageLink(`http://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE}`)).toBeNull();
    expect(parseMessageLink('not a url')).toBeNull();
  });

  it('marks a link to a message of this channel as one the page follows itself; others stay plain links', () => {
    const here = `https://discord.com/channels/${GUILD_ID}/${CHANNEL_ID}/${MESSAGE}`;
    expect(html(<MarkdownView text={`[the board](${here})`} />)).toContain('class="md-link message-link"');
    const elsewhere = `https://discord.com/channels/${GUILD_ID}/100000000000000099/${MESSAGE}`;
    expect(html(<MarkdownView text={`[over there](${elsewhere})`} />)).toContain('class="md-link"');
    expect(html(<MarkdownView text={`[over there](${elsewhere})`} />)).not.toContain('message-link');
  });
});
