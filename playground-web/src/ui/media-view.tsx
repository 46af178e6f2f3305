import { useState } from 'preact/hooks';
import { formatFileSize } from '../lib/file-size.js';
import { useRender } from './render-context.js';

/** An image or video, blurred behind "SPOILER" until clicked when marked so. */
export function MediaView({
  url,
  description,
  spoiler,
  contentType,
  className,
}: {
  url: string | null;
  description?: string | null | undefined;
  spoiler?: boolean | undefined;
  contentType?: string | undefined;
  className: string;
}) {
  const { t } = useRender();
  const [revealed, setRevealed] = useState(false);
  if (!url) return <div class={`${className} media-missing`} title={description ?? undefined} />;
  const hidden = spoiler === true && !revealed;
  const media = contentType?.startsWith('video/') ? (
    <video class="media" src={url} controls={!hidden} title={description ?? undefined}>
      <track kind="captions" />
    </video>
  ) : (
    <img class="media" src={url} alt={description ?? ''} loading="lazy" />
  );
  return (
    <div class={`${className}${hidden ? ' spoiler-media' : ''}`}>
      {media}
      {hidden ? (
        <button type="button" class="spoiler-tag" onClick={() => setRevealed(true)}>
          {t('media.spoiler')}
        </button>
      ) : null}
    </div>
  );
}

/** A file that is not shown inline: its name, size and a link to it. */
export function FileBox({ name, size, url }: { name: string; size: number | undefined; url: string | null }) {
  return (
    <div class="file-box">
      <svg class="file-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M6 2a2 2 0 0 0-2 2v16c0 1.1.9 2 2 2h12a2 2 0 0 0 2-2V8l-6-6H6Zm7 1.5L18.5 9H14a1 1 0 0 1-1-1V3.5Z"
        />
      </svg>
      <div class="file-text">
        {url ? (
          <a class="file-name" href={url} target="_blank" rel="noreferrer noopener" download={name}>
            {name}
          </a>
        ) : (
          <span class="file-name">{name}</span>
        )}
        {size !== undefined ? <span class="file-size">{formatFileSize(size)}</span> : null}
      </div>
    </div>
  );
}
