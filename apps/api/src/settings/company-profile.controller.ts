import { Body, Controller, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { MultipartUpload, UploadedPart } from '../common/multipart-upload';
import { FabquoteRequest } from '../common/request-context';
import { ApiSchemas, DeleteRoute, GetRoute, UpdateRoute } from '../openapi';
import { UpdateCompanyProfileDto } from './company-profile.dto';
import { CompanyProfileService } from './company-profile.service';

const text = { type: 'string', nullable: true } as const;

export const COMPANY_PROFILE_SCHEMAS: Record<string, SchemaObject> = {
  CompanyProfile: {
    type: 'object',
    description: "The shop's letterhead, reach, tax and bank details, time zone, currency and the defaults of new orders; `name` null: the organization's name.",
    properties: {
      name: text,
      organizationName: { type: 'string' },
      addressLines: { type: 'array', items: { type: 'string' } },
      phone: text,
      email: text,
      website: text,
      vatId: text,
      taxNumber: text,
      bankName: text,
      iban: text,
      bic: text,
      timeZone: { type: 'string', example: 'Europe/Berlin' },
      currency: { type: 'string', example: 'EUR' },
      paymentTerms: text,
      shippingTerms: text,
      offerValidityDays: { type: 'integer', minimum: 1, maximum: 365 },
      replyTo: text,
      logo: {
        type: 'object',
        nullable: true,
        properties: {
          contentType: { type: 'string', enum: ['image/png', 'image/jpeg'] },
          width: { type: 'integer' },
          height: { type: 'integer' },
          size: { type: 'integer' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
        required: ['contentType', 'width', 'height', 'size', 'updatedAt'],
      },
      message: { type: 'string', description: 'After a change: "Company profile saved", "Logo saved", "Logo removed".' },
    },
    required: ['name', 'organizationName', 'addressLines', 'phone', 'email', 'website', 'vatId', 'taxNumber', 'bankName', 'iban', 'bic', 'timeZone', 'currency', 'paymentTerms', 'shippingTerms', 'offerValidityDays', 'replyTo', 'logo'],
  },
};

/** The company profile and its logo (docs/api-identity.md "Company profile"): read with `settings.view`, changed with `settings.manage`. */
@Controller('company-profile')
@ApiSchemas(COMPANY_PROFILE_SCHEMAS)
export class CompanyProfileController {
  constructor(private readonly profile: CompanyProfileService) {}

  @GetRoute('settings.view', 'CompanyProfile', '')
  get(@Req() request: FabquoteRequest) {
    return this.profile.get(request.organization!);
  }

  @UpdateRoute('settings.manage', 'CompanyProfile', '')
  update(@Body() input: UpdateCompanyProfileDto, @Req() request: FabquoteRequest) {
    return this.profile.update(input, request.organization!, request.locale);
  }

  @GetRoute('settings.view', { type: 'string', format: 'binary' }, 'logo')
  @ApiProduces('image/png', 'image/jpeg')
  async logo(@Res() response: Response) {
    const { contentType, content } = await this.profile.logo();
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.type(contentType).send(content);
  }

  @UpdateRoute('settings.manage', 'CompanyProfile', 'logo')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(MultipartUpload({ files: [{ name: 'logo', maxCount: 1, tooMany: 'one_file_at_a_time', tooLarge: 'logo_too_large' }] }))
  putLogo(@UploadedFiles() parts: { logo?: UploadedPart[] } | undefined, @Req() request: FabquoteRequest) {
    return this.profile.putLogo(parts?.logo?.[0], request.organization!, request.locale);
  }

  @DeleteRoute('settings.manage', 'CompanyProfile', 'logo')
  removeLogo(@Req() request: FabquoteRequest) {
    return this.profile.removeLogo(request.organization!, request.locale);
  }
}
