import { APPLICATION_FLAG_EMBEDDED } from '../activity-instances.js';
import { DiscordError, FormErrors } from '../errors.js';
import type { RestResponse } from '../http/router.js';
import { json, NO_CONTENT } from '../http/router.js';
import type { StoredMessage } from '../messages.js';
import type { Json } from '../payloads.js';
import type { RestContext } from '../rest/context.js';
import { assertDeletable, assertEditable, prepareNewMessage } from '../threads.js';
import { checkArray, checkString, isObject } from '../validation/fields.js';
import { type MessageFields, MessageFlag, readMessageFields, type UploadedFile } from '../validation/message-body.js';
import { type InteractionRecord, InteractionType, MAX_USER_INSTALL_FOLLOW_UPS } from './registry.js';

export const CallbackType = {
  Pong: 1,
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredMessageUpdate: 6,
  UpdateMessage: 7,
  ApplicationCommandAutocompleteResult: 8,
  Modal: 9,
  /** docs/interactions/receiving-and-responding.mdx: apps with Activities only. */
  LaunchActivity: 12,
} as const;

/** docs/activities/how-activities-work.mdx (Interaction Response): the interactions an Activity may be launched from. */
const LAUNCHABLE_FROM: ReadonlySet<number> = new Set([
  InteractionType.ApplicationCommand,
  InteractionType.MessageComponent,
  InteractionType.ModalSubmit,
]);

const MessageType = { Default: 0, Reply: 19, ChatInputCommand: 20 } as const;

/**
 * Interaction callbacks and the interaction webhook (follow-ups, `@original` edits), with Discord's
 * rules: one acknowledgement within 3 s, a token good for 15 minutes, `@original` meaning the
 * response or, for component updates, the clicked message.
 */
export class InteractionResponder {
  constructor(private readonly context: RestContext) {}

