import { createConnection, createServer, Server, Socket } from 'node:net';
import { freePort } from './redis-process';

/**
 * A TCP proxy on loopback in front of a server (PostgreSQL, Redis, SMTP), so a test can make that server
 * unreachable for one application (`cut`: open connections are broken, new ones refused) and
 * reachable again (`restore`), or slow: with `delayMs` a connection reaches the server only after that
 * long (never, with Infinity), without touching the server every other suite uses.
 */
export class TcpProxy {
  private server?: Server;
  /** The clients' connections, open now. */
  private readonly clients = new Set<Socket>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
    private readonly delayMs: number,
  ) {}

  static async start(target: { host: string; port: number }, { delayMs = 0 } = {}): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target, delayMs);
    await proxy.restore();
    return proxy;
  }

  /** How many clients are connected. */
  connections(): number {
    return this.clients.size;
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
    const track = (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    };
    const server = createServer((client) => {
      track(client);
      this.clients.add(client);
      client.on('close', () => this.clients.delete(client));
      const forward = () => {
        if (client.destroyed) return;
        const upstream = createConnection(this.target);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      };
      if (this.delayMs === 0) forward();
      else if (this.delayMs !== Infinity) setTimeout(forward, this.delayMs);
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
