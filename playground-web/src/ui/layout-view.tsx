import type {
  APIComponentInContainer,
  APIMediaGalleryComponent,
  APIMessageTopLevelComponent,
  APISectionComponent,
  APISeparatorComponent,
} from 'discord-api-types/v10';
import { ComponentType, SeparatorSpacingSize } from 'discord-api-types/v10';
import { type AttachmentRef, mediaUrl } from '../lib/media-url.js';
import { ActionRowView } from './action-row-view.js';
import { ButtonView } from './button-view.js';
import { colourOf } from './embed-view.js';
import { MarkdownView } from './markdown-view.js';
import { FileBox, MediaView } from './media-view.js';

interface Where {
  readonly messageId: string;
  readonly attachments: readonly (AttachmentRef & { size?: number; content_type?: string })[];
}

/**
 * Components V2 (message flag 1<<15): the message is its components — containers with an accent
 * bar, sections with a button or thumbnail beside their text, text, separators, media galleries,
 * files, and action rows anywhere among them.
 */
export function LayoutView({
  components,
  where,
}: {
  components: readonly APIMessageTopLevelComponent[];
  where: Where;
}) {
  return (
    <div class="cv2">
      {components.map((component, index) => (
        <LayoutComponentView key={index} component={component} where={where} />
      ))}
    </div>
  );
}

function LayoutComponentView({
  component,
  where,
}: {
  component: APIMessageTopLevelComponent | APIComponentInContainer;
  where: Where;
}) {
  switch (component.type) {
    case ComponentType.ActionRow:
      return <ActionRowView row={component} messageId={where.messageId} />;
    case ComponentType.TextDisplay:
      return (
        <div class="cv2-text">
          <MarkdownView text={component.content} />
        </div>
      );
    case ComponentType.Section:
      return <SectionView section={component} where={where} />;
    case ComponentType.Separator:
      return <SeparatorView separator={component} />;
    case ComponentType.MediaGallery:
      return <GalleryView gallery={component} where={where} />;
    case ComponentType.File: {
      const url = mediaUrl(component.file.url, where.attachments);
      const attachment = where.attachments.find((candidate) => mediaUrl(candidate.url) === url);
      return (
        <div class={component.spoiler ? 'cv2-file spoiler-file' : 'cv2-file'}>
          <FileBox
            name={component.name ?? attachment?.filename ?? component.file.url.split('/').pop() ?? 'file'}
            size={component.size ?? attachment?.size}
            url={url}
          />
        </div>
      );
    }
    case ComponentType.Container: {
      const colour = colourOf(component.accent_color);
      return (
        <div
          class={`cv2-container${colour ? ' accented' : ''}${component.spoiler ? ' spoiler-container' : ''}`}
          style={colour ? { borderLeftColor: colour } : undefined}
        >
          {component.components.map((child, index) => (
            <LayoutComponentView key={index} component={child} where={where} />
          ))}
        </div>
      );
    }
    default:
      return null;
  }
}

function SectionView({ section, where }: { section: APISectionComponent; where: Where }) {
  const { accessory } = section;
  return (
    <div class="cv2-section">
      <div class="cv2-section-text">
        {section.components.map((text, index) => (
          <div class="cv2-text" key={index}>
            <MarkdownView text={text.content} />
          </div>
        ))}
      </div>
      <div class="cv2-accessory">
        {accessory.type === ComponentType.Button ? (
          <ButtonView button={accessory} messageId={where.messageId} />
        ) : (
          <MediaView
            className="cv2-thumbnail"
            url={mediaUrl(accessory.media.url, where.attachments)}
            description={accessory.description}
            spoiler={accessory.spoiler}
          />
        )}
      </div>
    </div>
  );
}

function SeparatorView({ separator }: { separator: APISeparatorComponent }) {
  const large = separator.spacing === SeparatorSpacingSize.Large;
  const divider = separator.divider !== false;
  return <hr class={`cv2-separator ${large ? 'large' : 'small'}${divider ? ' divider' : ''}`} />;
}

function GalleryView({ gallery, where }: { gallery: APIMediaGalleryComponent; where: Where }) {
  const count = Math.min(gallery.items.length, 10);
  return (
    <div class={`cv2-gallery count-${count}`}>
      {gallery.items.slice(0, 10).map((item, index) => (
        <MediaView
          key={index}
          className="cv2-gallery-item"
          url={mediaUrl(item.media.url, where.attachments)}
          description={item.description}
          spoiler={item.spoiler}
          contentType={item.media.content_type ?? undefined}
        />
      ))}
    </div>
  );
}
