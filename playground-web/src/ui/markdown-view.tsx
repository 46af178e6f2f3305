import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { type MarkdownNode, parseMarkdown } from '../lib/markdown.js';
import { emojiUrl, safeLink } from '../lib/media-url.js';
import { parseMessageLink } from '../lib/message-link.js';
import { DEFAULT_TIMESTAMP_STYLE, isTimestampStyle } from '../lib/timestamp-format.js';
import { useRender } from './render-context.js';
import { TimestampView } from './timestamp-view.js';
import { UnicodeEmoji } from './unicode-emoji.js';

/** Text in Discord's markdown, drawn as Discord draws it. Nothing is ever set as raw HTML. */
export function MarkdownView({ text }: { text: string }) {
  const nodes = useMemo(() => parseMarkdown(text), [text]);
  return <>{renderNodes(nodes)}</>;
}

function renderNodes(nodes: readonly MarkdownNode[]): ComponentChildren {
  return nodes.map((node, index) =>
    // A nested list already starts its own line.
    node.type === 'br' && nodes[index + 1]?.type === 'list' ? null : <MarkdownNodeView key={index} node={node} />,
  );
}

function children(node: MarkdownNode): ComponentChildren {
  const { content } = node;
  if (typeof content === 'string') return content;
  return content ? renderNodes(content) : null;
}

function MarkdownNodeView({ node }: { node: MarkdownNode }) {
  const { names, t } = useRender();
  switch (node.type) {
    case 'text':
    case 'emoticon':
      return <>{typeof node.content === 'string' ? node.content : String(node.name ?? '')}</>;
    case 'twemoji':
      return <UnicodeEmoji emoji={String(node.name ?? '')} />;
    case 'br':
    case 'newline':
      return <br />;
    case 'strong':
      return <strong>{children(node)}</strong>;
    case 'em':
      return <em>{children(node)}</em>;
    case 'underline':
      return <u>{children(node)}</u>;
    case 'strikethrough':
      return <s>{children(node)}</s>;
    case 'inlineCode':
      return <code class="md-inline-code">{children(node)}</code>;
    case 'codeBlock':
      return (
        <pre class="md-code-block">
          <code>{String(node.content ?? '')}</code>
        </pre>
      );
    case 'blockQuote':
      return <blockquote class="md-quote">{children(node)}</blockquote>;
    case 'spoiler':
      return <Spoiler>{children(node)}</Spoiler>;
    case 'heading': {
      const level = Number(node.level);
      if (level === 1) return <h1 class="md-h1">{children(node)}</h1>;
      if (level === 2) return <h2 class="md-h2">{children(node)}</h2>;
      return <h3 class="md-h3">{children(node)}</h3>;
    }
    case 'subtext':
      return <small class="md-subtext">{children(node)}</small>;
    case 'list': {
      const items = (node.items as MarkdownNode[][] | undefined) ?? [];
      const rendered = items.map((item, index) => <li key={index}>{renderNodes(item)}</li>);
      return node.ordered ? (
        <ol class="md-list" start={Number(node.start ?? 1)}>
          {rendered}
        </ol>
      ) : (
        <ul class="md-list">{rendered}</ul>
      );
    }
    case 'user': {
      const id = String(node.id);
      return <span class="mention">@{names.get(id) ?? t('playground.mention.unknown-user')}</span>;
    }
    case 'role':
      return <span class="mention">@{names.get(String(node.id)) ?? t('playground.mention.unknown-role')}</span>;
    case 'channel':
      return <span class="mention">#{names.get(String(node.id)) ?? t('playground.mention.unknown-channel')}</span>;
    case 'everyone':
      return <span class="mention">@everyone</span>;
    case 'here':
      return <span class="mention">@here</span>;
    case 'slashCommand':
      return <span class="mention">/{String(node.name ?? '')}</span>;
    case 'emoji':
      return <CustomEmoji id={String(node.id)} name={String(node.name)} animated={node.animated === true} />;
    case 'timestamp': {
      const style = isTimestampStyle(node.format) ? node.format : DEFAULT_TIMESTAMP_STYLE;
      return <TimestampView seconds={Number(node.timestamp)} style={style} />;
    }
    case 'url':
    case 'autolink':
    case 'link': {
      const href = safeLink(String(node.target ?? ''));
      if (!href) return <>{children(node)}</>;
      return <LinkView href={href}>{children(node) ?? href}</LinkView>;
    }
    default:
      // A rule this page does not know yet still shows its text.
      return <>{children(node)}</>;
  }
}

/**
 * A link. One to a message of this very channel (`https://discord.com/channels/…`, as the bot's
 * "the board is here" links are) scrolls to that message and highlights it, as Discord's client
 * does, instead of leaving for discord.com; any other link opens in a new tab.
 */
function LinkView({ href, children: content }: { href: string; children: ComponentChildren }) {
  const { place, jumpTo } = useRender();
  const target = parseMessageLink(href);
  const here = target && target.guildId === place.guildId && target.channelId === place.channelId ? target : null;
  const follow = (event: MouseEvent) => {
    // A message this page no longer holds (older than its history) is left to the link.
    if (here && jumpTo(here.messageId)) event.preventDefault();
  };
  return (
    <a
      class={here ? 'md-link message-link' : 'md-link'}
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      onClick={here ? follow : undefined}
    >
      {content}
    </a>
  );
}

/** A custom emoji from the CDN; its `:name:` if the image cannot be had. */
export function CustomEmoji({
  id,
  name,
  animated,
  large,
}: {
  id: string;
  name: string;
  animated: boolean;
  large?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span class="emoji-fallback">:{name}:</span>;
  return (
    <img
      class={large ? 'emoji emoji-large' : 'emoji'}
      src={emojiUrl(id, animated)}
      alt={`:${name}:`}
      title={`:${name}:`}
      draggable={false}
      onError={() => setBroken(true)}
    />
  );
}

function Spoiler({ children: content }: { children: ComponentChildren }) {
  const [shown, setShown] = useState(false);
  return (
    <button type="button" class={shown ? 'spoiler shown' : 'spoiler'} onClick={() => setShown(true)}>
      {content}
    </button>
  );
}
