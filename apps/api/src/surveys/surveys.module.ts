import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '@fabquote/mail';
import { MasterDataServicesModule } from '../master-data';
import { ProductServicesModule } from '../products';
import { AiProvider } from './ai';
import { Survey, SurveyInput, SurveyProduct } from './survey.entity';
import { SURVEY_INPUT_HANDLERS } from './survey-input.handlers';
import { SurveyProductWriter } from './survey-product.writer';
import { SurveyRepository } from './survey.repository';
import { SurveyInputsController, SurveyProductsController, SurveysController } from './surveys.controller';
import { SurveysService } from './surveys.service';
import { PageThrottle } from '../common/page-throttle';
import { QuoteRequestController } from './quote-request.controller';
import { QUOTE_REQUEST_HANDLERS } from './quote-request.handlers';
import { QuoteRequestRepository } from './quote-request.repository';
import { QuoteRequestService } from './quote-request.service';

const ENTITIES = [Survey, SurveyInput, SurveyProduct];

/**
 * Surveys (docs/api-surveys.md): customer inquiries and the drawings, texts and recordings put into
 * them, read into products by the jobs of `SurveysJobsModule`. Hand-written, not `RecordSpec`s: an
 * input is a multipart upload with a lifecycle (created → processing → success or error, stopped,
 * tried again), and the products come from jobs. The public quote-request page lives here too: a request is a survey
 * from the quote page, its files the survey's inputs with the same checks and jobs (docs/api-surveys.md).
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES), ProductServicesModule, MasterDataServicesModule],
  controllers: [SurveysController, SurveyInputsController, SurveyProductsController, QuoteRequestController],
  providers: [SurveyRepository, SurveysService, AiProvider, QuoteRequestRepository, QuoteRequestService, PageThrottle],
})
export class SurveysModule {}

/**
 * Surveys' jobs, run by the worker: drawings read without AI, texts and files through the AI provider, recordings into
 * text; and the quote page's (its mails, the indicative prices of its drawings), which work with the surveys' data.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ENTITIES), ProductServicesModule, MasterDataServicesModule, MailModule],
  providers: [SurveyRepository, SurveyProductWriter, AiProvider, QuoteRequestRepository, ...SURVEY_INPUT_HANDLERS, ...QUOTE_REQUEST_HANDLERS],
})
export class SurveysJobsModule {}
