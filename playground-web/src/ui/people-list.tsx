import type { BotStatus, Person } from '../../../src/playground/protocol.js';
import { Avatar } from './avatar.js';
import { LanguagePicker } from './language-picker.js';
import { useRender } from './render-context.js';

interface PeopleListProps {
  readonly people: readonly Person[];
  readonly guildLocale: string;
  readonly bot: { readonly id: string; readonly username: string };
  readonly botStatus: BotStatus;
  readonly onSwitch: (username: string) => void;
}

/**
 * Everyone in the server. Clicking a person makes you them (one click); the arrow opens them in a
 * new tab, so friends on one machine can each keep their own.
 */
export function PeopleList({ people, guildLocale, bot, botStatus, onSwitch }: PeopleListProps) {
  const { t, you } = useRender();
  return (
    <nav class="people" aria-label={t('playground.people.title', { count: people.length })}>
      <LanguagePicker guildLocale={guildLocale} />
      <h2 class="people-heading">{t('playground.people.title', { count: people.length })}</h2>
      <ul class="people-list">
        {people.map((person) => {
          const isYou = person.id === you.id;
          return (
            <li key={person.id} class={`person${isYou ? ' you' : ''}`}>
              <button
                type="button"
                class="person-switch"
                aria-pressed={isYou}
                title={t('playground.people.switch', { name: person.username })}
                onClick={() => onSwitch(person.username)}
              >
                <Avatar id={person.id} name={person.username} size={32} />
                <span class="person-name">{person.username}</span>
                {isYou ? <span class="person-you">{t('playground.people.you')}</span> : null}
              </button>
              <a
                class="person-tab"
                href={`?as=${encodeURIComponent(person.username)}`}
                target="_blank"
                rel="noopener"
                title={t('playground.people.new-tab', { name: person.username })}
                aria-label={t('playground.people.new-tab', { name: person.username })}
              >
                ↗
              </a>
            </li>
          );
        })}
      </ul>
      <h2 class="people-heading">{t('playground.people.bots', { count: 1 })}</h2>
      <ul class="people-list">
        <li class="person bot">
          <span class="person-switch">
            <Avatar id={bot.id} name={bot.username} bot size={32} />
            <span class="person-name">{bot.username}</span>
            <span class="app-tag">{t('playground.message.app')}</span>
            <span
              class={`status-dot ${botStatus === 'online' ? 'online' : 'offline'}`}
              title={botStatus === 'online' ? t('playground.bot.online') : t('playground.bot.offline')}
            />
          </span>
        </li>
      </ul>
    </nav>
  );
}
