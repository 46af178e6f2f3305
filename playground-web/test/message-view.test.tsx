import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { MessageView } from '../src/ui/message-view.js';
import { ALICE, BOT, html } from './render-support.js';

function message(overrides: Partial<APIMessage>): APIMessage {
  return {
    id: '1200000000000000001',
    type: 0,
    channel_id: '1100000000000000000',
    author: { id: BOT.id, username: BOT.username, discriminator: '0000', global_name: null, avatar: null, bot: true },
    content: '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    ...overrides,
  } as APIMessage;
}

const view = (overrides: Partial<APIMessage>, failed = false) =>
  html(<MessageView message={message(overrides)} continued={false} failed={failed} onDismiss={() => {}} />);

describe('a message', () => {
  it('names its author, marks an app, and says when', () => {
    const drawn = view({ content: 'hello' });
    expect(drawn).toContain('<span class="message-author">Crag</span><span class="app-tag">APP</span>');
    expect(drawn).toMatch(/<time class="message-time" datetime="[^"]+">Today at \d{1,2}:\d{2}\s?[AP]M<\/time>/);
  });

  it('shows "(edited)" after edited text', () => {
    expect(view({ content: 'hi', edited_timestamp: new Date().toISOString() })).toContain(
      'hi<span class="edited">(edited)</span>',
    );
  });

  it('shows a deferred reply as the bot thinking', () => {
    expect(view({ flags: 1 << 7 })).toContain('<div class="thinking">Crag is thinking…<span class="thinking-dots"');
  });

  it('marks an ephemeral message as only yours, with Dismiss', () => {
    const drawn = view({ content: 'Not your turn.', flags: 1 << 6 });
    expect(drawn).toContain('class="message ephemeral"');
    expect(drawn).toContain('<span>Only you can see this</span>');
    expect(drawn).toContain('>Dismiss</button>');
  });

  it('says "This interaction failed" under a message whose click got no answer', () => {
    expect(view({ content: 'board' }, true)).toContain('<div class="interaction-failed">This interaction failed</div>');
  });

  it('shows who ran the command it answers', () => {
    const drawn = view({
      type: 20,
      content: 'Lobby',
      interaction_metadata: { id: '1', type: 2, user: { id: ALICE.id, username: 'alice' }, name: 'crag start' },
    } as unknown as Partial<APIMessage>);
    expect(drawn).toContain(
      '<span class="context-author">alice</span> used <span class="context-command">/crag start</span>',
    );
  });

  it('draws Components V2 instead of content when flagged', () => {
    const drawn = view({
      flags: 1 << 15,
      components: [{ type: 17, accent_color: 0xff0000, components: [{ type: 10, content: '**hi**' }] }],
    } as unknown as Partial<APIMessage>);
    expect(drawn).toContain('<div class="cv2"><div class="cv2-container accented" style="border-left-color:#ff0000;">');
    expect(drawn).toContain('<div class="cv2-text"><strong>hi</strong></div>');
  });
});
