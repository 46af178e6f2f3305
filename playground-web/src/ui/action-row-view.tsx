import type { APIActionRowComponent, APIComponentInMessageActionRow } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { ButtonView } from './button-view.js';
import { SelectView } from './select-view.js';

/** One row of buttons (wrapping on a narrow screen, as Discord's phone client does) or one select. */
export function ActionRowView({
  row,
  messageId,
}: {
  row: APIActionRowComponent<APIComponentInMessageActionRow>;
  messageId: string;
}) {
  return (
    <div class="action-row">
      {row.components.map((component, index) =>
        component.type === ComponentType.Button ? (
          <ButtonView key={index} button={component} messageId={messageId} />
        ) : (
          <SelectView key={index} select={component} messageId={messageId} />
        ),
      )}
    </div>
  );
}
