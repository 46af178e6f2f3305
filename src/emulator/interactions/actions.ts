import type { JsonObject } from '../validation/fields.js';
import type { CommandInput } from './command-options.js';

// What a virtual user may do, one shape per action (VirtualUsers carries them out).

export interface RunCommandOptions extends CommandInput {
  /** The user running the command. */
  user: string;
  /** A guild channel; absent = the user's DM with the bot. */
  channel?: string;
  /** Which application's command; needed only when several apps registered one with this name. */
  app?: string;
  name: string;
}

export interface ClickButtonOptions {
  user: string;
  /** The message the button is on. */
  message: string;
  /** The button, by custom_id… */
  customId?: string;
  /** …or by its visible label… */
  label?: string;
  /** …or by any test on the button's JSON. */
  where?: (button: JsonObject) => boolean;
}

export interface ChooseOptionOptions {
  user: string;
  message: string;
  customId: string;
  /** Option values (string select) or ids (user, role, mentionable, channel selects). */
  values: string[];
}

/** An interaction with arbitrary `data`, unchecked: for fuzzing the bot with what no real client sends. */
export interface RawInteractionOptions {
  user: string;
  channel?: string;
  app?: string;
  /** 2 command, 3 component, 5 modal submit… */
  type: number;
  data: unknown;
  /** The message a component interaction claims to come from. */
  message?: string;
  /**
   * Deliver even a shape Discord never sends (see raw-shape.ts), to test that the bot does not
   * depend on the payload's shape; without it such a payload is refused.
   */
  unchecked?: true;
}
