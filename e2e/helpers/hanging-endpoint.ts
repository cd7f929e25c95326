import net from 'node:net';

/**
 * A model endpoint that accepts connections and never answers: runs aimed at it stay in flight until they
 * are cancelled, whatever the machine's speed. close() drops the open sockets and stops listening.
 */
export async function hangingEndpoint(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