  callback(
    interactionId: string,
    token: string,
    body: unknown,
    withResponse: boolean,
    files: UploadedFile[],
  ): RestResponse {
    const { interactions } = this.context;
    const record = interactions.get(interactionId);
    if (!record || record.token !== token) throw DiscordError.unknownInteraction();
    if (record.status === 'failed' || interactions.failIfOverdue(record)) {
      throw DiscordError.unknownInteraction().withProblemKind('late-ack');
    }
    if (record.status === 'acknowledged') throw DiscordError.alreadyAcknowledged().withProblemKind('double-ack');
    if (!isObject(body)) throw DiscordError.formError(['type'], 'BASE_TYPE_REQUIRED', 'This field is required');
    const data = body.data;
    switch (body.type) {
      case CallbackType.ChannelMessageWithSource:
        this.#reply(record, data, files);
        break;
      case CallbackType.DeferredChannelMessageWithSource:
        this.#deferReply(record, data);
        break;
      case CallbackType.DeferredMessageUpdate:
        this.#deferUpdate(record);
        break;
      case CallbackType.UpdateMessage:
        this.#update(record, data, files);
        break;
      case CallbackType.Modal:
        this.#modal(record, data);
        break;
      case CallbackType.LaunchActivity:
        this.#launchActivity(record);
        break;
      default:
        throw DiscordError.formError(
          ['type'],
          'BASE_TYPE_CHOICES',
          `Interaction response type ${String(body.type)} is not valid here.`,
        );
    }
    return withResponse ? json(this.#callbackResponse(record, body.type as number)) : NO_CONTENT;
  }

  /** The interaction behind a webhook token, if it may still be used. */
  webhookInteraction(appId: string, token: string): InteractionRecord {
    const record = this.context.interactions.byToken(token);
    if (!record || record.appId !== appId || this.context.interactions.tokenExpired(record)) {
      throw DiscordError.invalidWebhookToken();
    }
    if (record.status !== 'acknowledged') throw DiscordError.unknownWebhook();
    return record;
  }

  followUp(record: InteractionRecord, body: unknown, files: UploadedFile[], wait: boolean): RestResponse {
    const fields = readMessageFields(body, { allowEphemeral: true, knownEmoji: this.#knownEmoji(record) });
    const original = record.originalMessageId ? this.context.messages.get(record.originalMessageId) : undefined;
    let stored: StoredMessage;
    if (record.ack === 'deferred-reply' && original && original.json.flags & MessageFlag.Loading) {
      // The first follow-up of a deferred reply replaces the "thinking" placeholder. Its ephemeral
      // flag is ignored (the placeholder decided that); IS_COMPONENTS_V2 is taken, as in an edit.
      this.#assertEditable(record, original);
      stored = this.context.messages.edit(original.json.id, {
        fields,
        files,
        fillsPlaceholder: true,
      });
    } else {
      if (record.userInstallOnly && record.followUpIds.length >= MAX_USER_INSTALL_FOLLOW_UPS) {
        throw DiscordError.tooManyFollowUps();
      }
      const ephemeral = this.#ephemeral(record, fields);
      const channel = this.#channel(record);
      if (!ephemeral) prepareNewMessage(this.context.world, channel, this.#botUser(record).id);
      stored = this.context.messages.create({
        channel,
        author: this.#botUser(record),
        fields,
        type: MessageType.Default,
        extraFlags: ephemeral ? MessageFlag.Ephemeral : 0,
        visibleTo: ephemeral ? record.userId : null,
        applicationId: record.appId,
        webhookId: record.appId,
        interactionId: record.id,
        interactionMetadata: {
          ...record.metadata,
          ...(record.originalMessageId ? { original_response_message_id: record.originalMessageId } : {}),
        },
        files,
      });
      record.followUpIds.push(stored.json.id);
    }
    return wait ? json(stored.json) : NO_CONTENT;
  }

  getMessage(record: InteractionRecord, messageRef: string): RestResponse {
    return json(this.#webhookMessage(record, messageRef).json);
  }

  editMessage(record: InteractionRecord, messageRef: string, body: unknown, files: UploadedFile[]): RestResponse {
    const stored = this.#webhookMessage(record, messageRef);
    const fields = readMessageFields(body, { existingFlags: stored.json.flags, knownEmoji: this.#knownEmoji(record) });
    const fillsPlaceholder = (stored.json.flags & MessageFlag.Loading) !== 0;
    this.#assertEditable(record, stored);
    return json(this.context.messages.edit(stored.json.id, { fields, files, fillsPlaceholder }).json);
  }

  deleteMessage(record: InteractionRecord, messageRef: string): RestResponse {
    const stored = this.#webhookMessage(record, messageRef);
    const channel = this.context.world.channels.get(stored.channelId);
    if (channel && stored.visibleTo === null) assertDeletable(channel);
    this.context.messages.delete(stored.json.id);
    return NO_CONTENT;
  }

  /** Public messages in archived (or locked) threads cannot be edited (50083 / 160005). */
  #assertEditable(record: InteractionRecord, stored: StoredMessage): void {
    const channel = this.context.world.channels.get(stored.channelId);
    if (channel && stored.visibleTo === null) assertEditable(this.context.world, channel, this.#botUser(record).id);
  }

  /** `@original`, or one of this interaction's own follow-ups. */
  #webhookMessage(record: InteractionRecord, messageRef: string): StoredMessage {
    const id = messageRef === '@original' ? record.originalMessageId : messageRef;
    const own = id !== null && (id === record.originalMessageId || record.followUpIds.includes(id));
    const stored = own ? this.context.messages.get(id) : undefined;
    if (!stored) throw DiscordError.unknownMessage();
    return stored;
  }

  #reply(record: InteractionRecord, data: unknown, files: UploadedFile[]): void {
    const fields = readMessageFields(data ?? {}, {
      path: ['data'],
      allowEphemeral: true,
      knownEmoji: this.#knownEmoji(record),
    });
    const ephemeral = this.#ephemeral(record, fields);
    const stored = this.#createResponse(record, { fields, ephemeral, files, bodyPath: ['data'] });
    this.context.interactions.acknowledge(record, 'reply', { ephemeral, originalMessageId: stored.json.id });
  }

  #deferReply(record: InteractionRecord, data: unknown): void {
    const fields = readMessageFields(data ?? {}, {
      path: ['data'],
      allowEphemeral: true,
      knownEmoji: this.#knownEmoji(record),
    });
    // "The only valid message flag you may use is EPHEMERAL": a Components V2 answer is made by
    // editing the original response afterwards.
    if ((fields.flags ?? 0) & ~MessageFlag.Ephemeral) {
      throw DiscordError.formError(
        ['data', 'flags'],
        'INTERACTION_DEFERRED_FLAGS',
        'Only EPHEMERAL may be set on a deferred reply',
      );
    }
    const ephemeral = this.#ephemeral(record, fields);
    const stored = this.#createResponse(record, {
      fields: { flags: fields.flags ?? 0 },
      ephemeral,
      extraFlags: MessageFlag.Loading,
      allowEmpty: true,
    });
    this.context.interactions.acknowledge(record, 'deferred-reply', { ephemeral, originalMessageId: stored.json.id });
  }

  #deferUpdate(record: InteractionRecord): void {
    const source = this.#sourceMessage(record);
    this.context.interactions.acknowledge(record, 'deferred-update', {
      ephemeral: source.visibleTo !== null,
      originalMessageId: source.json.id,
    });
  }

  #update(record: InteractionRecord, data: unknown, files: UploadedFile[]): void {
    const source = this.#sourceMessage(record);
    const fields = readMessageFields(data ?? {}, {
      path: ['data'],
      existingFlags: source.json.flags,
      knownEmoji: this.#knownEmoji(record),
    });
    this.#assertEditable(record, source);
    this.context.messages.edit(source.json.id, { fields, files, bodyPath: ['data'] });
    this.context.interactions.acknowledge(record, 'update', {
      ephemeral: source.visibleTo !== null,
      originalMessageId: source.json.id,
    });
  }

