/** An asset (machine) as /assets answers. */
export interface AssetRecord {
  id: string;
  name: string;
  fabNumber: string | null;
  quickSelect: boolean | null;
  calculateByTime: boolean | null;
  timeModel: 'laser-cutting' | 'bending' | null;
  handlingSeconds: number | null;
  createdAt: string;
  updatedAt: string;
}
