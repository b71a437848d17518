export { SettingsModule } from './settings.module';
export { DEFAULT_RATING_WEIGHTS_VALUE, OFFER_RATING_WEIGHTS, ratingWeights } from './offer-rating-weights';
export { VAT_RATE, vatRate } from './vat-rate';
export { checkedSetting, SETTING_KINDS, settingKind, TIME_ZONE } from './setting-kinds';
export { companyLogo, DEFAULT_OFFER_VALIDITY_DAYS, orderDefaults, profileReplyTo, readSettings } from './company-profile.service';
export { quotePageSwitches, settingSwitch } from './quote-page-settings';
export { QUOTE_INSTANT_PRICES, QUOTE_PAGE_ENABLED } from './setting-kinds';
export { LETTERHEAD_FIELDS } from './company-profile.answer';
