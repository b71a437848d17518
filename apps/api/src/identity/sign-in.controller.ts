import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { translate } from '@fabquote/i18n';
import { clientAddress, FabquoteRequest, requireOrganization } from '../common/request-context';
import { OutsideTenant } from '../common/tenant-scope';
import { ApiReturns, ApiTooManyAttempts } from '../openapi';
import { allOf } from '../common/openapi/answer-schema';
import { Message } from '../common/openapi/error.answer';
import { Attributes, SignIn } from './identity.answer';
import { CurrentUser, Public, SignedIn, SignedInUser } from './access';
import { ForgotPasswordDto, LoginDto, MfaVerifyDto, ResetPasswordDto } from './sign-in.dto';
import { SignInService } from './sign-in.service';

/** docs/product.md §7: the sign-in calls, exactly as the admin makes them. */
@Controller('restify')
export class SignInController {
  constructor(private readonly signIn: SignInService) {}

  /** Outside the request's transaction: the service counts the attempt in a transaction of its own first. */
  @Post('login')
  @HttpCode(200)
  @Public()
  @OutsideTenant()
  @ApiReturns(SignIn)
  @ApiTooManyAttempts()
  login(@Body() input: LoginDto, @Req() request: FabquoteRequest) {
    return this.signIn.login(input, requireOrganization(request), clientAddress(request));
  }

  @Post('mfa-verify')
  @HttpCode(200)
  @Public()
  @OutsideTenant()
  @ApiReturns(SignIn)
  @ApiTooManyAttempts()
  verifyMfa(@Body() input: MfaVerifyDto, @Req() request: FabquoteRequest) {
    return this.signIn.verifyMfa(input, requireOrganization(request), clientAddress(request));
  }

  @Post('privacy-policy/accept')
  @HttpCode(200)
  @SignedIn({ beforePrivacyPolicy: true })
  @ApiReturns(Attributes)
  acceptPrivacyPolicy(@CurrentUser() user: SignedInUser) {
    return this.signIn.acceptPrivacyPolicy(user);
  }

  @Post('logout')
  @HttpCode(200)
  @SignedIn({ beforePrivacyPolicy: true })
  @ApiReturns(Message)
  async logout(@CurrentUser() user: SignedInUser, @Req() request: FabquoteRequest) {
    await this.signIn.logout(user);
    return { message: translate(request.locale, 'logged_out') };
  }

  @Post('forgotPassword')
  @HttpCode(200)
  @Public()
  @ApiReturns(Message)
  async forgotPassword(@Body() input: ForgotPasswordDto, @Req() request: FabquoteRequest) {
    await this.signIn.forgotPassword(input, request, request.organization!);
    return { message: translate(request.locale, 'forgot_password_sent') };
  }

  @Post('resetPassword')
  @HttpCode(200)
  @Public()
  @ApiReturns(allOf(Message, SignIn))
  async resetPassword(@Body() input: ResetPasswordDto, @Req() request: FabquoteRequest) {
    return { message: translate(request.locale, 'password_reset'), ...(await this.signIn.resetPassword(input)) };
  }
}
