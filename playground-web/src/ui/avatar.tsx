import { UnicodeEmoji } from './unicode-emoji.js';

/** Discord's default avatar colours; a person keeps theirs, picked from their id. */
const COLOURS = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459f'];

function colourFor(id: string): string {
  const last = Number(id.slice(-3));
  return COLOURS[(Number.isFinite(last) ? last : id.length) % COLOURS.length] ?? '#5865f2';
}

/** A round avatar with the person's initial (the bot: a die), as no picture is uploaded here. */
export function Avatar({ id, name, bot, size = 40 }: { id: string; name: string; bot?: boolean; size?: number }) {
  return (
    <span
      class="avatar"
      aria-hidden="true"
      style={{
        width: `${size}px`,
        height: `${size}px`,
        fontSize: `${Math.round(size * 0.45)}px`,
        background: bot ? '#2b7a4b' : colourFor(id),
      }}
    >
      {bot ? <UnicodeEmoji emoji="🎲" /> : name.charAt(0).toUpperCase()}
    </span>
  );
}
