import { performance } from 'node:perf_hooks';
import { dxfDrawing, DxfEntity, readDxf } from '@fabquote/cad';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { createTestUser, eventually, startOpenAiServer, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../apps/test-support';
import { median } from './bench-rating';

/**
 * A drawing of `entities` entities: a 1,000 × 600 mm plate (four lines) and a grid of Ø5 holes, every
 * tenth of them a 20 × 5 slot (two lines, two arcs), as nested parts' drawings come.
 */
export function benchDrawing(entities = 1000): string {
  const drawn: DxfEntity[] = [
    { type: 'LINE', start: { x: 0, y: 0 }, end: { x: 1000, y: 0 } },
    { type: 'LINE', start: { x: 1000, y: 0 }, end: { x: 1000, y: 600 } },
    { type: 'LINE', start: { x: 1000, y: 600 }, end: { x: 0, y: 600 } },
    { type: 'LINE', start: { x: 0, y: 600 }, end: { x: 0, y: 0 } },
  ];
  for (let n = 0; drawn.length < entities; n += 1) {
    const x = 20 + (n % 40) * 24;
    const y = 20 + Math.floor(n / 40) * 22;
    if (n % 10 === 9 && drawn.length + 4 <= entities) {
      drawn.push(
        { type: 'LINE', start: { x: x - 7.5, y: y - 2.5 }, end: { x: x + 7.5, y: y - 2.5 } },
        { type: 'ARC', center: { x: x + 7.5, y }, radius: 2.5, startAngle: 270, endAngle: 90 },
        { type: 'LINE', start: { x: x + 7.5, y: y + 2.5 }, end: { x: x - 7.5, y: y + 2.5 } },
        { type: 'ARC', center: { x: x - 7.5, y }, radius: 2.5, startAngle: 90, endAngle: 270 },
      );
    } else {
      drawn.push({ type: 'CIRCLE', center: { x, y }, radius: 2.5 });
    }
  }
  return dxfDrawing({ entities: drawn });
}

/**
 * Intake: a DXF of 1,000 entities read (libs/cad alone), and from upload to a priced product
 * through the API, the `surveys.read-cad` job and the `pricing.calculate` it emits; and extraction jobs
 * per second against the local OpenAI-compatible server (the real SDK, the worker's concurrency of 4).
 */
/**
 * A laser as the shop books it (a product's line with its rates), with a cutting rate for any material: what a
 * product read from a drawing is priced on (the intake and the sheet bench).
 */
export async function bookLaser(tenants: TenantTransactions, organizationId: string): Promise<void> {
  await tenants.run(organizationId, async (m) => {
    const [{ id: laser }] = await m.query(`INSERT INTO assets (name, quick_select, calculate_by_time, time_model) VALUES ('Laser', true, true, 'laser-cutting') RETURNING id`);
    await m.query(`INSERT INTO asset_cutting_rates (asset_id, cut_speed, pierce_time) VALUES ($1, 4000, 0.8)`, [laser]);
    const [{ id: template }] = await m.query(`INSERT INTO products (name, number) VALUES ('Template', 'T-1') RETURNING id`);
    await m.query(`INSERT INTO product_operations (product_id, sorting, asset_id, hourly_rate, program_time, program_rate) VALUES ($1, 10, $2, 120, 10, 80)`, [template, laser]);
  });
}

export async function benchIntake(db: TestDatabase, jobs = Number(process.env.BENCH_EXTRACTIONS ?? 200)): Promise<string[]> {
  const lines: string[] = [];
  const drawing = benchDrawing(1000);
  const reads: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    readDxf(drawing);
    reads.push(performance.now() - started);
  }
  const reading = readDxf(drawing);
  lines.push(`DXF of 1,000 entities (${reading.holes.length} holes, ${reading.innerContours.length} slots), libs/cad readDxf: median ${median(reads).toFixed(1)} ms`);

  const ai = await startOpenAiServer();
  const organization = await provisionOrganization(db.app, { slug: 'intake-bench', name: 'Intake Bench GmbH' });
  const config = testConfig(db, { ...ai.environment, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
  try {
    const admin = await createTestUser(api, organization, { roles: ['Administrator'] });
    const tenants = api.get(TenantTransactions);
    await bookLaser(tenants, organization.id);
    await api.listen(0, '127.0.0.1');
    const url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
    const [{ id: surveyId }] = await tenants.run(organization.id, (m) => m.query(`INSERT INTO surveys (number, title) VALUES ('SV-BENCH-1', 'Bench') RETURNING id`));
    const priced: number[] = [];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('files', new Blob([drawing]), `nest-${i}_2mm.dxf`);
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/surveys/${surveyId}/inputs`, { method: 'POST', body: form, headers: admin.headers as Record<string, string> });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const [{ id: inputId }] = ((await response.json()) as { data: Array<{ id: string }> }).data;
      await eventually(
        async () => {
          const [row] = await tenants.run(organization.id, (m) =>
            m.query(`SELECT count(c.id)::int AS calculations FROM survey_products sp JOIN calculations c ON c.product_id = sp.product_id WHERE sp.survey_input_id = $1`, [inputId]),
          );
          return row.calculations > 0;
        },
        60_000,
        'the drawing priced',
      );
      priced.push(performance.now() - started);
    }
    lines.push(`  upload → surveys.read-cad → product with ${reading.holes.length} holes and ${reading.innerContours.length + 1} contours → pricing.calculate → calculation: median ${median(priced).toFixed(0)} ms`);

    // Extraction: `jobs` text inputs queued in one transaction, each a call to the local server and a product written.
    const outbox = new EventOutbox(tenants);
    const started = performance.now();
    await tenants.run(organization.id, async (m) => {
      const ids: Array<{ id: string }> = await m.query(
        `INSERT INTO survey_inputs (survey_id, kind, reader, text) SELECT $1, 'text', 'ai', 'Please quote 25 mounting plates, inquiry ' || n FROM generate_series(1, $2) n RETURNING id`,
        [surveyId, jobs],
      );
      for (const { id } of ids) await outbox.emit('surveys.extract', { surveyInputId: id, run: 1 });
    });
    await eventually(
      async () => {
        const [row] = await tenants.run(organization.id, (m) => m.query(`SELECT count(*)::int AS done FROM survey_inputs WHERE kind = 'text' AND status IN ('success', 'error')`));
        return row.done >= jobs;
      },
      300_000,
      'the extractions',
    );
    const seconds = (performance.now() - started) / 1000;
    const [{ failed }] = await tenants.run(organization.id, (m) => m.query(`SELECT count(*)::int AS failed FROM survey_inputs WHERE kind = 'text' AND status = 'error'`));
    lines.push(`extraction against the local OpenAI-compatible server, ${jobs} text inputs (outbox → queue extraction → SDK call → checked → product written): ${(jobs / seconds).toFixed(1)} jobs/s, ${failed} failed`);
  } finally {
    await Promise.all([api.close(), worker.close()]);
    await ai.close();
  }
  return lines;
}