  #modal(record: InteractionRecord, data: unknown): void {
    if (record.type === InteractionType.ModalSubmit) {
      throw DiscordError.formError(
        ['type'],
        'INTERACTION_RESPONSE_TYPE_INVALID',
        'A modal submit cannot be answered with a modal.',
      );
    }
    const modal = isObject(data) ? data : {};
    const errors = new FormErrors();
    checkString(errors, ['data', 'custom_id'], modal.custom_id, { min: 1, max: 100, required: true });
    checkString(errors, ['data', 'title'], modal.title, { min: 1, max: 45, required: true });
    checkArray(errors, ['data', 'components'], modal.components ?? [], { min: 1, max: 5 });
    errors.throwIfAny();
    this.context.interactions.acknowledge(record, 'modal', { modal });
  }

  /** The clicked message: types 6 and 7 exist only for component interactions. */
  #sourceMessage(record: InteractionRecord): StoredMessage {
    if (!record.sourceMessageId) {
      throw DiscordError.formError(
        ['type'],
        'INTERACTION_RESPONSE_TYPE_INVALID',
        'This response type needs a message component interaction.',
      );
    }
    const stored = this.context.messages.get(record.sourceMessageId);
    if (!stored) throw DiscordError.unknownMessage();
    return stored;
  }

  #createResponse(
    record: InteractionRecord,
    options: {
      fields: MessageFields;
      ephemeral: boolean;
      extraFlags?: number;
      allowEmpty?: boolean;
      files?: UploadedFile[];
      bodyPath?: (string | number)[];
    },
  ): StoredMessage {
    const isCommand = record.type === InteractionType.ApplicationCommand;
    const source = record.sourceMessageId ? this.context.messages.get(record.sourceMessageId) : undefined;
    const channel = this.#channel(record);
    // A response is a new message: it unarchives an archived thread, unless the thread is locked.
    if (!options.ephemeral) prepareNewMessage(this.context.world, channel, this.#botUser(record).id);
    return this.context.messages.create({
      channel,
      author: this.#botUser(record),
      fields: options.fields,
      type: isCommand ? MessageType.ChatInputCommand : MessageType.Reply,
      extraFlags: (options.ephemeral ? MessageFlag.Ephemeral : 0) | (options.extraFlags ?? 0),
      visibleTo: options.ephemeral ? record.userId : null,
      applicationId: record.appId,
      webhookId: record.appId,
      interactionId: record.id,
      interactionMetadata: record.metadata,
      ...(isCommand
        ? {
            interaction: {
              id: record.id,
              type: record.type,
              name: record.commandName ?? '',
              user: record.metadata.user as Json,
            },
          }
        : {}),
      ...(source
        ? {
            messageReference: {
              type: 0,
              message_id: source.json.id,
              channel_id: source.channelId,
              ...(source.guildId ? { guild_id: source.guildId } : {}),
            },
          }
        : {}),
      allowEmpty: options.allowEmpty ?? false,
      files: options.files ?? [],
      bodyPath: options.bodyPath ?? [],
    });
  }

  /**
   * Whether a new response is ephemeral: the app's flag 64, or Discord's decision where only a user
   * install authorizes the interaction and the person lacks Use External Apps in that channel
   * (docs/topics/permissions.mdx: "When disabled, users will still be allowed to use their apps but
   * the responses will be ephemeral").
   */
  #ephemeral(record: InteractionRecord, fields: MessageFields): boolean {
    return record.forceEphemeral || ((fields.flags ?? 0) & MessageFlag.Ephemeral) !== 0;
  }

  /** Custom emojis the app may show: its own application emojis. */
  #knownEmoji(record: InteractionRecord): (emojiId: string) => boolean {
    return (emojiId) => this.context.emojis.usableBy(record.appId, emojiId);
  }

  /** Where the interaction happened; the channel may have been deleted since. */
  #channel(record: InteractionRecord) {
    const channel = this.context.world.channels.get(record.channelId);
    if (!channel) throw DiscordError.unknownChannel();
    return channel;
  }

  #botUser(record: InteractionRecord) {
    return this.context.world.requireUser(this.context.world.requireApplication(record.appId).botUserId);
  }

  /**
   * The person who acted gets the app's Activity in the interaction's channel (joining the one
   * running there). Discord documents type 12 for command, component and modal-submit
   * interactions, and only for apps with Activities enabled (the EMBEDDED flag). Otherwise the
   * callback is refused and the interaction stays unanswered: without another answer within 3 s
   * the person sees "This interaction failed" (Discord's client gets an INTERACTION_FAILURE, reason
   * 14 "not an embedded activity" for an app without Activities).
   */
  #launchActivity(record: InteractionRecord): void {
    if (!LAUNCHABLE_FROM.has(record.type)) {
      throw DiscordError.formError(['type'], 'BASE_TYPE_CHOICES', 'Interaction response type 12 is not valid here.');
    }
    const app = this.context.world.requireApplication(record.appId);
    if ((app.flags & APPLICATION_FLAG_EMBEDDED) === 0) {
      throw DiscordError.formError(
        ['type'],
        'INTERACTION_RESPONSE_TYPE_UNAVAILABLE',
        'LAUNCH_ACTIVITY is only available to applications with Activities enabled.',
      ).withProblemKind('launch-without-activity');
    }
    const instance = this.context.activities.launch(record.appId, record.channelId, record.userId);
    this.#launched.set(record.id, instance.instanceId);
    this.context.interactions.acknowledge(record, 'launch-activity', {});
  }

  readonly #launched = new Map<string, string>();

  #callbackResponse(record: InteractionRecord, callbackType: number): Json {
    const activityInstanceId = this.#launched.get(record.id);
    if (activityInstanceId) {
      return {
        interaction: { id: record.id, type: record.type, activity_instance_id: activityInstanceId },
        resource: { type: callbackType, activity_instance: { id: activityInstanceId } },
      };
    }
    const message = record.originalMessageId ? this.context.messages.get(record.originalMessageId)?.json : undefined;
    const withMessage =
      callbackType === CallbackType.ChannelMessageWithSource ||
      callbackType === CallbackType.DeferredChannelMessageWithSource ||
      callbackType === CallbackType.UpdateMessage;
    return {
      interaction: {
        id: record.id,
        type: record.type,
        ...(message
          ? {
              response_message_id: message.id,
              response_message_loading: (message.flags & MessageFlag.Loading) !== 0,
              response_message_ephemeral: (message.flags & MessageFlag.Ephemeral) !== 0,
            }
          : {}),
      },
      ...(withMessage && message ? { resource: { type: callbackType, message } } : {}),
    };
  }
}
