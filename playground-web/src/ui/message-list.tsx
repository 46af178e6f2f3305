import type { APIMessage } from 'discord-api-types/v10';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { continuesPrevious } from '../lib/message-order.js';
import { MessageBoundary } from './message-boundary.js';
import { MessageView } from './message-view.js';
import { useRender } from './render-context.js';
import type { LocalNotice } from './use-live-channel.js';

interface MessageListProps {
  readonly messages: readonly APIMessage[];
  readonly notices: readonly LocalNotice[];
  readonly failedOn: ReadonlySet<string>;
  readonly dismissed: ReadonlySet<string>;
  readonly onDismiss: (id: string) => void;
}

/**
 * The channel, oldest at the top; it stays scrolled to the newest unless the person scrolled up,
 * or followed a link to an older message (which is then brought into view).
 */
export function MessageList({ messages, notices, failedOn, dismissed, onDismiss }: MessageListProps) {
  const { t, highlighted } = useRender();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shownJump = useRef<string | null>(null);
  const shown = messages.filter((message) => !dismissed.has(message.id));
  const visibleNotices = notices.filter((notice) => !dismissed.has(notice.id));

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (highlighted !== shownJump.current) {
      shownJump.current = highlighted;
      const target = highlighted
        ? element.querySelector(`.message[data-message-id="${CSS.escape(highlighted)}"]`)
        : null;
      if (target) {
        const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
        // The person is reading that message now: new ones no longer pull the list down.
        atBottom.current = false;
        return;
      }
    }
    if (atBottom.current) element.scrollTop = element.scrollHeight;
  });

  return (
    <div
      class="message-scroller"
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
      }}
    >
      <ol class="message-list" aria-live="polite">
        {shown.length === 0 ? <li class="channel-empty">{t('playground.message.empty')}</li> : null}
        {shown.map((message, index) => (
          <MessageBoundary key={message.id} version={message.edited_timestamp ?? message.timestamp}>
            <MessageView
              message={message}
              continued={safelyContinues(shown[index - 1], message)}
              failed={failedOn.has(message.id)}
              onDismiss={onDismiss}
            />
          </MessageBoundary>
        ))}
        {visibleNotices.map((notice) => (
          <li key={notice.id} class="message ephemeral local-notice">
            <div class="message-body">
              <div class="notice-text">
                {notice.kind === 'command-failed'
                  ? `${notice.detail} — ${t('playground.message.command-failed')}`
                  : notice.kind === 'limited'
                    ? t(notice.phrase.id, notice.phrase.vars)
                    : t('playground.message.refused', { reason: notice.detail })}
              </div>
              <div class="ephemeral-note">
                <span>{t('playground.message.only-you')}</span>
                <span aria-hidden="true"> · </span>
                <button type="button" class="link-button" onClick={() => onDismiss(notice.id)}>
                  {t('playground.message.dismiss')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Grouping reads both messages' times; one unreadable time must not break the list around it. */
function safelyContinues(previous: APIMessage | undefined, message: APIMessage): boolean {
  try {
    return continuesPrevious(previous, message);
  } catch {
    return false;
  }
}
