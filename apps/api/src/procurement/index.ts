// The procurement area's public surface: its module for the API, its jobs' module for the worker.
export { ProcurementJobsModule, ProcurementModule } from './procurement.module';
