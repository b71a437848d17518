import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Req,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { translate } from '@fabquote/i18n';
import { MultipartUpload } from '../common/multipart-upload';
import { FabquoteRequest } from '../common/request-context';
import { ApiReturns } from '../openapi';
import { allOf, binary } from '../common/openapi/answer-schema';
import { Message } from '../common/openapi/error.answer';
import { Attributes, MfaSetup, ProfileDocument } from './identity.answer';
import { CurrentUser, Public, SignedIn, SignedInUser } from './access';
import { CountsProofAttempts } from './proof-attempts';
import { MfaDisableDto, MfaEnableDto, MfaProofDto, UpdateProfileDto } from './profile.dto';
import { ProfileService, UploadedImage } from './profile.service';
import { Id } from '../common/id-param';

@Controller('restify/profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @SignedIn({ beforePrivacyPolicy: true })
  @ApiReturns(ProfileDocument)
  get(@CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    return this.profile.document(user.id, request.organization!);
  }

  @Post()
  @HttpCode(200)
  @SignedIn()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiReturns(allOf(Message, ProfileDocument))
  // Listed above the file interceptor, so it runs after it: a multipart body is read by then.
  @CountsProofAttempts()
  @UseInterceptors(MultipartUpload({ files: [{ name: 'avatar', maxCount: 1, tooMany: 'one_file_at_a_time', tooLarge: 'avatar_too_large' }] }))
  async update(
    @CurrentUser() user: SignedInUser,
    @Body() input: UpdateProfileDto,
    @UploadedFiles() parts: { avatar?: UploadedImage[] } | undefined,
    @Req() request: FabquoteRequest,
  ) {
    const document = await this.profile.update(user, input, parts?.avatar?.[0], request.organization!);
    const locale = input.language_code ?? request.locale;
    return { message: translate(locale, 'profile_updated'), ...document };
  }

  @Post('mfa/setup')
  @HttpCode(200)
  @SignedIn()
  @ApiReturns(MfaSetup)
  @CountsProofAttempts()
  setUpMfa(@CurrentUser() user: SignedInUser, @Body() proof: MfaProofDto, @Req() request: FabquoteRequest) {
    return this.profile.setUpMfa(user, proof, request.organization!);
  }

  @Post('mfa/enable')
  @HttpCode(200)
  @SignedIn()
  @ApiReturns(Attributes)
  @CountsProofAttempts()
  enableMfa(@CurrentUser() user: SignedInUser, @Body() input: MfaEnableDto) {
    return this.profile.enableMfa(user, input);
  }

  @Post('mfa/disable')
  @HttpCode(200)
  @SignedIn()
  @ApiReturns(Attributes)
  @CountsProofAttempts()
  disableMfa(@CurrentUser() user: SignedInUser, @Body() input: MfaDisableDto) {
    return this.profile.disableMfa(user, input);
  }
}

/** Avatars load in <img> tags, which send no bearer token; the file id is random and the tenant policy applies. */
@Controller('avatars')
export class AvatarController {
  constructor(private readonly profile: ProfileService) {}

  @Get(':fileId')
  @Public()
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiReturns(binary())
  async get(@Id('fileId') fileId: string, @Res() response: Response) {
    const { contentType, content } = await this.profile.avatar(fileId);
    response.setHeader('Cache-Control', 'private, max-age=86400');
    response.type(contentType).send(content);
  }
}
