/** The longest turn timer a game can set, in minutes: /crag start's bound and the most a server's limit allows. */
export const MAX_TURN_TIMER_MINUTES = 60;
/** A turn's time when neither the person nor the server's defaults chose one. */
export const DEFAULT_TURN_TIMER_MINUTES = 5;
