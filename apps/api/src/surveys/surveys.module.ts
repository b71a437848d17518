import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiProvider } from './ai';
import { Survey, SurveyInput, SurveyProduct } from './survey.entity';
import { SURVEY_INPUT_HANDLERS } from './survey-input.handlers';
import { SurveyProductWriter } from './survey-product.writer';
import { SurveyRepository } from './survey.repository';
import { SurveyInputsController, SurveyProductsController, SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';

const ENTITIES = [Survey, SurveyInput, SurveyProduct];

/**
 * Surveys (docs/api-surveys.md): customer inquiries and the drawings, texts and recordings put into
 * them, read into products by the jobs of `SurveysJobsModule`. Hand-written, not `RecordSpec`s: an
 * input is a multipart upload with a lifecycle (created → processing → success or error, stopped,
 * tried again), and the products come from jobs.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES)],
  controllers: [SurveysController, SurveyInputsController, SurveyProductsController],
  providers: [SurveyRepository, SurveysService, AiProvider],
})
export class SurveysModule {}

/** Surveys' jobs, run by the worker: drawings read without AI, texts and files through the AI provider, recordings into text. */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES)],
  providers: [SurveyRepository, SurveyProductWriter, AiProvider, ...SURVEY_INPUT_HANDLERS],
})
export class SurveysJobsModule {}
