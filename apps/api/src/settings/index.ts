export { SettingsModule } from './settings.module';
export { DEFAULT_RATING_WEIGHTS_VALUE, OFFER_RATING_WEIGHTS, ratingWeights } from './offer-rating-weights';
export { VAT_RATE, vatRate } from './vat-rate';
export { checkedSetting, SETTING_KINDS, settingKind, TIME_ZONE } from './setting-kinds';
export { companyLogo, DEFAULT_OFFER_VALIDITY_DAYS, orderDefaults, profileReplyTo } from './company-profile.service';
