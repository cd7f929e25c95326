import { JsonView } from '@/components/ui/json-view';
import { isObject } from './schema-plan';

const RASTER = /^image\/(png|jpeg|gif|webp)$/;

function Block({ block }: { block: Record<string, unknown> }) {
  const str = (k: string) => (typeof block[k] === 'string' ? (block[k] as string) : undefined);
  switch (block.type) {
    case 'text':
      return <pre className="srv-text-block">{str('text')}</pre>;
    case 'image': {
      const mime = str('mimeType') ?? '';
      const data = str('data') ?? '';
      // Raster images only: an <img> never runs script, and SVG is not worth the doubt.
      return RASTER.test(mime) ? (
        <img className="srv-image-block" src={`data:${mime};base64,${data}`} alt={`Image returned by the tool (${mime})`} />
      ) : (
        <p className="muted">Image ({mime || 'unknown type'}, {Math.round((data.length * 3) / 4)} bytes), not displayed.</p>
      );
    }
    case 'audio':
      return <p className="muted">Audio ({str('mimeType') ?? 'unknown type'}), not played here.</p>;
    case 'resource_link':
      return (
        <p>
          Resource link: <code>{str('uri')}</code> {str('name') ? `(${str('name')})` : null}
        </p>
      );
    case 'resource': {
      const resource = isObject(block.resource) ? block.resource : {};
      return (
        <div>
          <p>
            Embedded resource: <code>{typeof resource.uri === 'string' ? resource.uri : '?'}</code>
          </p>
          {typeof resource.text === 'string' ? <pre className="srv-text-block">{resource.text}</pre> : null}
        </div>
      );
    }
    default:
      return <JsonView value={block} label="Content block" />;
  }
}

/** The content blocks of a CallToolResult, all as text or inert media. */
export function ContentBlocks({ content }: { content: unknown }) {
  if (!Array.isArray(content) || content.length === 0) return <p className="muted">No content blocks.</p>;
  return (
    <ol className="srv-blocks" aria-label="Content blocks">
      {content.map((block, i) => (
        <li key={i}>{isObject(block) ? <Block block={block} /> : <JsonView value={block} />}</li>
      ))}
    </ol>
  );
}
