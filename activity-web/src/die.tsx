/** Where a face's pips sit on a 3×3 grid, numbered 0-8 left to right, top to bottom. */
const PIPS: Readonly<Record<number, readonly number[]>> = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

export interface DieProps {
  readonly value: number;
  readonly index: number;
  readonly kept: boolean;
  /** Tumbles once when it was just rolled (unless the person asked for reduced motion: see CSS). */
  readonly rolling: boolean;
  readonly label: string;
  readonly onTap: (() => void) | null;
}

/** One big die: a button to keep it when it is the viewer's turn, a picture otherwise. */
export function Die({ value, index, kept, rolling, label, onTap }: DieProps) {
  const pips = PIPS[value] ?? [];
  return (
    <button
      type="button"
      class={`die${kept ? ' kept' : ''}${rolling ? ' rolling' : ''}`}
      data-die={index}
      data-value={value}
      aria-pressed={kept}
      aria-label={label}
      disabled={onTap === null}
      onClick={onTap ?? undefined}
    >
      {Array.from({ length: 9 }, (_, cell) => (
        <span key={cell} class={pips.includes(cell) ? 'pip' : 'cell'} />
      ))}
    </button>
  );
}
