import { ChildProcess, fork, spawn, StdioOptions } from 'node:child_process';
import { join } from 'node:path';

const REGISTER = '--require';
const STDIO: StdioOptions = ['ignore', 'ignore', 'pipe', 'ipc'];

/**
 * A TypeScript entry run in a child process of its own, compiled like jest compiles it, for tests
 * that must kill a process hard (SIGKILL) and see what it leaves behind. The child may
 * `process.send(message)`; `message()` waits for the next one (failing with the child's stderr if it
 * exits first), `killHard()` sends SIGKILL and waits until the process is gone.
 */
export class TypeScriptProcess {
  private stderr = '';
  private readonly exited: Promise<void>;

  private constructor(readonly child: ChildProcess) {
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-4000)));
    this.exited = new Promise((done) => child.once('exit', () => done()));
  }

  static start(entry: string, env: Record<string, string> = {}): TypeScriptProcess {
    const child = fork(entry, [], { execArgv: [REGISTER, join(__dirname, 'register-typescript.cjs')], env: { ...process.env, ...env }, stdio: STDIO });
    return new TypeScriptProcess(child);
  }

  /** Runs `code` (JavaScript that may `require()` TypeScript files) in a child process. */
  static evaluate(code: string, env: Record<string, string> = {}): TypeScriptProcess {
    const child = spawn(process.execPath, [REGISTER, join(__dirname, 'register-typescript.cjs'), '-e', code], { env: { ...process.env, ...env }, stdio: STDIO });
    return new TypeScriptProcess(child);
  }

  get pid(): number {
    return this.child.pid as number;
  }

  message<T = unknown>(timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(() => reject(new Error(`no message from the child within ${timeoutMs} ms: ${this.stderr}`))), timeoutMs);
      const onMessage = (message: unknown) => finish(() => resolve(message as T));
      const onExit = (code: number | null, signal: string | null) =>
        finish(() => reject(new Error(`the child exited (${signal ?? code}) before sending a message: ${this.stderr}`)));
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.child.off('message', onMessage).off('exit', onExit);
        settle();
      };
      this.child.on('message', onMessage).on('exit', onExit);
    });
  }

  async killHard(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}
