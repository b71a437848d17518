import { Module } from '@nestjs/common';
import { CompanyProfileController } from './company-profile.controller';
import { CompanyProfileService } from './company-profile.service';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** The shop's settings (`mail-sender-name`, `quantity-tiers`, …) and its company profile (the letterhead's settings and the logo). */
@Module({
  controllers: [SettingsController, CompanyProfileController],
  providers: [SettingsService, CompanyProfileService],
})
export class SettingsModule {}
