/**
 * The Crag rules engine. Pure: no discord.js, no database, no clock and no global randomness.
 * A game is plain data; an action returns the next state or a typed refusal.
 */
export * from './actions.js';
export * from './categories.js';
export * from './daily-deal.js';
export * from './dice.js';
export * from './refusals.js';
export * from './rules.js';
export * from './scoring.js';
export * from './standings.js';
export * from './state.js';
export * from './tournament.js';
export * from './visible-name.js';
