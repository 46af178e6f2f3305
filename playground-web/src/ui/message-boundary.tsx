import { Component, type ComponentChildren } from 'preact';
import { useRender } from './render-context.js';

interface MessageBoundaryProps {
  /** Changes when the message does (an edit): a message that failed is tried again. */
  readonly version: string;
  readonly children: ComponentChildren;
}

/**
 * One message that fails to draw (a shape this page did not expect, a value no formatter takes)
 * shows a placeholder in its place; every other message, and the page, go on drawing. Without it
 * one bad message leaves the whole channel empty, for every open tab.
 */
export class MessageBoundary extends Component<MessageBoundaryProps, { failedVersion: string | null }> {
  override state = { failedVersion: null as string | null };

  override componentDidCatch(error: unknown): void {
    console.error('a message could not be drawn', error);
    this.setState({ failedVersion: this.props.version });
  }

  override render() {
    if (this.state.failedVersion === this.props.version) return <UnrenderableMessage />;
    return this.props.children;
  }
}

function UnrenderableMessage() {
  const { t } = useRender();
  return (
    <li class="message unrenderable">
      <div class="message-body">
        <div class="notice-text">{t('playground.message.unrenderable')}</div>
      </div>
    </li>
  );
}
