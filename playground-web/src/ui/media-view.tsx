import type { JSX } from 'preact';
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
  const [broken, setBroken] = useState(false);
  const hidden = spoiler === true && !revealed;
  let media: JSX.Element;
  if (!url || broken) {
    // What the CDN could not give: a picture frame, with the description on hover.
    media = (
      <span class="media media-missing" title={description ?? undefined}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M5 3a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H5Zm3.5 5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM5 18l4-5 3 3.5 2.5-3L19 18H5Z"
          />
        </svg>
      </span>
    );
  } else if (contentType?.startsWith('video/')) {
    media = (
      <video
        class="media"
        src={url}
        controls={!hidden}
        title={description ?? undefined}
        onError={() => setBroken(true)}
      >
        <track kind="captions" />
      </video>
    );
  } else {
    media = <img class="media" src={url} alt={description ?? ''} loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <div class={`${className}${hidden ? ' spoiler-media' : ''}`}>
      {media}
      {hidden ? (
        <button type="button" class="spoiler-tag" onClick={() => setRevealed(true)}>
          {t('playground.media.spoiler')}
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
