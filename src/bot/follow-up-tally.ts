import type { AnswerableInteraction } from './answerable.js';

/**
 * The follow-ups the bot makes through one interaction's token. Where the bot is not a member, a
 * token an interaction on a game's board brings becomes that game's way out (BoardPublisher.tokenFrom),
 * and Discord allows it 5 follow-ups in all ("Apps are limited to 5 followup messages per
 * interaction", receiving-and-responding.mdx, "Create Followup Message"; ephemeral ones are not
 * exempted). The publisher's turn pings are counted in the store; so must be every follow-up the
 * interaction's own handler makes (a private refusal or hint after the press's update, Play
 * again's next board): those made before the game kept the token are handed to the store with it,
 * and those made after it are counted in the store first, through `reserve`, like a ping.
 */
interface Tally {
  made: number;
  /** Set once a game keeps the token: counts one more of its follow-ups in the store; false when none is left. */
  reserve?: () => Promise<boolean>;
}

/** Keyed by the interaction object, which lives as long as its handling: nothing to clean up. */
const tallies = new WeakMap<AnswerableInteraction, Tally>();

function tallyOf(interaction: AnswerableInteraction): Tally {
  let tally = tallies.get(interaction);
  if (!tally) {
    tally = { made: 0 };
    tallies.set(interaction, tally);
  }
  return tally;
}

/** The follow-ups made through this interaction's token so far (by its handler, in this process). */
export function followUpsMadeThrough(interaction: AnswerableInteraction): number {
  return tallies.get(interaction)?.made ?? 0;
}

/** A game keeps this interaction's token now: each later follow-up through it is first counted by `reserve`. */
export function countedByGame(interaction: AnswerableInteraction, reserve: () => Promise<boolean>): void {
  tallyOf(interaction).reserve = reserve;
}

/**
 * Takes one follow-up of the interaction's token before it is sent: false when the game that keeps
 * the token has none left (or a newer press took over as its way out meanwhile, whose count this
 * token's follow-ups no longer reach): then the follow-up is not sent, rather than risk a sixth.
 */
export async function takeFollowUp(interaction: AnswerableInteraction): Promise<boolean> {
  const tally = tallyOf(interaction);
  if (tally.reserve && !(await tally.reserve())) return false;
  tally.made += 1;
  return true;
}
