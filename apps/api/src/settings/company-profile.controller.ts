import { Body, Controller, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { MultipartUpload, UploadedPart } from '../common/multipart-upload';
import { FabquoteRequest } from '../common/request-context';
import { DeleteRoute, GetRoute, UpdateRoute } from '../openapi';
import { binary } from '../common/openapi/answer-schema';
import { CompanyProfile } from './company-profile.answer';
import { UpdateCompanyProfileDto } from './company-profile.dto';
import { CompanyProfileService } from './company-profile.service';

/** The company profile and its logo (docs/api-identity.md "Company profile"): read with `settings.view`, changed with `settings.manage`. */
@Controller('company-profile')
export class CompanyProfileController {
  constructor(private readonly profile: CompanyProfileService) {}

  @GetRoute('settings.view', CompanyProfile, '')
  get(@Req() request: FabquoteRequest) {
    return this.profile.get(request.organization!);
  }

  @UpdateRoute('settings.manage', CompanyProfile, '')
  update(@Body() input: UpdateCompanyProfileDto, @Req() request: FabquoteRequest) {
    return this.profile.update(input, request.organization!, request.locale);
  }

  @GetRoute('settings.view', binary(), 'logo')
  @ApiProduces('image/png', 'image/jpeg')
  async logo(@Res() response: Response) {
    const { contentType, content } = await this.profile.logo();
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.type(contentType).send(content);
  }

  @UpdateRoute('settings.manage', CompanyProfile, 'logo')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(MultipartUpload({ files: [{ name: 'logo', maxCount: 1, tooMany: 'one_file_at_a_time', tooLarge: 'logo_too_large' }] }))
  putLogo(@UploadedFiles() parts: { logo?: UploadedPart[] } | undefined, @Req() request: FabquoteRequest) {
    return this.profile.putLogo(parts?.logo?.[0], request.organization!, request.locale);
  }

  @DeleteRoute('settings.manage', CompanyProfile, 'logo')
  removeLogo(@Req() request: FabquoteRequest) {
    return this.profile.removeLogo(request.organization!, request.locale);
  }
}
