import { CadReadError } from './errors';
import { readStep } from './read-step';
import { stepBox } from './step-writer';

/** The STEP fixtures are written by stepBox: blocks whose extents and volume are known exactly. */

async function readError(read: Promise<unknown>): Promise<CadReadError> {
  try {
    await read;
  } catch (error) {
    if (error instanceof CadReadError) return error;
    throw error;
  }
  throw new Error('expected a CadReadError');
}

describe('readStep', () => {
  it('reads a 100 × 50 × 3 mm plate: extents, thickness, volume, area', async () => {
    const reading = await readStep(Buffer.from(stepBox(100, 50, 3)));
    expect(reading.boundingBox).toEqual({ length: 100, width: 50, thickness: 3 });
    // 100 · 50 · 3 = 15,000 mm³, within 0.1 %.
    expect(Math.abs(reading.volume - 15000)).toBeLessThanOrEqual(15);
    // volume / thickness = 5,000 mm²; all faces 2·5000 + 2·300 + 2·150 = 10,900 mm².
    expect(Math.abs(reading.area - 5000)).toBeLessThanOrEqual(5);
    expect(Math.abs(reading.surfaceArea - 10900)).toBeLessThanOrEqual(11);
    expect(reading.meshCount).toBe(1);
    expect(reading.warnings).toEqual([]);
  });

  it('sorts the sides whichever axis the thickness lies along', async () => {
    const reading = await readStep(Buffer.from(stepBox(3, 120, 40)));
    expect(reading.boundingBox).toEqual({ length: 120, width: 40, thickness: 3 });
    expect(Math.abs(reading.volume - 14400)).toBeLessThanOrEqual(14.4);
  });

  it('refuses what is not STEP without waking OpenCascade, and STEP that OpenCascade cannot read', async () => {
    expect((await readError(readStep(Buffer.from('hello world')))).code).toBe('not-step');
    expect((await readError(readStep(Buffer.alloc(0)))).code).toBe('not-step');
    const broken = stepBox(100, 50, 3).replace(/DATA;[\s\S]*$/, 'DATA;\n#1=GARBAGE(\n');
    const error = await readError(readStep(Buffer.from(broken)));
    expect(error.code).toBe('not-step');
    expect(error.message).toBe('OpenCascade cannot read the STEP model');
  });

  it('refuses a STEP file without a solid', async () => {
    const empty = stepBox(100, 50, 3).replace(/DATA;[\s\S]*ENDSEC;\nEND-ISO/, "DATA;\n#1=CARTESIAN_POINT('',(0.,0.,0.));\nENDSEC;\nEND-ISO");
    // OpenCascade reports a file without a shape as one it cannot read.
    expect((await readError(readStep(Buffer.from(empty)))).code).toBe('not-step');
  });

  it('warns when the surfaces do not close (a face left out of the shell)', async () => {
    const open = stepBox(100, 50, 3).replace(/CLOSED_SHELL\('',\(#\d+,/, "CLOSED_SHELL('',(");
    const reading = await readStep(Buffer.from(open));
    expect(reading.warnings).toEqual(['the model has open surfaces: its volume is not exact']);
    expect(reading.surfaceArea).toBeCloseTo(5900, 1);
  });

  it('reads again after a file it refused', async () => {
    await readError(readStep(Buffer.from('ISO-10303-21;\nnonsense')));
    const reading = await readStep(Buffer.from(stepBox(10, 10, 10)));
    expect(Math.abs(reading.volume - 1000)).toBeLessThanOrEqual(1);
  });
});

describe('stepBox', () => {
  it('writes an ISO 10303-21 file of 6 planar faces in millimetres', () => {
    const text = stepBox(100, 50, 3);
    expect(text.startsWith('ISO-10303-21;\nHEADER;')).toBe(true);
    expect(text.match(/ADVANCED_FACE\(/g)).toHaveLength(6);
    expect(text.match(/EDGE_CURVE\(/g)).toHaveLength(12);
    expect(text).toContain('SI_UNIT(.MILLI.,.METRE.)');
    expect(text).toContain("CARTESIAN_POINT('',(100.,50.,3.))");
    expect(text.trimEnd().endsWith('END-ISO-10303-21;')).toBe(true);
  });
});
