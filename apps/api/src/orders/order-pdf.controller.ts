import { Controller, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../common/file-type';
import { FabquoteRequest } from '../common/request-context';
import { ActionRoute, GetRoute } from '../openapi';
import { binary } from '../common/openapi/answer-schema';
import { ErrorBody } from '../common/openapi/error.answer';
import { OrderPdfSending } from './order-pdf.answer';
import { OrderPdfs, requestedLanguage } from './order-pdf.service';
import { Id } from '../common/id-param';

const LanguageQuery = () =>
  ApiQuery({ name: 'language', required: false, schema: { type: 'string', enum: ['en', 'de'] }, description: "The document's language; default the order's `language`." });

/** An order's PDF (offer or order confirmation): downloaded, or mailed to the order's contact (docs/api-orders.md "PDF"). */
@Controller('orders')
export class OrderPdfController {
  constructor(private readonly pdfs: OrderPdfs) {}

  @GetRoute('orders.view', binary(), ':id/pdf')
  @LanguageQuery()
  @ApiProduces('application/pdf')
  async download(@Id() id: string, @Query('language') language: unknown, @Res() response: Response) {
    const { pdf, fileName } = await this.pdfs.render(id, requestedLanguage(language));
    response.setHeader('Content-Disposition', attachmentHeader(fileName));
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(pdf);
  }

  @ActionRoute('orders.update', OrderPdfSending, ':id/send-pdf')
  @LanguageQuery()
  @ApiResponse({ status: 422, description: 'No contact email (`errors.contactEmail`), or no customer and no contact name (`errors.customerId`).', schema: ErrorBody })
  send(@Id() id: string, @Query('language') language: unknown, @Req() request: FabquoteRequest) {
    return this.pdfs.send(id, requestedLanguage(language), request.locale, request.user?.id);
  }
}
