import { EventEmitter } from 'node:events';
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord-api-types/v10';
import { checkAttachmentReferences, forgetAttachments, resolveAttachments } from './attachments.js';
import type { CdnStore } from './cdn.js';
import { DiscordError, FormErrors, ImpossibleActionError } from './errors.js';
import { deliveredMentions, mentionedRoles, mentionedUsers } from './mentions.js';
import { type Json, userJson } from './payloads.js';
import { indexOfSnowflake, lowerBound, upperBound } from './snowflake.js';
import { assertNotEmpty, type MessageFields, MessageFlag, type UploadedFile } from './validation/message-body.js';
import type { ChannelRecord, UserRecord, World } from './world.js';

/** A message as Discord's REST API returns it. Records are replaced on edit, never mutated. */
export interface EmulatedMessage {
  readonly id: string;
  readonly type: number;
  readonly channel_id: string;
  readonly author: Json;
  readonly content: string;
  readonly timestamp: string;
  readonly edited_timestamp: string | null;
  readonly tts: boolean;
  readonly mention_everyone: boolean;
  readonly mentions: Json[];
  readonly mention_roles: string[];
  readonly attachments: Json[];
  readonly embeds: APIEmbed[];
  readonly components: APIMessageTopLevelComponent[];
  readonly pinned: boolean;
  readonly flags: number;
  readonly application_id?: string;
  readonly webhook_id?: string;
  readonly interaction_metadata?: Json;
  readonly interaction?: Json;
  readonly message_reference?: Json;
  /** The thread started from this message. */
  readonly thread?: Json;
}

export interface StoredMessage {
  readonly json: EmulatedMessage;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  /** Ephemeral messages are seen only by this user; null = everyone who can view the channel. */
  readonly visibleTo: string | null;
  /** The interaction whose response or follow-up this is. */
  readonly interactionId: string | null;
  /** Users this message notified when it was created (edits never ping). */
  readonly mentionsDelivered: readonly string[];
}

export interface NewMessage {
  /** A forum post's starter message shares its thread's id; otherwise a new one. */
  id?: string;
  channel: ChannelRecord;
  author: UserRecord;
  fields: MessageFields;
  type: number;
  /** Flags beyond those in `fields` (Ephemeral, Loading). */
  extraFlags?: number;
  visibleTo?: string | null;
  applicationId?: string;
  webhookId?: string;
  interactionId?: string;
  interactionMetadata?: Json;
  interaction?: Json;
  messageReference?: Json;
  files?: UploadedFile[];
  /** A deferred reply's "thinking" placeholder may be empty. */
  allowEmpty?: boolean;
  /** Where the message fields sit in the request body, for error paths (`['data']` in callbacks). */
  bodyPath?: (string | number)[];
}

export interface MessageEdit {
  fields: MessageFields;
  files?: UploadedFile[];
  /** Filling a deferred reply: drop the Loading flag and do not mark the message edited. */
  fillsPlaceholder?: boolean;
  bodyPath?: (string | number)[];
}

export interface MessageStoreEvents {
  create: [message: StoredMessage];
  update: [message: StoredMessage, previous: StoredMessage];
  delete: [message: StoredMessage];
}

/**
 * All messages, indexed by id; each channel keeps its own ordered id list. With `historyLimit`, a
 * channel keeps only its newest messages: the oldest are forgotten silently, as a purged channel's
 * are (later requests for them answer Unknown Message), so a flood of posts cannot grow memory
 * without bound.
 */
export class MessageStore extends EventEmitter<MessageStoreEvents> {
  readonly #byId = new Map<string, StoredMessage>();

  constructor(
    private readonly world: World,
    private readonly cdn: CdnStore,
    private readonly historyLimit = Number.POSITIVE_INFINITY,
  ) {
    super();
  }

  get(id: string): StoredMessage | undefined {
    return this.#byId.get(id);
  }

  get size(): number {
    return this.#byId.size;
  }

