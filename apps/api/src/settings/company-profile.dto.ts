import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { TEXT_MAX_LENGTH } from '../common/text-field';

/** At most so many address lines (street, "zip city", country, …). */
export const MAX_ADDRESS_LINES = 6;
/** Default payment and shipping terms may be a sentence or two. */
const TERMS_MAX_LENGTH = 1000;

const Text = (maxLength = TEXT_MAX_LENGTH) => (target: object, property: string) => {
  IsOptional()(target, property);
  IsString({ message: 'must_be_text' })(target, property);
  MaxLength(maxLength, { message: 'too_long', context: { maxLength } })(target, property);
};

/**
 * The company profile as written (PUT /company-profile): every field may be left out (kept as it is) or
 * null/blank (cleared; time zone and currency cannot be). Each field is a setting and is checked by its
 * kind (setting-kinds.ts): the IBAN by its checksum, the BIC, email and web address by their form, the time
 * zone as an IANA zone, the currency as an ISO 4217 code, the validity as whole days from 1 to 365.
 */
export class UpdateCompanyProfileDto {
  /** The legal name on the letterhead; none: the organization's name. */
  @Text()
  name?: string | null;

  /** Street, "zip city", country: one line each. */
  @IsOptional()
  @IsArray({ message: 'setting_list' })
  @ArrayMaxSize(MAX_ADDRESS_LINES, { message: 'address_too_many_lines', context: { max: MAX_ADDRESS_LINES } })
  @IsString({ each: true, message: 'must_be_text' })
  @MaxLength(TEXT_MAX_LENGTH, { each: true, message: 'too_long', context: { maxLength: TEXT_MAX_LENGTH } })
  addressLines?: string[] | null;

  @Text()
  phone?: string | null;

  @Text()
  email?: string | null;

  @Text()
  website?: string | null;

  @Text()
  vatId?: string | null;

  @Text()
  taxNumber?: string | null;

  @Text()
  bankName?: string | null;

  @Text()
  iban?: string | null;

  @Text()
  bic?: string | null;

  /** IANA, e.g. Europe/Berlin. */
  @Text()
  timeZone?: string | null;

  /** ISO 4217, e.g. EUR. */
  @Text()
  currency?: string | null;

  /** What a new order's payment terms are unless given. */
  @Text(TERMS_MAX_LENGTH)
  paymentTerms?: string | null;

  /** What a new order's shipping terms are unless given. */
  @Text(TERMS_MAX_LENGTH)
  shippingTerms?: string | null;

  /** Days a new offer is valid (1–365; none: 30), as a whole number or its text. */
  @Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value))
  @Text()
  offerValidityDays?: string | null;

  /** Where customers' replies to offer mails go; none: the sending user's address. */
  @Text()
  replyTo?: string | null;
}
