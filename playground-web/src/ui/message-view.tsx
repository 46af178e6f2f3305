import type { APIAttachment, APIMessage, APIMessageTopLevelComponent } from 'discord-api-types/v10';
import { ComponentType, MessageFlags } from 'discord-api-types/v10';
import { mediaUrl } from '../lib/media-url.js';
import { formatMessageTime } from '../lib/timestamp-format.js';
import { ActionRowView } from './action-row-view.js';
import { Avatar } from './avatar.js';
import { EmbedView } from './embed-view.js';
import { LayoutView } from './layout-view.js';
import { MarkdownView } from './markdown-view.js';
import { FileBox, MediaView } from './media-view.js';
import { useRender } from './render-context.js';

interface MessageViewProps {
  readonly message: APIMessage;
  /** Same author a moment ago: no avatar or name again, as Discord groups them. */
  readonly continued: boolean;
  readonly failed: boolean;
  readonly onDismiss: (id: string) => void;
}

/** One message: who and when, its text, embeds or Components V2 layout, attachments, and its controls. */
export function MessageView({ message, continued, failed, onDismiss }: MessageViewProps) {
  const { t, locale, names, highlighted } = useRender();
  const author = message.author;
  const name = names.get(author.id) ?? author.global_name ?? author.username;
  const isBot = author.bot === true;
  const ephemeral = (message.flags ?? 0) & MessageFlags.Ephemeral;
  const loading = (message.flags ?? 0) & MessageFlags.Loading;
  const layout = (message.flags ?? 0) & MessageFlags.IsComponentsV2;
  const attachments = message.attachments ?? [];
  const time = formatMessageTime(
    message.timestamp,
    { nowMs: Date.now(), locale },
    {
      today: (at) => t('playground.message.today', { time: at }),
      yesterday: (at) => t('playground.message.yesterday', { time: at }),
    },
  );
  return (
    <li
      class={`message${continued ? ' continued' : ''}${ephemeral ? ' ephemeral' : ''}${highlighted === message.id ? ' highlighted' : ''}`}
      data-message-id={message.id}
      data-edited={message.edited_timestamp ?? ''}
    >
      <MessageContext message={message} />
      {continued ? null : (
        <>
          <Avatar id={author.id} name={name} bot={isBot} />
          <h3 class="message-header">
            <span class="message-author">{name}</span>
            {isBot ? <span class="app-tag">{t('playground.message.app')}</span> : null}
            <time class="message-time" dateTime={message.timestamp}>
              {time}
            </time>
          </h3>
        </>
      )}
      <div class="message-body">
        {loading ? (
          <div class="thinking">
            {t('playground.message.thinking', { name })}
            <span class="thinking-dots" aria-hidden="true" />
          </div>
        ) : null}
        {message.content && !layout ? (
          <div class="message-content">
            <MarkdownView text={message.content} />
            {message.edited_timestamp ? <span class="edited">{t('playground.message.edited')}</span> : null}
          </div>
        ) : null}
        {layout ? (
          <LayoutView
            components={message.components as APIMessageTopLevelComponent[]}
            where={{ messageId: message.id, attachments }}
          />
        ) : null}
        {message.embeds.map((embed, index) => (
          <EmbedView key={index} embed={embed} attachments={attachments} />
        ))}
        {layout ? null : <Attachments attachments={attachments} embedded={message.embeds} />}
        {layout
          ? null
          : (message.components ?? []).map((row, index) =>
              row.type === ComponentType.ActionRow ? (
                <ActionRowView key={index} row={row} messageId={message.id} />
              ) : null,
            )}
        {failed ? <div class="interaction-failed">{t('playground.message.interaction-failed')}</div> : null}
        {ephemeral ? (
          <div class="ephemeral-note">
            <svg class="ephemeral-eye" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
              />
            </svg>
            <span>{t('playground.message.only-you')}</span>
            <span aria-hidden="true"> · </span>
            <button type="button" class="link-button" onClick={() => onDismiss(message.id)}>
              {t('playground.message.dismiss')}
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Above an answer: who ran which command, or the message whose button was clicked. */
function MessageContext({ message }: { message: APIMessage }) {
  const { t, names, messageById } = useRender();
  const metadata = message.interaction_metadata as
    | { user?: { id: string; username: string }; name?: string }
    | undefined;
  if (message.type === 20 && metadata?.user) {
    const who = names.get(metadata.user.id) ?? metadata.user.username;
    return (
      <div class="message-context">
        <span class="context-spine" aria-hidden="true" />
        <span class="context-author">{who}</span> {t('playground.message.used')}{' '}
        <span class="context-command">/{metadata.name ?? message.interaction?.name ?? ''}</span>
      </div>
    );
  }
  const reference = message.message_reference?.message_id;
  if (!reference) return null;
  const referenced = messageById(reference);
  if (!referenced) return null;
  const who = names.get(referenced.author.id) ?? referenced.author.username;
  const snippet =
    referenced.content || referenced.embeds[0]?.title || referenced.embeds[0]?.description?.split('\n')[0] || '';
  return (
    <div class="message-context">
      <span class="context-spine" aria-hidden="true" />
      <span class="context-author">{who}</span> <span class="context-snippet">{snippet}</span>
    </div>
  );
}

/** Images (not already shown by an embed) inline; other files as a box. */
function Attachments({
  attachments,
  embedded,
}: {
  attachments: readonly APIAttachment[];
  embedded: APIMessage['embeds'];
}) {
  const shownByEmbed = new Set(
    embedded.flatMap((embed) => [embed.image?.url, embed.thumbnail?.url]).filter((url): url is string => Boolean(url)),
  );
  const visible = attachments.filter(
    (attachment) => !shownByEmbed.has(`attachment://${attachment.filename}`) && !shownByEmbed.has(attachment.url),
  );
  if (visible.length === 0) return null;
  return (
    <div class="attachments">
      {visible.map((attachment) =>
        attachment.content_type?.startsWith('image/') || attachment.content_type?.startsWith('video/') ? (
          <MediaView
            key={attachment.id}
            className="attachment-media"
            url={mediaUrl(attachment.url)}
            description={attachment.description}
            spoiler={attachment.filename.startsWith('SPOILER_')}
            contentType={attachment.content_type}
          />
        ) : (
          <FileBox
            key={attachment.id}
            name={attachment.filename}
            size={attachment.size}
            url={mediaUrl(attachment.url)}
          />
        ),
      )}
    </div>
  );
}
