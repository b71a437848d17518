import { Body, Controller, Get, HttpCode, Param, Post, Req, StreamableFile } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { FabquoteRequest } from '../../common/request-context';
import { attachmentHeader } from '../../common/file-type';
import { OutsideTenant } from '../../common/tenant-scope';
import { Public } from '../../identity';
import { ApiReturns } from '../../openapi';
import { binary } from '../../common/openapi/answer-schema';
import { ErrorBody } from '../../common/openapi/error.answer';
import { OfferSubmitted, QuestionAsked, SupplierPage } from './supplier-page.answer';
import { pageVisit } from './supplier-access';
import { AskQuestionDto, SubmitOfferDto } from './supplier-page.dto';
import { SupplierPageService } from './supplier-page.service';


const ApiThrottled = () =>
  ApiResponse({
    status: 429,
    description: 'Too many failed lookups from this address (20 in 15 minutes), or submissions and questions (30 an hour): `too_many_requests`, `Retry-After`.',
    schema: ErrorBody,
  });

/**
 * The supplier's public page: no sign-in, the personal link is the key. Outside the request's
 * transaction: the service opens its own, so that a failed lookup is counted although it answers 404.
 */
@Controller('pub/purchase-requests/:id/:supplierId')
@ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
@ApiParam({ name: 'supplierId', schema: { type: 'string', format: 'uuid' } })
@ApiQuery({
  name: 'token',
  required: true,
  schema: { type: 'string' },
  description: 'The token of the supplier\'s latest mail about this request, or of an earlier one while the supplier has submitted no offer since it was replaced.',
})
@ApiResponse({
  status: 410,
  description: 'The link was replaced by a newer mail and the supplier has submitted an offer since: `supplier_link_replaced`, saying a newer link was mailed.',
  schema: ErrorBody,
})
export class SupplierPageController {
  constructor(private readonly page: SupplierPageService) {}

  @Get()
  @Public()
  @OutsideTenant()
  @ApiReturns(SupplierPage)
  @ApiThrottled()
  document(@Req() request: FabquoteRequest) {
    return this.page.document(pageVisit(request));
  }

  @Get('files/:fileId')
  @Public()
  @OutsideTenant()
  @ApiProduces('application/octet-stream')
  @ApiReturns(binary())
  @ApiThrottled()
  async file(@Param('fileId') fileId: string, @Req() request: FabquoteRequest) {
    const file = await this.page.file(pageVisit(request), fileId);
    return new StreamableFile(file.content, { type: file.contentType, disposition: attachmentHeader(file.fileName), length: file.content.length });
  }

  @Post('offers')
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiReturns(OfferSubmitted, 201)
  @ApiResponse({ status: 409, description: 'After the deadline or a close: `submission_not_allowed`.', schema: ErrorBody })
  @ApiThrottled()
  submitOffer(@Body() input: SubmitOfferDto, @Req() request: FabquoteRequest) {
    return this.page.submitOffer(pageVisit(request), input);
  }

  @Post('questions')
  @HttpCode(201)
  @Public()
  @OutsideTenant()
  @ApiReturns(QuestionAsked, 201)
  @ApiResponse({ status: 409, description: 'After the deadline or a close: `questions_not_allowed`.', schema: ErrorBody })
  @ApiThrottled()
  ask(@Body() input: AskQuestionDto, @Req() request: FabquoteRequest) {
    return this.page.ask(pageVisit(request), input);
  }
}
