import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import { type AttachmentRef, mediaUrl, safeLink } from '../lib/media-url.js';
import { formatTimestamp } from '../lib/timestamp-format.js';
import { MarkdownView } from './markdown-view.js';
import { useRender } from './render-context.js';

export function colourOf(value: number | null | undefined): string | undefined {
  return typeof value === 'number' ? `#${value.toString(16).padStart(6, '0')}` : undefined;
}

/** Inline fields share a line, up to three; each other field takes a line of its own. */
function fieldLines(fields: readonly APIEmbedField[]): APIEmbedField[][] {
  const lines: APIEmbedField[][] = [];
  for (const field of fields) {
    const last = lines[lines.length - 1];
    if (field.inline && last && last.length < 3 && last.every((other) => other.inline)) last.push(field);
    else lines.push([field]);
  }
  return lines;
}

/** An embed: colour bar, author, title, description, fields, image, thumbnail and footer. */
export function EmbedView({ embed, attachments }: { embed: APIEmbed; attachments: readonly AttachmentRef[] }) {
  const { locale } = useRender();
  const colour = colourOf(embed.color);
  const thumbnail = mediaUrl(embed.thumbnail?.url, attachments);
  const image = mediaUrl(embed.image?.url, attachments);
  const titleLink = safeLink(embed.url);
  const footerIcon = mediaUrl(embed.footer?.icon_url, attachments);
  const authorIcon = mediaUrl(embed.author?.icon_url, attachments);
  const footerTime = embed.timestamp
    ? formatTimestamp(Date.parse(embed.timestamp) / 1000, 'f', { nowMs: Date.now(), locale })
    : null;
  return (
    <article class="embed" style={colour ? { borderLeftColor: colour } : undefined}>
      <div class={thumbnail ? 'embed-grid with-thumbnail' : 'embed-grid'}>
        {embed.author ? (
          <div class="embed-author">
            {authorIcon ? <img class="embed-author-icon" src={authorIcon} alt="" /> : null}
            {safeLink(embed.author.url) ? (
              <a href={safeLink(embed.author.url) ?? undefined} target="_blank" rel="noreferrer noopener">
                {embed.author.name}
              </a>
            ) : (
              <span>{embed.author.name}</span>
            )}
          </div>
        ) : null}
        {embed.title ? (
          <div class="embed-title">
            {titleLink ? (
              <a href={titleLink} target="_blank" rel="noreferrer noopener">
                <MarkdownView text={embed.title} />
              </a>
            ) : (
              <MarkdownView text={embed.title} />
            )}
          </div>
        ) : null}
        {embed.description ? (
          <div class="embed-description">
            <MarkdownView text={embed.description} />
          </div>
        ) : null}
        {embed.fields && embed.fields.length > 0 ? (
          <div class="embed-fields">
            {fieldLines(embed.fields).map((line, lineIndex) =>
              line.map((field, index) => (
                <div
                  key={`${lineIndex}-${index}`}
                  class="embed-field"
                  style={{ gridColumn: `${1 + (12 / line.length) * index} / span ${12 / line.length}` }}
                >
                  <div class="embed-field-name">
                    <MarkdownView text={field.name} />
                  </div>
                  <div class="embed-field-value">
                    <MarkdownView text={field.value} />
                  </div>
                </div>
              )),
            )}
          </div>
        ) : null}
        {image ? <img class="embed-image" src={image} alt="" /> : null}
        {thumbnail ? <img class="embed-thumbnail" src={thumbnail} alt="" /> : null}
        {embed.footer || footerTime ? (
          <div class="embed-footer">
            {footerIcon ? <img class="embed-footer-icon" src={footerIcon} alt="" /> : null}
            <span>{[embed.footer?.text, footerTime].filter(Boolean).join(' • ')}</span>
          </div>
        ) : null}
      </div>
    </article>
  );
}
