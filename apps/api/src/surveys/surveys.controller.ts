import { Body, Controller, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../common/file-type';
import { MultipartUpload } from '../common/multipart-upload';
import { FabquoteRequest } from '../common/request-context';
import { CurrentUser, SignedInUser } from '../identity';
import { ActionRoute, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../openapi';
import { binary } from '../common/openapi/answer-schema';
import { Survey, SurveyAiStatus, SurveyDetail, SurveyInput, SurveyInputsAdded, SurveyProduct } from './survey.answer';
import { AddSurveyInputsDto, CreateSurveyDto, UpdateSurveyDto } from './survey.dto';
import { INPUTS_LIST, MAX_FILES_AT_ONCE, MAX_TEXT_LENGTH, SURVEY_PRODUCTS_LIST, SURVEYS_LIST, SurveysService, UploadedSurveyFile } from './surveys.service';
import { Id } from '../common/id-param';


interface UploadedParts {
  files?: UploadedSurveyFile[];
  audio?: UploadedSurveyFile[];
}

/** Customer inquiries read into products (docs/api-surveys.md). */
@Controller('surveys')
export class SurveysController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', Survey, listOf(SURVEYS_LIST))
  list(@Query() query: Record<string, unknown>) {
    return this.surveys.list(query);
  }

  /** Whether an AI provider is configured, and the warning to show before anything goes to it. */
  @GetRoute('surveys.view', SurveyAiStatus, 'ai-status')
  aiStatus(@Req() request: FabquoteRequest) {
    return this.surveys.aiStatus(request.locale);
  }

  @GetRoute('surveys.view', SurveyDetail)
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.show(id, request.locale);
  }

  @CreateRoute('surveys.create', Survey)
  create(@Body() input: CreateSurveyDto, @CurrentUser() user: SignedInUser) {
    return this.surveys.create(input, user.id);
  }

  @UpdateRoute('surveys.update', Survey)
  update(@Id() id: string, @Body() input: UpdateSurveyDto) {
    return this.surveys.update(id, input);
  }

  @DeleteRoute('surveys.delete', Survey)
  remove(@Id() id: string) {
    return this.surveys.remove(id);
  }

  @CreateRoute('surveys.update', SurveyInputsAdded, ':id/inputs')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(
    MultipartUpload({
      files: [
        { name: 'files', maxCount: MAX_FILES_AT_ONCE, tooMany: 'survey_too_many_files' },
        { name: 'audio', maxCount: 1, tooMany: 'survey_one_recording' },
      ],
      // 100,000 characters of up to four bytes each.
      textBytes: 4 * MAX_TEXT_LENGTH,
      tooLongText: { field: 'text', key: 'text_too_long' },
    }),
  )
  addInputs(@Id() id: string, @Body() input: AddSurveyInputsDto, @UploadedFiles() parts: UploadedParts | undefined, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.surveys.addInputs(id, { files: parts?.files ?? [], audio: parts?.audio ?? [], text: input.text }, user, request.locale);
  }
}

/** A survey's inputs with their processing results (filter `surveyId`). */
@Controller('survey-inputs')
export class SurveyInputsController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', SurveyInput, listOf(INPUTS_LIST))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.surveys.inputs(query, request.locale);
  }

  @GetRoute('surveys.view', SurveyInput)
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.input(id, request.locale);
  }

  @GetRoute('surveys.view', binary(), ':id/content')
  @ApiProduces('application/octet-stream')
  async content(@Id() id: string, @Res() response: Response) {
    const file = await this.surveys.content(id);
    response.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(file.content);
  }

  /** A DXF's drawing as SVG (no scripts: made by libs/cad, served with a policy that runs none). */
  @GetRoute('surveys.view', binary(), ':id/preview')
  @ApiProduces('image/svg+xml')
  async preview(@Id() id: string, @Res() response: Response) {
    const svg = await this.surveys.preview(id);
    response.setHeader('Content-Type', 'image/svg+xml');
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(svg);
  }

  @ActionRoute('surveys.update', SurveyInput, ':id/stop')
  stop(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.stopInput(id, request.locale);
  }

  @ActionRoute('surveys.update', SurveyInput, ':id/retry')
  retry(@Id() id: string, @CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.surveys.retryInput(id, user, request.locale);
  }

  @DeleteRoute('surveys.update', SurveyInput)
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.removeInput(id, request.locale);
  }
}

/** What each input made, with what was read (filter `surveyId`, `surveyInputId`, `productId`); the review drops what it does not want. */
@Controller('survey-products')
export class SurveyProductsController {
  constructor(private readonly surveys: SurveysService) {}

  @ListRoute('surveys.view', SurveyProduct, listOf(SURVEY_PRODUCTS_LIST))
  list(@Query() query: Record<string, unknown>, @Req() request: FabquoteRequest) {
    return this.surveys.surveyProducts(query, request.locale);
  }

  @GetRoute('surveys.view', SurveyProduct)
  get(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.surveyProduct(id, request.locale);
  }

  /** Drops the survey product and the product it made (409 `survey_product_in_use` once an order, a purchase request or an assembly uses it). */
  @DeleteRoute('surveys.update', SurveyProduct)
  remove(@Id() id: string, @Req() request: FabquoteRequest) {
    return this.surveys.dropSurveyProduct(id, request.locale);
  }
}
