import { afterAll, describe, expect, it, vi } from 'vitest';
import { CardDrawingError, CardThread } from '../../src/score-card/card-thread.js';
import { drawScoreCard, type ScoreCardModel, scoreCardModel } from '../../src/score-card/index.js';
import { ENGLISH, finishedTwoPlayerGame, fivePlayerGameInPlay, nameOf, RUSSIAN } from './games.js';

const TWO = scoreCardModel(finishedTwoPlayerGame(), nameOf, ENGLISH);
const FIVE = scoreCardModel(fivePlayerGameInPlay(), nameOf, RUSSIAN);
const NOBODY: ScoreCardModel = { ...TWO, players: [] };

describe('the score card thread', () => {
  const thread = new CardThread();
  afterAll(() => thread.close());

  it('draws the same PNG as the main thread would, each card to its own caller', async () => {
    const [two, five, twoAgain] = await Promise.all([thread.draw(TWO), thread.draw(FIVE), thread.draw(TWO)]);
    expect(Buffer.isBuffer(two)).toBe(true);
    expect(two.equals(drawScoreCard(TWO))).toBe(true);
    expect(five.equals(drawScoreCard(FIVE))).toBe(true);
    expect(twoAgain.equals(two)).toBe(true);
  });

  it('answers a card it cannot draw with its error, and goes on drawing', async () => {
    await expect(thread.draw(NOBODY)).rejects.toThrow(CardDrawingError);
    await expect(thread.draw(NOBODY)).rejects.toThrow(/RangeError/);
    expect((await thread.draw(TWO)).equals(drawScoreCard(TWO))).toBe(true);
  });

  it('fails the cards it held when it ends, and the next card starts a new thread', async () => {
    const held = expect(thread.draw(FIVE)).rejects.toThrow(/closed/);
    await thread.close();
    await held;
    expect((await thread.draw(FIVE)).equals(drawScoreCard(FIVE))).toBe(true);
  });

  it('ends once no card came for its idle time, and the next card starts it again', async () => {
    const idle = new CardThread(100);
    try {
      expect((await idle.draw(TWO)).equals(drawScoreCard(TWO))).toBe(true);
      expect(idle.started).toBe(true);
      // A card drawn before the time is up keeps it going.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await idle.draw(FIVE);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(idle.started).toBe(true);
      await vi.waitFor(() => expect(idle.started).toBe(false), { timeout: 2_000, interval: 20 });
      expect((await idle.draw(FIVE)).equals(drawScoreCard(FIVE))).toBe(true);
      expect(idle.started).toBe(true);
    } finally {
      await idle.close();
    }
  });
});
