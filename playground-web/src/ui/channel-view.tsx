import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { MessageKey } from '../../../src/i18n/keys.js';
import type { MessageParams } from '../../../src/i18n/message.js';
import type { ChannelKind } from '../../../src/playground/protocol.js';
import type { CommandContext } from '../lib/command-line.js';
import type { CommandSpec } from '../lib/command-spec.js';
import { pageTranslator } from '../lib/page-words.js';
import { Composer } from './composer.js';
import { MessageList } from './message-list.js';
import { PeopleList } from './people-list.js';
import { pendingKey, type RenderContext, RenderContextValue } from './render-context.js';
import { UnicodeEmoji } from './unicode-emoji.js';
import { useLiveChannel } from './use-live-channel.js';
import { VoiceTable } from './voice-table.js';

/** How long a message a link jumped to stays highlighted, as in Discord's client. */
const HIGHLIGHT_MS = 2_000;

/** The whole page for one person: header, banners, the channel, the message box and the people. */
/** The sign before a channel's name, as Discord's client draws it: #, a speaker, or people for a group DM. */
function channelIcon(kind: ChannelKind) {
  if (kind === 'voice') return <UnicodeEmoji emoji="🔊" />;
  if (kind === 'group-dm') return <UnicodeEmoji emoji="👥" />;
  return '#';
}

export function ChannelView({
  as,
  channel,
  onSwitch,
  onChannel,
}: {
  as: string;
  channel: ChannelKind;
  onSwitch: (username: string) => void;
  onChannel: (channel: ChannelKind) => void;
}) {
  const { state, send } = useLiveChannel(as, channel);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  // The message list brings the highlighted message into view (message-list.tsx).
  const jumpTo = useCallback((messageId: string) => {
    if (!document.querySelector(`.message[data-message-id="${CSS.escape(messageId)}"]`)) return false;
    setHighlighted(messageId);
    return true;
  }, []);
  const dismiss = useCallback((id: string) => setDismissed((old) => new Set(old).add(id)), []);
  const { hello } = state;
  const locale = hello?.you.locale ?? navigator.language;
  const tr = pageTranslator(locale);
  const t = useCallback((id: MessageKey, vars?: MessageParams) => tr.t(id, vars), [tr]);
  useEffect(() => {
    document.title = t('playground.page.title');
    document.documentElement.lang = locale;
  }, [t, locale]);

  const render: RenderContext | null = useMemo(() => {
    if (!hello) return null;
    const names = new Map<string, string>([
      ...hello.people.map((person) => [person.id, person.username] as const),
      [hello.bot.id, hello.bot.username],
      ...hello.channels.map((listed) => [listed.id, listed.name] as const),
    ]);
    const byId = new Map(state.messages.map((message) => [message.id, message]));
    const pendingControls = new Set(
      [...state.pending.values()].flatMap((pending) =>
        pending.messageId && pending.customId ? [pendingKey(pending.messageId, pending.customId)] : [],
      ),
    );
    return {
      you: hello.you,
      locale,
      t,
      names,
      send,
      pendingControls,
      live: state.connection === 'open',
      messageById: (id: string) => byId.get(id),
      place: { guildId: hello.guild.id, channelId: hello.channel.id },
      jumpTo,
      highlighted,
    };
  }, [hello, locale, t, send, state.messages, state.pending, state.connection, jumpTo, highlighted]);

  const commandContext: CommandContext | null = useMemo(
    () =>
      hello
        ? {
            commands: state.commands as unknown as CommandSpec[],
            locale,
            people: hello.people,
            booleanWords: { true: t('playground.autocomplete.true'), false: t('playground.autocomplete.false') },
          }
        : null,
    [hello, state.commands, locale, t],
  );

  if (!hello || !render || !commandContext) {
    return (
      <div class="page loading-page">
        <p class="banner warning">{t('playground.connection.connecting')}</p>
      </div>
    );
  }
  const botName = hello.bot.username;
  const voice = hello.channel.kind === 'voice';
  return (
    <RenderContextValue.Provider value={render}>
      <div class="page">
        <header class="channel-header">
          <nav class="channel-list" aria-label={t('playground.channels')}>
            {hello.channels.map((listed) => (
              <button
                type="button"
                key={listed.id}
                class="channel-link"
                aria-current={listed.id === hello.channel.id ? 'page' : undefined}
                onClick={() => onChannel(listed.kind)}
              >
                <span aria-hidden="true">{channelIcon(listed.kind)} </span>
                {listed.name}
              </button>
            ))}
          </nav>
          <span class="channel-hash" aria-hidden="true">
            {channelIcon(hello.channel.kind)}
          </span>
          <h1 class="channel-name">{hello.channel.name}</h1>
          {/* A group DM is no server's: Discord's client names its people there. */}
          <span class="channel-topic">
            {hello.channel.recipients
              ? hello.channel.recipients.map((id) => render.names.get(id) ?? id).join(', ')
              : hello.guild.name}
          </span>
        </header>
        <div class="banners">
          <p class="banner info">{t('playground.banner.playground')}</p>
          {state.connection !== 'open' ? <p class="banner warning">{t('playground.connection.lost')}</p> : null}
          {state.connection === 'open' && state.botStatus !== 'online' ? (
            <p class="banner warning" role="status">
              {t(state.botStatus === 'starting' ? 'playground.bot.starting' : 'playground.bot.reconnecting', {
                bot: botName,
              })}
            </p>
          ) : null}
          {hello.unknownPerson ? (
            <p class="banner warning">
              {t('playground.people.unknown', { name: hello.unknownPerson, you: hello.you.username })}
            </p>
          ) : null}
        </div>
        <main class="channel">
          {voice ? (
            <VoiceTable
              as={hello.you.username}
              place={{ guildId: hello.guild.id, channelId: hello.channel.id, clientId: hello.bot.id }}
              launched={state.launched}
              t={t}
            />
          ) : null}
          <MessageList
            messages={state.messages}
            notices={state.notices}
            failedOn={state.failedOn}
            dismissed={dismissed}
            onDismiss={dismiss}
          />
          <Composer context={commandContext} channelName={hello.channel.name} messageLimit={hello.messageLimit} />
        </main>
        <PeopleList
          people={hello.people}
          guildLocale={hello.guild.locale}
          bot={hello.bot}
          botStatus={state.botStatus}
          onSwitch={onSwitch}
        />
      </div>
    </RenderContextValue.Provider>
  );
}