  create(input: NewMessage): StoredMessage {
    const { fields } = input;
    const content = fields.content ?? '';
    const embeds = fields.embeds ?? [];
    const components = fields.components ?? [];
    const bodyPath = input.bodyPath ?? [];
    const attachments = resolveAttachments({
      channelId: input.channel.id,
      requested: fields.attachments,
      files: input.files ?? [],
      existing: [],
      snowflakes: this.world.snowflakes,
      cdn: this.cdn,
      path: bodyPath,
    });
    try {
      checkAttachmentReferences({ embeds, components, attachments }, bodyPath);
      if (!input.allowEmpty) assertNotEmpty({ content, embeds, components, attachments });
    } catch (error) {
      forgetAttachments(this.cdn, input.channel.id, attachments, []);
      throw error;
    }
    const id = input.id ?? this.world.snowflakes.next();
    const json: EmulatedMessage = {
      id,
      type: input.type,
      channel_id: input.channel.id,
      author: userJson(input.author),
      content,
      timestamp: this.world.isoNow(),
      edited_timestamp: null,
      tts: fields.tts ?? false,
      mention_everyone: false,
      mentions: mentionedUsers(this.world, content),
      mention_roles: mentionedRoles(content),
      attachments,
      embeds: embeds as unknown as APIEmbed[],
      components: components as unknown as APIMessageTopLevelComponent[],
      pinned: false,
      flags: (fields.flags ?? 0) | (input.extraFlags ?? 0),
      ...(input.applicationId ? { application_id: input.applicationId } : {}),
      ...(input.webhookId ? { webhook_id: input.webhookId } : {}),
      ...(input.interactionMetadata ? { interaction_metadata: input.interactionMetadata } : {}),
      ...(input.interaction ? { interaction: input.interaction } : {}),
      ...((input.messageReference ?? fields.messageReference)
        ? { message_reference: input.messageReference ?? fields.messageReference }
        : {}),
    };
    const visibleTo = input.visibleTo ?? null;
    const stored: StoredMessage = {
      json,
      channelId: input.channel.id,
      guildId: input.channel.guildId,
      authorId: input.author.id,
      visibleTo,
      interactionId: input.interactionId ?? null,
      // A "thinking" placeholder pings no one yet; what fills it does (see edit).
      mentionsDelivered: input.allowEmpty
        ? []
        : deliveredMentions(this.world, {
            channel: input.channel,
            authorId: input.author.id,
            content,
            components,
            allowedMentions: fields.allowedMentions,
            viaWebhook: input.webhookId !== undefined,
            repliedUserId: this.#repliedUser(json.message_reference),
            ephemeral: visibleTo !== null,
          }),
    };
    this.#byId.set(id, stored);
    input.channel.messageIds.push(id);
    input.channel.lastMessageId = id;
    this.#forgetBeyondLimit(input.channel);
    this.emit('create', stored);
    return stored;
  }

