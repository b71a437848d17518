import { PasswordCheckGate, passwordCheckLimits, PasswordChecksBusy } from './password-checks';

/** A check the test finishes itself: `done()` resolves it. */
function heldCheck() {
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  return { run: () => finished.then(() => true), done };
}

describe('PasswordCheckGate', () => {
  it('runs as many checks as it has slots, queues the next ones, and refuses the rest at once', async () => {
    const gate = new PasswordCheckGate({ running: 1, waiting: 2, waitingFirst: 1 });
    const order: string[] = [];
    const first = heldCheck();
    const running = gate.run(() => first.run().then(() => order.push('first')));
    const queued = [gate.run(async () => order.push('second')), gate.run(async () => order.push('third'))];
    expect(gate.load).toEqual({ running: 1, waiting: 2, inside: 0 });
    await expect(gate.run(async () => order.push('refused'))).rejects.toBeInstanceOf(PasswordChecksBusy);
    first.done();
    await Promise.all([running, ...queued]);
    expect(order).toEqual(['first', 'second', 'third']);
    expect(gate.load).toEqual({ running: 0, waiting: 0, inside: 0 });
  });

  it('hands a freed slot to a check with priority before the others, though it came last', async () => {
    const gate = new PasswordCheckGate({ running: 1, waiting: 2, waitingFirst: 1 });
    const order: string[] = [];
    const first = heldCheck();
    const all = [
      gate.run(() => first.run().then(() => order.push('running'))),
      gate.run(async () => order.push('other 1')),
      gate.run(async () => order.push('other 2')),
      gate.run(async () => order.push('known'), true),
    ];
    // The others' queue is full, the priority lane still has room; then it is full too.
    await expect(gate.run(async () => order.push('known 2'), true)).rejects.toBeInstanceOf(PasswordChecksBusy);
    first.done();
    await Promise.all(all);
    expect(order).toEqual(['running', 'known', 'other 1', 'other 2']);
  });

  it('admits at most running + waiting callers per lane before their checks, and lets one in for each that left', () => {
    const gate = new PasswordCheckGate({ running: 1, waiting: 2, waitingFirst: 4 });
    const leaves = [gate.enter(), gate.enter(), gate.enter()];
    let refused: unknown;
    try {
      gate.enter();
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(PasswordChecksBusy);
    expect((refused as PasswordChecksBusy).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The priority lane is bounded on its own.
    const known = Array.from({ length: 5 }, () => gate.enter(true));
    expect(() => gate.enter(true)).toThrow(PasswordChecksBusy);
    leaves[0]();
    leaves[0](); // leaving twice frees one place only
    const again = gate.enter();
    expect(() => gate.enter()).toThrow(PasswordChecksBusy);
    [again, ...leaves.slice(1), ...known].forEach((leave) => leave());
    expect(gate.load).toEqual({ running: 0, waiting: 0, inside: 0 });
  });

  it('frees its slot when a check fails', async () => {
    const gate = new PasswordCheckGate({ running: 1, waiting: 0, waitingFirst: 0 });
    await expect(gate.run(() => Promise.reject(new Error('broken hash')))).rejects.toThrow('broken hash');
    await expect(gate.run(async () => 'checked')).resolves.toBe('checked');
  });

  it('checks on half the cores by default, with 8 waiting and 32 with priority per slot', () => {
    expect(passwordCheckLimits(2)).toEqual({ running: 2, waiting: 16, waitingFirst: 64 });
    expect(passwordCheckLimits().running).toBeGreaterThanOrEqual(1);
  });
});
