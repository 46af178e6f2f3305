import type { APIButtonComponent } from 'discord-api-types/v10';
import { ButtonStyle } from 'discord-api-types/v10';
import { safeLink } from '../lib/media-url.js';
import { ComponentEmoji } from './emoji-view.js';
import { pendingKey, useRender } from './render-context.js';

const STYLE_CLASS: Readonly<Record<number, string>> = {
  [ButtonStyle.Primary]: 'btn-primary',
  [ButtonStyle.Secondary]: 'btn-secondary',
  [ButtonStyle.Success]: 'btn-success',
  [ButtonStyle.Danger]: 'btn-danger',
  [ButtonStyle.Link]: 'btn-secondary',
  [ButtonStyle.Premium]: 'btn-premium',
};

/** A message button: a click sends an interaction as this person; a link button just opens its URL. */
export function ButtonView({ button, messageId }: { button: APIButtonComponent; messageId: string }) {
  const { send, pendingControls, live } = useRender();
  const className = `btn ${STYLE_CLASS[button.style] ?? 'btn-secondary'}`;
  const label = 'label' in button ? button.label : undefined;
  const emoji = 'emoji' in button ? button.emoji : undefined;
  const body = (
    <>
      <ComponentEmoji emoji={emoji} />
      {label ? <span class="btn-label">{label}</span> : null}
    </>
  );
  if (button.style === ButtonStyle.Link) {
    const href = safeLink(button.url);
    return (
      <a
        class={`${className}${button.disabled || !href ? ' disabled' : ''}`}
        href={button.disabled || !href ? undefined : href}
        target="_blank"
        rel="noreferrer noopener"
        aria-disabled={button.disabled || !href}
      >
        {body}
        <svg class="btn-link-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M15 2a1 1 0 0 0 0 2h3.59l-7.3 7.3a1 1 0 0 0 1.42 1.4L20 5.42V9a1 1 0 1 0 2 0V3a1 1 0 0 0-1-1h-6ZM5 5a3 3 0 0 0-3 3v11a3 3 0 0 0 3 3h11a3 3 0 0 0 3-3v-5a1 1 0 1 0-2 0v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h5a1 1 0 1 0 0-2H5Z"
          />
        </svg>
      </a>
    );
  }
  const customId = 'custom_id' in button ? button.custom_id : undefined;
  const pending = customId !== undefined && pendingControls.has(pendingKey(messageId, customId));
  const disabled = button.disabled === true || button.style === ButtonStyle.Premium || !live;
  return (
    <button
      type="button"
      class={`${className}${pending ? ' pending' : ''}`}
      disabled={disabled}
      aria-busy={pending}
      onClick={() => {
        if (customId !== undefined && !pending) send({ type: 'click', messageId, customId });
      }}
    >
      {body}
    </button>
  );
}
