import { MAX_FILE_BYTES } from '../shared/files';
import {
  aiRefusal,
  audioRefusal,
  canRetry,
  canStop,
  bendsText,
  checkFiles,
  featureCount,
  fileReader,
  filesRefusal,
  firstLine,
  formatDuration,
  groupByInput,
  holesText,
  inputFormFields,
  inputLabel,
  INPUT_PROBLEMS,
  isLowConfidence,
  isMarked,
  isNotPriced,
  isUnmatched,
  markedFields,
  MAX_TEXT_LENGTH,
  needsAi,
  pollInterval,
  POLL_INTERVAL_MS,
  productChanges,
  recordingFileName,
  readingOf,
  recordingType,
  sourceView,
  warningChipCount,
  textRefusal,
  unmatchedOperations,
} from './survey-record';

const file = (name: string, type = '', size = 1000) => ({ name, type, size });

/** `extracted` as the API stores it for the plate of apps/test-support/plate-drawing.ts, `plate_3mm.dxf`. */
const DXF_READ = { width: 100, length: 200, area: 19520.4, innerContours: 1, slots: 1, holes: 4, cutLength: 771.9469, pierces: 6, thickness: 3 };
/** `extracted` of a product the AI read (libs/extraction's shape, without its confidence). */
const AI_READ = {
  name: 'Mounting plate',
  number: 'MP-100',
  quantity: 25,
  material: 'S235JR',
  thickness: 3,
  width: 100,
  length: 200,
  height: null,
  bends: [
    { length: 150, angle: 90, count: 2 },
    { length: null, angle: null, count: 1 },
  ],
  holes: [
    { diameter: 8.5, count: 4 },
    { diameter: 5, count: 1 },
  ],
  operations: ['laser cutting', 'Deburring'],
};

describe('which inputs go to the AI provider (docs/product.md §1)', () => {
  it('reads DXF and STEP without AI, PDFs and pictures with it, and knows nothing else', () => {
    expect(fileReader(file('plate.DXF'))).toBe('cad');
    expect(fileReader(file('bracket.step', 'application/octet-stream'))).toBe('cad');
    expect(fileReader(file('bracket.stp'))).toBe('cad');
    expect(fileReader(file('drawing.pdf', 'application/pdf'))).toBe('ai');
    expect(fileReader(file('photo', 'image/jpeg'))).toBe('ai');
    expect(fileReader(file('notes.txt', 'text/plain'))).toBeNull();
    expect(fileReader(file('logo.svg', 'image/svg+xml'))).toBeNull();
  });

  it('warns before a text, a recording, or files of which one is a PDF or a picture', () => {
    expect(needsAi({ kind: 'text', text: 'Ten brackets' })).toBe(true);
    expect(needsAi({ kind: 'audio', audio: file('call.webm', 'audio/webm') })).toBe(true);
    expect(needsAi({ kind: 'files', files: [file('a.dxf'), file('b.step')] })).toBe(false);
    expect(needsAi({ kind: 'files', files: [file('a.dxf'), file('b.pdf', 'application/pdf')] })).toBe(true);
  });
});

