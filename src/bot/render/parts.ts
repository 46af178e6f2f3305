/**
 * Component ids (Discord's numeric `id`, unique within a message) of the parts of the game's messages
 * that readers find by structure rather than by words, so in any language: the end-to-end tests'
 * and the benchmark's board readers. Discord numbers the other components itself, skipping these.
 */
export const PART = {
  /** The heading: the game's stage ("Crag · round 3/13"). */
  title: 100,
  /** Whose turn it is, with that person's mention, and the reroll count. */
  turn: 101,
  /** The dice on the table, large. */
  dice: 102,
  /** One line per seat: ▶ for the seat to act, its name, its total. */
  scoreboard: 103,
  /** The last scored turn. */
  lastMove: 104,
  /** The final standings, best first. */
  standings: 105,
  /** The series' running totals on the final standings. */
  series: 106,
  /** The lobby's seats, and what the lobby asks of people. */
  seats: 107,
  /** The text of a card or an ended game. */
  body: 108,
  /** The variant, settings and game number, in small print. */
  footer: 109,
  /** The score card's image (a media gallery of SCORE_CARD_FILE). */
  scoreCard: 110,
  /** The skill figure under a person's statistics (points lost per decision, with the server's median). */
  skill: 111,
  /** The rating line under a person's statistics (μ − 3σ, μ and σ, its change over recent games). */
  rating: 112,
  /** A board about to wait for a press where the bot is not a member: why it waits (see "Bring the game back"). */
  waiting: 113,
} as const;

/** The file name of a game's score card wherever it is attached; messages show it as `attachment://` this. */
export const SCORE_CARD_FILE = 'score-card.png';
