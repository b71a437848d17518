import type { Asset } from '../api/contracts';

/** An asset (machine) as /assets answers: the API's contract. */
export type AssetRecord = Asset;
