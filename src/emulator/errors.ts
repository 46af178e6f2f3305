import type { ProblemKind } from './problems.js';

/** One Discord form-error leaf: `{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }`. */
export interface FormErrorLeaf {
  code: string;
  message: string;
}

/** Discord's nested `errors` object: keys follow the JSON path, leaves sit under `_errors`. */
export interface FormErrorTree {
  _errors?: FormErrorLeaf[];
  [key: string]: FormErrorTree | FormErrorLeaf[] | undefined;
}

export type FieldPath = readonly (string | number)[];

/** Collects validation failures into Discord's `errors` shape. */
export class FormErrors {
  readonly tree: FormErrorTree = {};
  #count = 0;

  add(path: FieldPath, code: string, message: string): void {
    let node = this.tree;
    for (const key of path) {
      const name = String(key);
      const next = (node[name] as FormErrorTree | undefined) ?? {};
      node[name] = next;
      node = next;
    }
    node._errors ??= [];
    node._errors.push({ code, message });
    this.#count += 1;
  }

  get count(): number {
    return this.#count;
  }

  /** Throws 400 / 50035 when anything was collected. */
  throwIfAny(): void {
    if (this.#count > 0) throw DiscordError.invalidFormBody(this);
  }
}

/** An error answered to the client with Discord's status, JSON code and message. */
export class DiscordError extends Error {
  /** How it is filed in `problems`. */
  problemKind: ProblemKind = 'rest-error';

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FormErrorTree,
  ) {
    super(message);
    this.name = 'DiscordError';
  }

  body(): { message: string; code: number; errors?: FormErrorTree } {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }

  static unauthorized = () => new DiscordError(401, 0, '401: Unauthorized');
  static notFound = () => new DiscordError(404, 0, '404: Not Found');
  static methodNotAllowed = () => new DiscordError(405, 0, '405: Method Not Allowed');
  static unknownChannel = () => new DiscordError(404, 10003, 'Unknown Channel');
  static unknownGuild = () => new DiscordError(404, 10004, 'Unknown Guild');
  static unknownMember = () => new DiscordError(404, 10007, 'Unknown Member');
  static unknownMessage = () => new DiscordError(404, 10008, 'Unknown Message');
  static unknownUser = () => new DiscordError(404, 10013, 'Unknown User');
  static unknownWebhook = () => new DiscordError(404, 10015, 'Unknown Webhook');
  static unknownInteraction = () => new DiscordError(404, 10062, 'Unknown interaction');
  static unknownCommand = () => new DiscordError(404, 10063, 'Unknown application command');
  static alreadyAcknowledged = () => new DiscordError(400, 40060, 'Interaction has already been acknowledged.');
  /** docs/topics/opcodes-and-status-codes.mdx gives the code and text; the status 400 is what bots report. */
  static tooManyFollowUps = () =>
    new DiscordError(400, 40094, 'This interaction has hit the maximum number of follow up messages');
  static missingAccess = () => new DiscordError(403, 50001, 'Missing Access');
  static cannotEditOthersMessage = () => new DiscordError(403, 50005, 'Cannot edit a message authored by another user');
  static emptyMessage = () => new DiscordError(400, 50006, 'Cannot send an empty message');
  static missingPermissions = () => new DiscordError(403, 50013, 'Missing Permissions');
  static invalidWebhookToken = () => new DiscordError(401, 50027, 'Invalid Webhook Token');
  static invalidJson = () => new DiscordError(400, 50109, 'The request body contains invalid JSON.');
  static invalidFormBody = (errors: FormErrors) => new DiscordError(400, 50035, 'Invalid Form Body', errors.tree);

  /** A 50035 with a single error at `path`. */
  withProblemKind(kind: ProblemKind): this {
    this.problemKind = kind;
    return this;
  }

  static formError(path: FieldPath, code: string, message: string): DiscordError {
    const errors = new FormErrors();
    errors.add(path, code, message);
    return DiscordError.invalidFormBody(errors);
  }
}

/** Thrown by the test API when a virtual user tries something a real Discord user cannot do. */
export class ImpossibleActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImpossibleActionError';
  }
}
