import type { EventEmitter } from 'node:events';
import type { EmulatorCore } from '../core.js';
import { ImpossibleActionError } from '../errors.js';
import type { EmulatorEvents } from '../events.js';
import type {
  ChooseOptionOptions,
  ClickButtonOptions,
  RawInteractionOptions,
  RunCommandOptions,
} from '../interactions/actions.js';
import type { InteractionOutcome, InteractionRecord } from '../interactions/registry.js';
import type { EmulatedMessage } from '../messages.js';
import { MessageFlag } from '../validation/message-body.js';
import type { WaitOptions } from '../wait.js';

export interface InteractionView {
  id: string;
  status: 'pending' | 'acknowledged' | 'failed';
  ack: InteractionRecord['ack'];
  ephemeral: boolean;
  /** What `@original` designates now. */
  originalMessageId: string | null;
  followUpIds: readonly string[];
  modal: unknown;
}

/** Virtual users running commands and clicking components, and the interactions that result. */
export class InteractionsPart {
  constructor(
    private readonly core: EmulatorCore,
    events: EventEmitter<EmulatorEvents>,
  ) {
    core.interactions.on('settled', (record, outcome) => {
      if (outcome.ack === 'failed') {
        core.report({
          kind: 'interaction-failed',
          detail: `interaction ${record.id} (${record.commandName ? `/${record.commandName}` : `type ${record.type}`}) failed: ${outcome.error}`,
        });
      }
      events.emit('interactionSettled', outcome);
      core.waiters.notify();
    });
  }

  /** A user runs a slash command; resolves once the bot acknowledged it or the 3 s passed. */
  runCommand(options: RunCommandOptions): Promise<InteractionOutcome> {
    return this.core.users.runCommand(options);
  }

  /** A user clicks a button that is on the message now and enabled. */
  clickButton(options: ClickButtonOptions): Promise<InteractionOutcome> {
    return this.core.users.clickButton(options);
  }

  /** A user picks values offered by a select menu on the message now. */
  chooseOption(options: ChooseOptionOptions): Promise<InteractionOutcome> {
    return this.core.users.chooseOption(options);
  }

  /** Sends an interaction with arbitrary data (forged custom_ids…): for fuzzing, no checks. */
  sendRawInteraction(options: RawInteractionOptions): Promise<InteractionOutcome> {
    return this.core.users.sendRaw(options);
  }

  interaction(id: string): InteractionView | undefined {
    const record = this.core.interactions.get(id);
    if (!record) return undefined;
    return {
      id: record.id,
      status: record.status,
      ack: record.ack,
      ephemeral: record.ephemeral,
      originalMessageId: record.originalMessageId,
      followUpIds: [...record.followUpIds],
      modal: record.modal,
    };
  }

  /** The interaction's `@original` once it is no longer a "thinking" placeholder. */
  waitForReply(interactionId: string, options: WaitOptions = {}): Promise<EmulatedMessage> {
    return this.core.waiters.waitFor(
      () => {
        const record = this.core.interactions.get(interactionId);
        if (!record) throw new ImpossibleActionError(`unknown interaction ${interactionId}`);
        if (record.status === 'failed') throw new Error(`interaction ${interactionId} failed`);
        const original = record.originalMessageId ? this.core.messages.get(record.originalMessageId)?.json : undefined;
        return original && (original.flags & MessageFlag.Loading) === 0 ? original : undefined;
      },
      { description: `reply to interaction ${interactionId}`, ...options },
    );
  }
}
