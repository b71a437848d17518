import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { MultipartUpload } from '../common/multipart-upload';
import { clientAddress, FabquoteRequest, requireOrganization } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { Public } from '../identity';
import { ApiReturns } from '../openapi';
import { ErrorBody } from '../common/openapi/error.answer';
import { QuotePage, QuoteProgress, QuoteRequestReceived } from './quote-request.answer';
import { QuoteRequestDto } from './quote-request.dto';
import { MAX_QUOTE_FILES } from './quote-request.rules';
import { QuoteRequestService, QuoteVisit } from './quote-request.service';
import { UploadedSurveyFile } from './survey-files';


const ApiNeutral404 = () => ApiResponse({ status: 404, description: 'The page is switched off, or the request and token open nothing: `not_found`.', schema: ErrorBody });

const visitOf = (request: FabquoteRequest): QuoteVisit => ({ organization: requireOrganization(request), address: clientAddress(request), locale: request.locale });

interface UploadedParts {
  files?: UploadedSurveyFile[];
}

/**
 * The public quote-request page: no sign-in, the organization by host. Outside the request's transaction: the
 * service opens its own, so that a failed progress lookup is counted although it answers 404.
 */
@Controller('pub/quote')
export class QuoteRequestController {
  constructor(private readonly quotes: QuoteRequestService) {}

  @Get()
  @Public()
  @OutsideTenant()
  @ApiReturns(QuotePage)
  @ApiNeutral404()
  page(@Req() request: FabquoteRequest) {
    return this.quotes.page(visitOf(request));
  }

  @Post()
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiConsumes('multipart/form-data')
  @ApiReturns(QuoteRequestReceived, 201)
  @ApiNeutral404()
  @ApiResponse({ status: 429, description: 'More than 5 requests an hour from this address: `too_many_requests`, `Retry-After`.', schema: ErrorBody })
  @UseInterceptors(MultipartUpload({ files: [{ name: 'files', maxCount: MAX_QUOTE_FILES, tooMany: 'quote_too_many_files' }], textBytes: 64 * 1024 }))
  submit(@Body() input: QuoteRequestDto, @UploadedFiles() parts: UploadedParts | undefined, @Req() request: FabquoteRequest) {
    return this.quotes.submit(visitOf(request), input, parts?.files ?? []);
  }

  @Get(':id')
  @Public()
  @OutsideTenant()
  @ApiQuery({ name: 'token', required: true, schema: { type: 'string' }, description: 'The token of `POST /pub/quote`\'s answer.' })
  @ApiReturns(QuoteProgress)
  @ApiNeutral404()
  @ApiResponse({ status: 429, description: 'Too many failed lookups from this address (20 in 15 minutes): `too_many_requests`, `Retry-After`.', schema: ErrorBody })
  progress(@Param('id') id: string, @Query('token') token: unknown, @Req() request: FabquoteRequest) {
    return this.quotes.progress(visitOf(request), id, token);
  }
}
