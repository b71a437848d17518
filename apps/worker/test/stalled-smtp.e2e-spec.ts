import { eventually, testConfig } from '@fabquote/testing';
import { startTestWorker } from '../../test-support';
import { mailJobsBench } from './support/mail-jobs';

jest.setTimeout(60_000);

/**
 * A mail server that stops answering in the middle of a mail: the send gives up at the transport's limit
 * (libs/mail `SMTP_POOL`: well inside the 30 s PostgreSQL gives the job's transaction), the job's
 * transaction is rolled back, and the job is tried again; nothing is sent twice or lost.
 */
describe('a mail server that stops answering', () => {
  const bench = mailJobsBench();

  it('gives up on the stalled mail at the transport’s limit, rolls its job back and delivers it once on the next try, the other mails meanwhile', async () => {
    // SMTP_POOL's limits are tens of seconds; the URL shortens the silence allowed to a second (nodemailer
    // reads options from its query), so the test takes seconds. The sink takes the first mail's data and never answers.
    const config = testConfig(bench.db, { SMTP_URL: `${bench.sink.url}?socketTimeout=1000` });
    const queue = bench.mailQueue(config);
    bench.sink.stall = 1;
    await bench.started(startTestWorker(config));

    const stalled = await bench.sendMail('Stalled');
    await eventually(async () => bench.sink.stalled === 1, 20_000, 'the first mail left unanswered');
    const other = await bench.sendMail('Sent meanwhile');
    await eventually(async () => bench.mailsWith('Stalled').length > 0 && bench.mailsWith('Sent meanwhile').length > 0, 30_000, 'both mails delivered');

    expect(bench.sink.stalled).toBe(1);
    const job = await queue.getJob(stalled);
    expect(job?.returnvalue).toBe('handled');
    expect(job?.attemptsMade).toBe(2); // the try the server left hanging, and the one that delivered
    expect((job?.stacktrace ?? []).join('\n')).toMatch(/timeout/i);
    expect((await queue.getJob(other))?.attemptsMade).toBe(1);
    // Once each: the stalled try's transaction was rolled back (no ledger row), the next one committed.
    expect(bench.mailsWith('Stalled')).toHaveLength(1);
    expect(bench.mailsWith('Sent meanwhile')).toHaveLength(1);
    expect(await bench.ledger(stalled)).toHaveLength(1);
    expect(await bench.ledger(other)).toHaveLength(1);
  });
});
