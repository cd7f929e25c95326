import { splitId } from '../format';

/** A tool id as text: the server dimmed, the tool name readable. Untrusted: never HTML. */
export function ToolName({ id }: { id: string }) {
  const { server, name } = splitId(id);
  return (
    <span className="sim-tool" title={id}>
      {server ? <span className="sim-tool-server">{server}/</span> : null}
      <span className="sim-tool-name">{name}</span>
    </span>
  );
}
