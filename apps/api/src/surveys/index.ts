// The surveys area's public surface: its modules.
export { SurveysJobsModule, SurveysModule } from './surveys.module';
