import { indexJobHandlers, JobHandler, JobHandlerCoverageError } from './job-handler';
import { JOB_NAMES } from './jobs';

const handler: JobHandler = { handle: async () => undefined };

describe('the startup check of job handlers', () => {
  it('accepts exactly one handler per job name', () => {
    const index = indexJobHandlers(JOB_NAMES.map((name) => ({ name, handler })));
    expect([...index.keys()].sort()).toEqual([...JOB_NAMES].sort());
  });

  it('refuses a job name without handler', () => {
    expect(() => indexJobHandlers([])).toThrow(JobHandlerCoverageError);
    expect(() => indexJobHandlers([])).toThrow('"mail.send" has no handler');
  });

  it('refuses two handlers for one job name', () => {
    const twice = [...JOB_NAMES, 'mail.send'].map((name) => ({ name, handler }));
    expect(() => indexJobHandlers(twice)).toThrow('"mail.send" has more than one handler');
  });

  it('refuses a handler for a name that is no job', () => {
    const stray = [...JOB_NAMES, 'mail.sned'].map((name) => ({ name, handler }));
    expect(() => indexJobHandlers(stray)).toThrow('"mail.sned" has a handler but is not a job name');
  });
});
