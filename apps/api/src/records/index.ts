// Shared infrastructure for plain records (docs/architecture.md, "Persistence"): declare a RecordSpec,
// turn it into a resource with recordsController, import RecordsModule in the area's module.
export { RecordsModule } from './records.module';
export { bodyClass, NUMBER_MAX } from './record-spec';
export type { FieldKind, FieldSpec, RecordSpec } from './record-spec';
export { permissionFor, recordsController } from './records.controller';
export type { RecordsOptions } from './records.controller';
export { RecordsService } from './records.service';
export type { RecordRow, RecordRule } from './records.service';