  /** Forgets the channel's oldest messages beyond `historyLimit`, with their attachments. */
  #forgetBeyondLimit(channel: ChannelRecord): void {
    const excess = channel.messageIds.length - this.historyLimit;
    if (excess <= 0) return;
    for (const id of channel.messageIds.splice(0, excess)) {
      const stored = this.#byId.get(id);
      if (stored) forgetAttachments(this.cdn, channel.id, stored.json.attachments, []);
      this.#byId.delete(id);
    }
  }

  /**
   * Puts back a public message saved from an earlier run, id and timestamps unchanged, so that
   * whoever kept its id (a bot's database) still finds it. No event: nothing new happened.
   */
  restore(channel: ChannelRecord, json: EmulatedMessage): StoredMessage {
    if (this.#byId.has(json.id)) throw new ImpossibleActionError(`message ${json.id} already exists`);
    const author = this.world.requireUser(String(json.author.id));
    this.world.snowflakes.observe(json.id);
    const stored: StoredMessage = {
      json: { ...json, channel_id: channel.id },
      channelId: channel.id,
      guildId: channel.guildId,
      authorId: author.id,
      visibleTo: null,
      interactionId: null,
      // Restored from an earlier run: whatever it pinged then, it pings nobody now.
      mentionsDelivered: [],
    };
    this.#byId.set(json.id, stored);
    const at = lowerBound(channel.messageIds, json.id);
    channel.messageIds.splice(at, 0, json.id);
    channel.lastMessageId = channel.messageIds[channel.messageIds.length - 1] ?? null;
    this.#forgetBeyondLimit(channel);
    return stored;
  }

  edit(id: string, edit: MessageEdit): StoredMessage {
    const previous = this.#byId.get(id);
    if (!previous) throw DiscordError.unknownMessage();
    const { fields } = edit;
    const old = previous.json;
    let flags = old.flags;
    if (fields.flags !== undefined) {
      // Only SUPPRESS_EMBEDS can be toggled, and components v2 turned on, after sending.
      flags = (flags & ~MessageFlag.SuppressEmbeds) | (fields.flags & MessageFlag.SuppressEmbeds);
      flags |= fields.flags & MessageFlag.IsComponentsV2;
    }
    if (edit.fillsPlaceholder) flags &= ~MessageFlag.Loading;
    const content = fields.content ?? old.content;
    const attachments =
      fields.attachments !== undefined || edit.files?.length
        ? resolveAttachments({
            channelId: old.channel_id,
            requested: fields.attachments,
            files: edit.files ?? [],
            existing: old.attachments,
            snowflakes: this.world.snowflakes,
            cdn: this.cdn,
            path: edit.bodyPath ?? [],
          })
        : old.attachments;
    const json: EmulatedMessage = {
      ...old,
      content,
      mentions: fields.content === undefined ? old.mentions : mentionedUsers(this.world, content),
      mention_roles: fields.content === undefined ? old.mention_roles : mentionedRoles(content),
      embeds: (fields.embeds as unknown as APIEmbed[] | undefined) ?? old.embeds,
      components: (fields.components as unknown as APIMessageTopLevelComponent[] | undefined) ?? old.components,
      attachments,
      flags,
      edited_timestamp: edit.fillsPlaceholder ? old.edited_timestamp : this.world.isoNow(),
    };
    try {
      checkAttachmentReferences(json, edit.bodyPath ?? []);
      checkUpgradeToComponentsV2(old, json, edit.bodyPath ?? []);
      assertNotEmpty(json);
    } catch (error) {
      forgetAttachments(this.cdn, old.channel_id, attachments, old.attachments);
      throw error;
    }
    forgetAttachments(this.cdn, old.channel_id, old.attachments, attachments);
    const channel = this.world.channels.get(previous.channelId);
    // Edits never ping, but filling a deferred reply is when the answer first appears: it pings.
    const mentionsDelivered =
      edit.fillsPlaceholder && channel
        ? deliveredMentions(this.world, {
            channel,
            authorId: previous.authorId,
            content: json.content,
            components: json.components,
            allowedMentions: fields.allowedMentions,
            viaWebhook: true,
            repliedUserId: null,
            ephemeral: previous.visibleTo !== null,
          })
        : previous.mentionsDelivered;
    const stored: StoredMessage = { ...previous, json, mentionsDelivered };
    this.#byId.set(id, stored);
    this.emit('update', stored, previous);
    return stored;
  }

  /** A thread was started from this message: it gains HAS_THREAD and `thread` (MESSAGE_UPDATE). */
  markThread(id: string, thread: Json): StoredMessage {
    const previous = this.#byId.get(id);
    if (!previous) throw DiscordError.unknownMessage();
    const json: EmulatedMessage = { ...previous.json, flags: previous.json.flags | MessageFlag.HasThread, thread };
    const stored: StoredMessage = { ...previous, json };
    this.#byId.set(id, stored);
    this.emit('update', stored, previous);
    return stored;
  }

  delete(id: string): StoredMessage {
    const stored = this.#byId.get(id);
    if (!stored) throw DiscordError.unknownMessage();
    this.#byId.delete(id);
    forgetAttachments(this.cdn, stored.channelId, stored.json.attachments, []);
    const channel = this.world.channels.get(stored.channelId);
    if (channel) {
      const index = indexOfSnowflake(channel.messageIds, id);
      if (index >= 0) channel.messageIds.splice(index, 1);
    }
    this.emit('delete', stored);
    return stored;
  }

  /** The author of the message a reply points at, if it still exists. */
  #repliedUser(reference: Json | undefined): string | null {
    const messageId = reference && typeof reference.message_id === 'string' ? reference.message_id : null;
    return messageId ? (this.#byId.get(messageId)?.authorId ?? null) : null;
  }

  /**
   * Forgets every message of a deleted channel. Discord sends no MESSAGE_DELETE for them; later
   * requests for them answer Unknown Message.
   */
  purgeChannel(channel: ChannelRecord): void {
    for (const id of channel.messageIds) {
      const stored = this.#byId.get(id);
      if (stored) forgetAttachments(this.cdn, channel.id, stored.json.attachments, []);
      this.#byId.delete(id);
    }
    channel.messageIds.length = 0;
  }

  /** The channel's history as a user sees it: ephemerals only their own, oldest first. */
  seenBy(channel: ChannelRecord, userId: string): EmulatedMessage[] {
    const result: EmulatedMessage[] = [];
    for (const id of channel.messageIds) {
      const stored = this.#byId.get(id);
      if (stored && (stored.visibleTo === null || stored.visibleTo === userId)) result.push(stored.json);
    }
    return result;
  }

  /** `GET /channels/:id/messages` for a bot: newest first, no ephemerals, paged like Discord. */
  page(
    channel: ChannelRecord,
    query: { limit: number; before?: string; after?: string; around?: string },
  ): EmulatedMessage[] {
    const ids = channel.messageIds;
    const publicAt = (index: number) => {
      const stored = this.#byId.get(ids[index] ?? '');
      return stored && stored.visibleTo === null ? stored.json : undefined;
    };
    const result: EmulatedMessage[] = [];
    if (query.after) {
      // Discord returns the `limit` messages right after `after`, still newest first.
      for (let index = upperBound(ids, query.after); index < ids.length && result.length < query.limit; index++) {
        const message = publicAt(index);
        if (message) result.push(message);
      }
      return result.reverse();
    }
    if (query.around) {
      const middle = lowerBound(ids, query.around);
      const older = this.page(channel, { limit: Math.ceil(query.limit / 2), before: ids[middle] ?? query.around });
      const newer = this.page(channel, { limit: Math.floor(query.limit / 2), after: ids[middle - 1] ?? '0' });
      return [...newer, ...older].slice(0, query.limit);
    }
    const start = query.before ? lowerBound(ids, query.before) - 1 : ids.length - 1;
    for (let index = start; index >= 0 && result.length < query.limit; index--) {
      const message = publicAt(index);
      if (message) result.push(message);
    }
    return result;
  }
}

/**
 * An edit may turn Components V2 on, but only once the message's content and embeds are emptied in
 * that same edit (docs/resources/message.mdx, "Edit Message": content null, embeds []): a message
 * posted as embeds that keeps them cannot become one.
 */
function checkUpgradeToComponentsV2(old: EmulatedMessage, json: EmulatedMessage, path: (string | number)[]): void {
  const upgraded = (json.flags & MessageFlag.IsComponentsV2) !== 0 && (old.flags & MessageFlag.IsComponentsV2) === 0;
  if (!upgraded || (json.content === '' && json.embeds.length === 0)) return;
  const errors = new FormErrors();
  errors.add(
    path,
    'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    "The 'content', 'embeds', 'sticker_ids' and 'poll' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
  );
  errors.throwIfAny();
}
