import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Forward connections (the initial state). */
  start(): Promise<void>;
  /** Stop listening and cut every open connection: to the pool, the database is gone. */
  stop(): Promise<void>;
  /** Accept connections but never forward a byte: a database that hangs. */
  blackhole(): Promise<void>;
  close(): Promise<void>;
};

/** A TCP proxy to host:port, to take a database away from a pool (and give it back) without touching the server. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'blackhole' = 'forward';
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    for (const s of sockets) s.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    start: async () => {
      mode = 'forward';
      if (!server.listening) await listen();
    },
    stop: cut,
    blackhole: async () => {
      await cut();
      mode = 'blackhole';
      await listen();
    },
    close: cut,
  };
}
