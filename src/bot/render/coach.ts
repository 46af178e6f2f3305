import { currentDice, type Die, type GameState, isCategoryId, rerollsLeft, sheetTotal } from '../../game/index.js';
import { ROW_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import {
  analyseGame,
  COSTLY_LOSS,
  type DecisionReview,
  type KeepChoice,
  type PlayerAnalysis,
  rankKeeps,
  rankRows,
} from '../../strategy/index.js';
import { type DiceFaces, diceText } from './dice-faces.js';
import { COLOURS, layoutMessage, type PrivateCard, text } from './message.js';
import { playerName } from './names.js';
import { PART } from './parts.js';

const ALTERNATIVES = 4;
/**
 * Where the analysis stops listing decisions: a message holds 4,000 characters of text in all, and
 * the summary of every player and the footer need room after the list.
 */
const ANALYSIS_LENGTH = 3000;

function usedRows(state: GameState, playerId: string) {
  return Object.keys(state.sheets[playerId] ?? {}).filter(isCategoryId);
}

/** Kept faces in words: "6-6". */
function keptText(kept: readonly Die[]): string {
  return kept.join('-');
}

/** The exact solver's advice for the player to act: what to keep, or which row to take. */
export function renderHint(state: GameState, tr: Translator, faces: DiceFaces): PrivateCard | string {
  const seat = state.seats[state.currentSeat];
  if (!seat || !state.turn) return tr.t('hint.nothing');
  const dice = currentDice(state.turn);
  const banked = sheetTotal(state.sheets[seat.playerId] ?? {});
  const used = usedRows(state, seat.playerId);
  const left = rerollsLeft(state);
  const shown = diceText(dice, faces);
  const total = (expected: number) => tr.decimal(banked + expected);
  const lines: string[] = [];
  if (left > 0) {
    const ranked = rankKeeps(state.rules, used, dice, left);
    const best = ranked[0];
    if (best) {
      const expected = total(best.expected);
      if (best.stands) lines.push(tr.t('hint.stand', { dice: shown, expected }));
      else if (best.kept.length === 0) lines.push(tr.t('hint.reroll-all', { expected }));
      else lines.push(tr.t('hint.keep', { kept: keptText(best.kept), expected }));
    }
    lines.push('', tr.t('hint.keep-alternatives'));
    for (const keep of ranked.slice(0, ALTERNATIVES)) {
      const what = keep.stands
        ? tr.t('hint.option-stand')
        : keep.kept.length === 0
          ? tr.t('hint.option-reroll-all')
          : tr.t('hint.option-keep', { kept: keptText(keep.kept) });
      lines.push(`• ${what}: ${total(keep.expected)}`);
    }
  } else {
    const ranked = rankRows(state.rules, used, dice);
    const best = ranked[0];
    if (best) {
      lines.push(
        tr.t('hint.score', { row: tr.t(ROW_NAME[best.category]), count: best.points, expected: total(best.expected) }),
      );
    }
    lines.push('', tr.t('hint.row-alternatives'));
    for (const row of ranked.slice(0, ALTERNATIVES)) {
      lines.push(`• ${tr.t(ROW_NAME[row.category])}: ${tr.integer(row.points)} · ${total(row.expected)}`);
    }
  }
  return layoutMessage(COLOURS.info, [
    text(`### ${tr.t('hint.title', { dice: shown })}`, PART.title),
    text(lines.join('\n'), PART.body),
    text(`-# ${tr.t('hint.footer')}`, PART.footer),
  ]);
}

function keepDone(choice: KeepChoice, tr: Translator): string {
  if (choice.stands) return tr.t('analysis.did-stand');
  if (choice.kept.length === 0) return tr.t('analysis.did-reroll-all');
  return tr.t('analysis.did-keep', { kept: keptText(choice.kept) });
}

function keepAdvised(choice: KeepChoice, tr: Translator): string {
  if (choice.stands) return tr.t('analysis.should-stand');
  if (choice.kept.length === 0) return tr.t('analysis.should-reroll-all');
  return tr.t('analysis.should-keep', { kept: keptText(choice.kept) });
}

/** "Round 5 (6-6-2): kept 2; best was to keep 6-6, −2.3", from the review's data. */
export function describeDecision(decision: DecisionReview, tr: Translator): string {
  let did: string;
  let should: string;
  if (decision.kind === 'keep') {
    did = keepDone(decision.chosen, tr);
    should = keepAdvised(decision.best, tr);
  } else {
    const { chosen, best } = decision;
    did = tr.t('analysis.did-score', { count: chosen.points, row: tr.t(ROW_NAME[chosen.category]) });
    should = tr.t('analysis.should-score', { count: best.points, row: tr.t(ROW_NAME[best.category]) });
  }
  return tr.t('analysis.decision', {
    round: decision.round,
    dice: decision.dice.join('-'),
    did,
    should,
    loss: tr.decimal(decision.loss),
  });
}

function summaryLine(state: GameState, player: PlayerAnalysis, tr: Translator): string {
  return tr.t('analysis.player', {
    player: playerName(state, player.playerId, tr),
    total: player.total,
    skill: tr.signed(-player.skillLoss),
    luck: tr.signed(player.luck),
  });
}

/** Points lost against optimal play, decision by decision, for the asking player; a summary for all. */
export function renderAnalysis(state: GameState, playerId: string, tr: Translator): PrivateCard {
  const analyses = analyseGame(state);
  const mine = analyses.find((player) => player.playerId === playerId);
  const costly = (mine?.decisions ?? []).filter((decision) => decision.loss >= COSTLY_LOSS);
  const description: string[] = [];
  if (mine) {
    const figures = {
      optimal: tr.decimal(mine.optimalExpected),
      total: mine.total,
      skill: tr.signed(-mine.skillLoss),
      luck: tr.signed(mine.luck),
      forfeited: tr.signed(-mine.forfeited),
    };
    description.push(tr.t(mine.forfeited > 0 ? 'analysis.summary-forfeited' : 'analysis.summary', figures), '');
    if (costly.length === 0) description.push(tr.t('analysis.all-optimal'));
    else {
      description.push(tr.t('analysis.costly'));
      let length = description.join('\n').length;
      for (const decision of costly) {
        const text = describeDecision(decision, tr);
        if (length + text.length > ANALYSIS_LENGTH) {
          description.push('…');
          break;
        }
        description.push(`• ${text}`);
        length += text.length + 3;
      }
    }
    description.push('');
  }
  description.push(tr.t('analysis.everyone'), ...analyses.map((player) => summaryLine(state, player, tr)));
  return layoutMessage(COLOURS.info, [
    text(`### ${tr.t('analysis.title')}`, PART.title),
    text(description.join('\n'), PART.body),
    text(`-# ${tr.t('analysis.footer')}`, PART.footer),
  ]);
}
