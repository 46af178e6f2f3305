import type { APISelectMenuComponent, APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ComponentEmoji } from './emoji-view.js';
import { pendingKey, useRender } from './render-context.js';

/**
 * A string select menu as Discord draws it: a box with the placeholder; open, its options with
 * label, description and emoji. One pick sends at once; a multi-select sends when closed.
 */
export function SelectView({ select, messageId }: { select: APISelectMenuComponent; messageId: string }) {
  const { send, pendingControls, live, t } = useRender();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const root = useRef<HTMLDivElement>(null);
  const pending = pendingControls.has(pendingKey(messageId, select.custom_id));
  const disabled = select.disabled === true || !live || pending;
  const options = select.type === ComponentType.StringSelect ? (select as APIStringSelectComponent).options : [];
  const multiple = (select.max_values ?? 1) > 1;

  const close = (values: string[]) => {
    setOpen(false);
    setPicked([]);
    if (values.length >= (select.min_values ?? 1) && values.length > 0) {
      send({ type: 'select', messageId, customId: select.custom_id, values });
    }
  };

  const choose = (value: string, selected: boolean) => {
    if (!multiple) close([value]);
    else setPicked(selected ? picked.filter((other) => other !== value) : [...picked, value]);
  };

  // Set up again on every render while open, so a click outside sends the choices made so far.
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close(multiple ? picked : []);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  });

  const chosen = options.filter((option) => option.default);
  const shown =
    chosen.length > 0
      ? chosen.map((option) => option.label).join(', ')
      : (select.placeholder ?? t('playground.select.placeholder'));
  return (
    <div class={`select${open ? ' open' : ''}${disabled ? ' disabled' : ''}`} ref={root}>
      <button
        type="button"
        class="select-box"
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close(multiple ? picked : []) : setOpen(true))}
      >
        <span class={chosen.length > 0 ? 'select-value' : 'select-placeholder'}>{shown}</span>
        <svg class="select-chevron" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M5.3 9.3a1 1 0 0 1 1.4 0l5.3 5.29 5.3-5.3a1 1 0 1 1 1.4 1.42l-6 6a1 1 0 0 1-1.4 0l-6-6a1 1 0 0 1 0-1.42Z"
          />
        </svg>
      </button>
      {open ? (
        <div
          class="select-options"
          role="listbox"
          aria-label={select.placeholder ?? t('playground.select.placeholder')}
          aria-multiselectable={multiple}
        >
          {options.map((option) => {
            const selected = picked.includes(option.value);
            return (
              <div
                key={option.value}
                role="option"
                aria-selected={selected}
                tabIndex={0}
                class={`select-option${selected ? ' selected' : ''}`}
                onClick={() => choose(option.value, selected)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  choose(option.value, selected);
                }}
              >
                <ComponentEmoji emoji={option.emoji} />
                <div class="select-option-text">
                  <div class="select-option-label">{option.label}</div>
                  {option.description ? <div class="select-option-description">{option.description}</div> : null}
                </div>
                {multiple ? <span class={`select-check${selected ? ' on' : ''}`} aria-hidden="true" /> : null}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
