export {
  computerRatingId,
  conservative,
  isComputerRatingId,
  isRated,
  NEW_RATING,
  type PlacedSeat,
  type Rating,
  ratedIdOf,
  rateGame,
} from './rate-game.js';
