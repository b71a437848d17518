import { Platform1795219200000 } from './1795219200000-platform';
import { Identity1795219300000 } from './1795219300000-identity';
import { MasterData1795219400000 } from './1795219400000-master-data';
import { Products1795219500000 } from './1795219500000-products';
import { CalculationPrices1795219600000 } from './1795219600000-calculation-prices';
import { SessionLookup1795219700000 } from './1795219700000-session-lookup';
import { CalculationReasons1795219800000 } from './1795219800000-calculation-reasons';
import { TenantIndexes1795219900000 } from './1795219900000-tenant-indexes';
import { SignInAttempts1795220000000 } from './1795220000000-sign-in-attempts';
import { MfaConfirmation1795220100000 } from './1795220100000-mfa-confirmation';
import { PricingWarnings1795220200000 } from './1795220200000-pricing-warnings';
import { PriceStale1795220300000 } from './1795220300000-price-stale';
import { Procurement1795220400000 } from './1795220400000-procurement';
import { SupplierPageAttempts1795220500000 } from './1795220500000-supplier-page-attempts';
import { ProcurementReminders1795220600000 } from './1795220600000-procurement-reminders';
import { ProcurementAwards1795220700000 } from './1795220700000-procurement-awards';
import { OfferRatings1795220800000 } from './1795220800000-offer-ratings';
import { Orders1795220900000 } from './1795220900000-orders';
import { Dashboard1795221000000 } from './1795221000000-dashboard';
import { Surveys1795221100000 } from './1795221100000-surveys';
import { GeometryCounts1795221200000 } from './1795221200000-geometry-counts';
import { SupersededSupplierLinks1795221400000 } from './1795221400000-superseded-supplier-links';
import { OutboxRedelivery1795221500000 } from './1795221500000-outbox-redelivery';
import { SurveyWarnings1795221700000 } from './1795221700000-survey-warnings';
import { SalesDesk1795221800000 } from './1795221800000-sales-desk';
import { CompanyLogo1795300030000 } from './1795300030000-company-logo';
import { QuoteRequests1795300050000 } from './1795300050000-quote-requests';
import { OrderLines1795300010000 } from './1795300010000-order-lines';
import { CustomerOfferPage1795300040000 } from './1795300040000-customer-offer-page';
import { NewestFirst1795400061298 } from './1795400061298-newest-first';
import { OutboxWakeUp1795400100033 } from './1795400100033-outbox-wake-up';
import { NaturalOrder1795400200000 } from './1795400200000-natural-order';

/** Exported for its test: it rewrites rows written before it. */
export { CalculationPrices1795219600000, SalesDesk1795221800000, OrderLines1795300010000 };

/** The collation of people's texts, and the columns that take it (their test checks every table has it). */
export { NATURAL, NATURAL_COLUMNS, NATURAL_EXCEPT_TABLES } from './1795400200000-natural-order';

/** Every migration, in order. Listed by hand so a bundle or a rename can never skip one. */
export const MIGRATIONS = [Platform1795219200000, Identity1795219300000, MasterData1795219400000, Products1795219500000, CalculationPrices1795219600000, SessionLookup1795219700000, CalculationReasons1795219800000, TenantIndexes1795219900000, SignInAttempts1795220000000, MfaConfirmation1795220100000, PricingWarnings1795220200000, PriceStale1795220300000, Procurement1795220400000, SupplierPageAttempts1795220500000, ProcurementReminders1795220600000, ProcurementAwards1795220700000, OfferRatings1795220800000, Orders1795220900000, Dashboard1795221000000, Surveys1795221100000, GeometryCounts1795221200000, SupersededSupplierLinks1795221400000, OutboxRedelivery1795221500000, SurveyWarnings1795221700000, SalesDesk1795221800000, OrderLines1795300010000, CompanyLogo1795300030000, CustomerOfferPage1795300040000, QuoteRequests1795300050000, NewestFirst1795400061298, OutboxWakeUp1795400100033, NaturalOrder1795400200000];