describe('checking files before they go (docs/product.md §5)', () => {
  it('leaves out files of other types or over 10 MB and says the first reason', () => {
    const big = file('big.dxf', '', MAX_FILE_BYTES + 1);
    const { accepted, problem } = checkFiles([file('a.dxf'), file('notes.txt', 'text/plain'), big, file('b.pdf', 'application/pdf')], null);
    expect(accepted.map((picked) => picked.name)).toEqual(['a.dxf', 'b.pdf']);
    expect(problem).toBe(INPUT_PROBLEMS.typeNotAccepted);
    expect(checkFiles([big], null)).toEqual({ accepted: [], problem: INPUT_PROBLEMS.tooLarge });
    expect(checkFiles([file('exactly.dxf', '', MAX_FILE_BYTES)], null).problem).toBeNull();
  });

  it('takes drawings only when no AI provider is configured or the person may not use it, and says which', () => {
    const { accepted, problem } = checkFiles([file('a.dxf'), file('b.png', 'image/png'), file('c.step')], aiRefusal(false, true));
    expect(accepted.map((picked) => picked.name)).toEqual(['a.dxf', 'c.step']);
    expect(problem).toBe(INPUT_PROBLEMS.aiNotConfigured);
    expect(checkFiles([file('b.pdf', 'application/pdf')], aiRefusal(true, false)).problem).toBe(INPUT_PROBLEMS.aiNotAllowed);
    expect(aiRefusal(true, true)).toBeNull();
  });

  it('asks for at least one file and at most 20', () => {
    expect(filesRefusal([])).toBe('fabquote.files.required');
    expect(filesRefusal([file('a.dxf')])).toBeNull();
    expect(filesRefusal(Array.from({ length: 20 }, (_, index) => file(`${index}.dxf`)))).toBeNull();
    expect(filesRefusal(Array.from({ length: 21 }, (_, index) => file(`${index}.dxf`)))).toBe(INPUT_PROBLEMS.tooManyFiles);
  });

  it("refuses a blank text with 'Please enter text to process' and one over 100,000 characters", () => {
    expect(textRefusal('')).toBe(INPUT_PROBLEMS.textRequired);
    expect(textRefusal(' \n\t ')).toBe(INPUT_PROBLEMS.textRequired);
    expect(textRefusal('10 x bracket S235 2 mm')).toBeNull();
    expect(textRefusal('x'.repeat(MAX_TEXT_LENGTH))).toBeNull();
    expect(textRefusal('x'.repeat(MAX_TEXT_LENGTH + 1))).toBe(INPUT_PROBLEMS.textTooLong);
  });

  it('takes one sound file or recording of 10 MB at most', () => {
    expect(audioRefusal(null)).toBe(INPUT_PROBLEMS.audioRequired);
    expect(audioRefusal(file('call.webm', 'audio/webm;codecs=opus'))).toBeNull();
    expect(audioRefusal(file('call.m4a', ''))).toBeNull();
    expect(audioRefusal(file('call.mp3', 'audio/mpeg', MAX_FILE_BYTES + 1))).toBe(INPUT_PROBLEMS.tooLarge);
    expect(audioRefusal(file('call.pdf', 'application/pdf'))).toBe(INPUT_PROBLEMS.audioNotAccepted);
  });

  it('sends files as repeated `files`, a text as `text` and a recording as `audio`', () => {
    const a = file('a.dxf');
    const b = file('b.pdf');
    expect(inputFormFields({ kind: 'files', files: [a, b] })).toEqual([
      ['files', a],
      ['files', b],
    ]);
    expect(inputFormFields({ kind: 'text', text: 'hello' })).toEqual([['text', 'hello']]);
    expect(inputFormFields({ kind: 'audio', audio: a })).toEqual([['audio', a]]);
  });
});

