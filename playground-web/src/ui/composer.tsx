import { useMemo, useRef, useState } from 'preact/hooks';
import { buildInvocation, type CommandContext } from '../lib/command-line.js';
import { type SuggestionList, suggest } from '../lib/command-suggestions.js';
import type { Phrase } from '../lib/page-words.js';
import { useRender } from './render-context.js';

/**
 * The message box. Typing `/` opens Discord's command picker (commands, then their options, then
 * an option's choices); Enter runs the command as this person, or posts plain text as a message.
 */
export function Composer({
  context,
  channelName,
  messageLimit,
}: {
  context: CommandContext;
  channelName: string;
  /** The longest message Discord takes: a longer one stays in the box, with Discord's "too long". */
  messageLimit: number;
}) {
  const { t, send, live } = useRender();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Phrase | null>(null);
  const [active, setActive] = useState<number | null>(0);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list: SuggestionList | null = useMemo(
    () => (closedFor === text ? null : suggest(text, context)),
    [text, context, closedFor],
  );
  const items = list?.items ?? [];
  const change = (next: string) => {
    setText(next);
    setProblem(null);
    // Commands and values stand ready for Enter; a list of options waits for the arrows or Tab.
    setActive(suggest(next, context)?.picksOnEnter === false ? null : 0);
  };

  const pick = (index: number) => {
    const item = items[index];
    if (!item) return;
    change(item.text);
    input.current?.focus();
  };

  const submit = () => {
    if (text.trim() === '') return;
    const invocation = buildInvocation(text.trimEnd(), context);
    if (invocation.kind === 'invalid') {
      setProblem(invocation.problem);
      return;
    }
    if (invocation.kind === 'say' && invocation.content.length > messageLimit) {
      setProblem({
        id: 'playground.composer.too-long',
        vars: { length: invocation.content.length, max: messageLimit },
      });
      return;
    }
    if (invocation.kind === 'say') send({ type: 'say', content: invocation.content });
    else {
      send({
        type: 'command',
        name: invocation.name,
        ...(invocation.subcommandGroup !== undefined ? { subcommandGroup: invocation.subcommandGroup } : {}),
        ...(invocation.subcommand !== undefined ? { subcommand: invocation.subcommand } : {}),
        options: invocation.options,
      });
    }
    setText('');
    setProblem(null);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active === null ? (step > 0 ? 0 : items.length - 1) : (active + step + items.length) % items.length);
    } else if (event.key === 'Tab' && items.length > 0) {
      event.preventDefault();
      pick(active ?? 0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (items.length > 0 && active !== null) pick(active);
      else submit();
    } else if (event.key === 'Escape' && list) {
      event.preventDefault();
      setClosedFor(text);
    }
  };

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {list ? (
        <div class="picker" role="listbox" aria-label={t(list.heading.id, list.heading.vars)}>
          <div class="picker-heading">{t(list.heading.id, list.heading.vars)}</div>
          {items.map((item, index) => (
            <div
              key={item.key}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              class={`picker-item${index === active ? ' active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
              onMouseEnter={() => setActive(index)}
            >
              <span class="picker-label">{item.label}</span>
              {item.required ? <span class="picker-required">{t('playground.autocomplete.required-mark')}</span> : null}
              <span class="picker-detail">{item.detail}</span>
            </div>
          ))}
          {list.hint ? <div class="picker-hint">{t(list.hint.id, list.hint.vars)}</div> : null}
        </div>
      ) : null}
      {problem ? (
        <div class="composer-problem" role="alert">
          {t(problem.id, problem.vars)}
        </div>
      ) : null}
      <div class="composer-box">
        <input
          ref={input}
          class="composer-input"
          type="text"
          value={text}
          disabled={!live}
          placeholder={
            live
              ? t('playground.composer.placeholder', { channel: channelName })
              : t('playground.composer.placeholder-offline')
          }
          aria-label={t('playground.composer.placeholder', { channel: channelName })}
          autocomplete="off"
          spellcheck={false}
          onInput={(event) => change(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          class="composer-send"
          disabled={!live || text.trim() === ''}
          aria-label={t('playground.composer.send')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path fill="currentColor" d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
          </svg>
        </button>
      </div>
    </form>
  );
}
