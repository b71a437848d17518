import { performance } from 'node:perf_hooks';
import { dxfDrawing, DxfEntity, readDxf } from '@fabquote/cad';
import { provisionOrganization, TenantTransactions } from '@fabquote/database';
import { createTestUser, eventually, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi, startTestWorker } from '../../apps/test-support';
import { bookLaser } from './bench-intake';
import { median } from './bench-rating';

export const SHEET_PARTS = 50;

/**
 * A nested sheet as laser shops get it: `parts` different parts on a grid, in mm. Part i is a
 * (60 + 2i) × (40 + i) mm plate with 1 to 4 Ø(5 + i % 3) holes and, every third one, a 20 × 6 slot, so no two
 * parts are identical and each becomes its own product.
 */
export function benchSheet(parts = SHEET_PARTS): string {
  const entities: DxfEntity[] = [];
  for (let i = 0; i < parts; i++) {
    const width = 60 + 2 * i;
    const height = 40 + i;
    const x = (i % 10) * 200;
    const y = Math.floor(i / 10) * 120;
    entities.push({
      type: 'LWPOLYLINE',
      closed: true,
      vertices: [
        { x, y },
        { x: x + width, y },
        { x: x + width, y: y + height },
        { x, y: y + height },
      ],
    });
    const radius = (5 + (i % 3)) / 2;
    const corners = [
      { x: x + 10, y: y + 10 },
      { x: x + width - 10, y: y + 10 },
      { x: x + width - 10, y: y + height - 10 },
      { x: x + 10, y: y + height - 10 },
    ];
    for (const center of corners.slice(0, 1 + (i % 4))) entities.push({ type: 'CIRCLE', center, radius });
    if (i % 3 === 0) {
      const cx = x + width / 2;
      const cy = y + height / 2;
      entities.push(
        { type: 'LINE', start: { x: cx - 7, y: cy - 3 }, end: { x: cx + 7, y: cy - 3 } },
        { type: 'ARC', center: { x: cx + 7, y: cy }, radius: 3, startAngle: 270, endAngle: 90 },
        { type: 'LINE', start: { x: cx + 7, y: cy + 3 }, end: { x: cx - 7, y: cy + 3 } },
        { type: 'ARC', center: { x: cx - 7, y: cy }, radius: 3, startAngle: 90, endAngle: 270 },
      );
    }
  }
  return dxfDrawing({ unit: 'mm', entities });
}

/**
 * A sheet of 50 different parts: read by libs/cad alone, and through the whole path —
 * upload, `surveys.read-cad` (50 products with their contours and holes, checked against the shop's limits),
 * the `pricing.calculate` it emits, until every one of the 50 has a calculation — with products per second.
 */
export async function benchSheetIntake(db: TestDatabase, runs = Number(process.env.BENCH_SHEET_RUNS ?? 3)): Promise<string[]> {
  const lines: string[] = [];
  const drawing = benchSheet();
  const reads: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    readDxf(drawing);
    reads.push(performance.now() - started);
  }
  const reading = readDxf(drawing);
  if (reading.parts.length !== SHEET_PARTS) throw new Error(`the sheet read as ${reading.parts.length} parts, not ${SHEET_PARTS}`);
  const read = median(reads);
  lines.push(
    `DXF sheet of ${SHEET_PARTS} different parts (${reading.entityCount} entities, ${(drawing.length / 1024).toFixed(0)} KiB), libs/cad readDxf: median ${read.toFixed(1)} ms, ${((SHEET_PARTS * 1000) / read).toFixed(0)} parts/s`,
  );

  const organization = await provisionOrganization(db.app, { slug: 'sheet-bench', name: 'Sheet Bench GmbH' });
  const config = testConfig(db, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
  try {
    const admin = await createTestUser(api, organization, { roles: ['Administrator'] });
    const tenants = api.get(TenantTransactions);
    await bookLaser(tenants, organization.id);
    await api.listen(0, '127.0.0.1');
    const url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
    const [{ id: surveyId }] = await tenants.run(organization.id, (m) => m.query(`INSERT INTO surveys (number, title) VALUES ('SV-SHEET-1', 'Sheet bench') RETURNING id`));
    const toProducts: number[] = [];
    const toPriced: number[] = [];
    // The first run warms the API, the worker and the pricing up; the next `runs` are measured.
    for (let i = 0; i <= runs; i++) {
      const form = new FormData();
      form.append('files', new Blob([drawing]), `sheet-${i}_2mm.dxf`);
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/surveys/${surveyId}/inputs`, { method: 'POST', body: form, headers: admin.headers as Record<string, string> });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      const [{ id: inputId }] = ((await response.json()) as { data: Array<{ id: string }> }).data;
      let productsAt = 0;
      await eventually(
        async () => {
          const [row] = await tenants.run(organization.id, (m) =>
            m.query(
              `SELECT i.status, (SELECT count(*)::int FROM survey_products sp WHERE sp.survey_input_id = i.id) AS products,
                      (SELECT count(DISTINCT c.product_id)::int FROM survey_products sp JOIN calculations c ON c.product_id = sp.product_id WHERE sp.survey_input_id = i.id) AS priced
                 FROM survey_inputs i WHERE i.id = $1`,
              [inputId],
            ),
          );
          if (row.status === 'error') throw new Error(`the sheet's input failed`);
          if (!productsAt && row.products >= SHEET_PARTS) productsAt = performance.now();
          return row.priced >= SHEET_PARTS;
        },
        120_000,
        `the sheet's ${SHEET_PARTS} products priced`,
      );
      if (i === 0) continue;
      toPriced.push(performance.now() - started);
      toProducts.push(productsAt - started);
    }
    const priced = median(toPriced);
    lines.push(
      `  upload → surveys.read-cad → ${SHEET_PARTS} products: median ${median(toProducts).toFixed(0)} ms; → pricing.calculate → ${SHEET_PARTS} priced: median ${priced.toFixed(0)} ms (${runs} runs), ${((SHEET_PARTS * 1000) / priced).toFixed(1)} products/s`,
    );
  } finally {
    await Promise.all([api.close(), worker.close()]);
  }
  return lines;
}