describe('the inputs table', () => {
  it('polls every 2 s while an input is Created or Processing, and stops once all are done', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval([])).toBe(false);
    expect(pollInterval([{ status: 'success' }, { status: 'error' }])).toBe(false);
    expect(pollInterval([{ status: 'success' }, { status: 'processing' }])).toBe(POLL_INTERVAL_MS);
    expect(pollInterval([{ status: 'created' }])).toBe(2000);
  });

  it('offers Stop while unfinished and Retry after an error', () => {
    expect([canStop({ status: 'created' }), canStop({ status: 'processing' }), canStop({ status: 'success' }), canStop({ status: 'error' })]).toEqual([true, true, false, false]);
    expect([canRetry({ status: 'created' }), canRetry({ status: 'processing' }), canRetry({ status: 'success' }), canRetry({ status: 'error' })]).toEqual([false, false, false, true]);
  });

  it("names an input by its file, else by its text's first line", () => {
    expect(inputLabel({ fileName: 'plate.dxf', text: null })).toBe('plate.dxf');
    expect(inputLabel({ fileName: null, text: '\n  Dear Sirs,  \nwe need 10 brackets' })).toBe('Dear Sirs,');
    expect(inputLabel({ fileName: null, text: null })).toBe('');
    expect(firstLine('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('recording in the browser', () => {
  it('asks for the first type the browser records', () => {
    expect(recordingType((type) => type === 'audio/ogg' || type === 'audio/mp4')).toBe('audio/ogg');
    expect(recordingType(() => false)).toBe('');
  });

  it('names the recording by its time, ending by its type', () => {
    const at = new Date(2026, 2, 31, 14, 7);
    expect(recordingFileName('audio/webm;codecs=opus', at)).toBe('recording-2026-03-31-1407.webm');
    expect(recordingFileName('audio/ogg', at)).toBe('recording-2026-03-31-1407.ogg');
    expect(recordingFileName('audio/mp4', at)).toBe('recording-2026-03-31-1407.m4a');
    expect(recordingFileName('', at)).toBe('recording-2026-03-31-1407.webm');
  });

  it('shows the time as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.7)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('the review', () => {
  const inputs = [{ id: 'i1' }, { id: 'i2' }, { id: 'i3' }];
  const product = (id: string, surveyInputId: string, position: number) => ({ id, surveyInputId, position });

  it("groups the products under their inputs in the inputs' order, by position, and leaves out inputs without products", () => {
    const groups = groupByInput([product('c', 'i3', 0), product('b', 'i1', 1), product('a', 'i1', 0)], inputs);
    expect(groups.map((group) => [group.input?.id, group.products.map((made) => made.id)])).toEqual([
      ['i1', ['a', 'b']],
      ['i3', ['c']],
    ]);
  });

  it('keeps the products of a deleted input, last', () => {
    const groups = groupByInput([product('x', 'gone', 0), product('a', 'i2', 0)], inputs);
    expect(groups.map((group) => [group.input?.id ?? null, group.products.map((made) => made.id)])).toEqual([
      ['i2', ['a']],
      [null, ['x']],
    ]);
  });

  it('marks the shown fields read with low confidence, under their extraction names', () => {
    const row = { lowConfidence: ['width', 'material'] };
    expect(isLowConfidence(row, 'blankWidth')).toBe(true);
    expect(isLowConfidence(row, 'materialId')).toBe(true);
    expect(isLowConfidence(row, 'blankLength')).toBe(false);
    expect(isLowConfidence({ lowConfidence: [] }, 'name')).toBe(false);
    expect(isUnmatched({ unmatched: ['material'] }, 'material')).toBe(true);
    expect(isUnmatched({ unmatched: [] }, 'material')).toBe(false);
  });

  it("marks a drawing's figures under the names the API gives their confidence", () => {
    // A DXF's thickness from its file name: 0.5, so the API names it low.
    const drawing = { lowConfidence: ['thickness'], unmatched: [], extracted: DXF_READ };
    expect(markedFields(drawing)).toEqual(['thickness']);
    expect(isLowConfidence({ lowConfidence: ['contours'] }, 'cutLength')).toBe(true);
    expect(isLowConfidence({ lowConfidence: ['holes'] }, 'pierces')).toBe(true);
  });

  it('marks operations read unsure or matching none of the organization\'s, and a material matching none', () => {
    const row = { lowConfidence: ['operations'], unmatched: ['material', 'operation:Deburring'], extracted: AI_READ };
    expect(markedFields(row)).toEqual(['materialId', 'operations']);
    expect([...unmatchedOperations(row)]).toEqual(['Deburring']);
    expect(isMarked({ lowConfidence: [], unmatched: ['operation:Deburring'] }, 'operations')).toBe(true);
    // A field the layout does not show (an AI product's height) does not ask for a check.
    expect(markedFields({ lowConfidence: ['height'], unmatched: [], extracted: AI_READ })).toEqual([]);
  });

  it('reads a DXF\'s figures, a STEP\'s and an AI product\'s from `extracted`', () => {
    expect(readingOf(DXF_READ)).toEqual({ kind: 'drawing', ...DXF_READ });
    expect(readingOf({ length: 120, width: 80, thickness: 2, volume: 19200, area: 20000 })).toEqual({ kind: 'solid', length: 120, width: 80, thickness: 2, volume: 19200, area: 20000 });
    const product = readingOf(AI_READ);
    expect(product).toMatchObject({ kind: 'product', name: 'Mounting plate', quantity: 25, material: 'S235JR', operations: ['laser cutting', 'Deburring'] });
    // Missing or mistyped values are not guessed.
    expect(readingOf({ cutLength: '771', holes: 4 })).toMatchObject({ kind: 'drawing', cutLength: null, holes: 4, width: null });
    expect(readingOf(null)).toMatchObject({ kind: 'product', name: null, holes: [], bends: [], operations: [] });
    expect(readingOf({ name: 'X', holes: 'many', operations: ['a', 3, ''] })).toMatchObject({ holes: [], operations: ['a'] });
  });

  it('writes holes and bends for people', () => {
    const figure = (value: number) => String(value);
    expect(holesText(readingOf(AI_READ), figure)).toBe('4 × Ø8.5, 1 × Ø5');
    expect(bendsText(readingOf(AI_READ), figure)).toBe('2 × 90° (150 mm), 1');
    expect(holesText(readingOf(DXF_READ), figure)).toBe('4');
    expect(bendsText(readingOf(DXF_READ), figure)).toBeNull();
    expect(holesText(readingOf({ name: 'Flat', holes: [] }), figure)).toBeNull();
  });

  it('counts holes and bends by their counts', () => {
    expect(featureCount({ holes: [{ diameter: 8, count: 4 }, { diameter: 5 }] }, 'holes')).toBe(5);
    expect(featureCount({ bends: [] }, 'bends')).toBe(0);
    expect(featureCount({}, 'bends')).toBeNull();
    expect(featureCount(null, 'holes')).toBeNull();
  });

  it('shows a DXF as its drawing, PDFs and pictures as they are, texts and recordings as text', () => {
    const base = { kind: 'file' as const, contentType: null, hasPreview: false, text: null };
    expect(sourceView({ ...base, contentType: 'image/vnd.dxf', hasPreview: true })).toBe('drawing');
    expect(sourceView({ ...base, contentType: 'application/pdf' })).toBe('pdf');
    expect(sourceView({ ...base, contentType: 'image/png' })).toBe('image');
    expect(sourceView({ ...base, contentType: 'model/step' })).toBe('none');
    expect(sourceView({ ...base, kind: 'text', text: 'hi' })).toBe('text');
    expect(sourceView({ ...base, kind: 'audio', contentType: 'audio/webm' })).toBe('audio');
  });

  it('sends the edited product fields, empty ones as null', () => {
    expect(productChanges({ name: ' Bracket ', number: 'B-1', materialId: '', thickness: 2, blankWidth: null, status: 'ready', extra: 1 })).toEqual({
      name: 'Bracket',
      number: 'B-1',
      materialId: null,
      thickness: 2,
      blankWidth: null,
      blankLength: null,
    });
  });
});

describe('warnings and plausibility in the console', () => {
  it('shows a warning chip only for a survey with warnings', () => {
    expect(warningChipCount({ warningCount: 0 })).toBeNull();
    expect(warningChipCount({ warningCount: 3 })).toBe(3);
  });

  it('says "not priced" for a flagged product until it has a calculation', () => {
    expect(isNotPriced({ notPriced: true }, { latestCalculationIndex: null })).toBe(true);
    expect(isNotPriced({ notPriced: true }, undefined)).toBe(true);
    expect(isNotPriced({ notPriced: true }, { latestCalculationIndex: 0 })).toBe(false);
    expect(isNotPriced({ notPriced: false }, { latestCalculationIndex: null })).toBe(false);
  });
});
