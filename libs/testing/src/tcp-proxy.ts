import { createConnection, createServer, Server, Socket } from 'node:net';
import { freePort } from './redis-process';

/**
 * A TCP proxy on loopback in front of a server (PostgreSQL, Redis), so a test can make that server
 * unreachable for one application (`cut`: open connections are broken, new ones refused) and
 * reachable again (`restore`), without touching the server every other suite uses.
 */
export class TcpProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target);
    await proxy.restore();
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  restore(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
