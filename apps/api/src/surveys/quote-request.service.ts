import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LETTERHEAD_SETTINGS } from '@fabquote/documents';
import { nextDocumentNumber, Organization, organizationCurrency, TenantTransactions } from '@fabquote/database';
import { Locale, Phrase, say, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, RecordNotFound } from '../common/app-exception';
import { MAX_REQUEST_FILE_BYTES } from '../common/file-type';
import { hashPageToken, newPageToken, PAGE_TOKEN } from '../common/page-token';
import { PageThrottle, PageThrottled, secondsLeft } from '../common/page-throttle';
import { optionalText, requiredText } from '../common/text-field';
import { Customers } from '../master-data';
import { quotePageSwitches } from '../settings';
import { AiProvider } from './ai';
import { QuoteRequestDto } from './quote-request.dto';
import { QuoteRequestRepository, QuoteRequestRow } from './quote-request.repository';
import { companyDomain, drawingState, MAX_QUOTE_FILES, QUOTE_REQUEST_LIMIT, quoteQuantities, quoteThickness, storedVerdict } from './quote-request.rules';
import { SurveyRepository } from './survey.repository';
import { checkedFileInputs, jobOf, UploadedSurveyFile } from './survey-files';

/** One call of the quote page: the organization of the host, the client's address, the page's language. */
export interface QuoteVisit {
  organization: Organization;
  address: string;
  locale: Locale;
}

/** The one answer for a page that is switched off, an unknown request and a wrong token. */
export class QuotePageNotFound extends RecordNotFound {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Accepted drawings, by content (the survey inputs' types). */
const ACCEPTED_TYPES = ['.dxf', '.step', '.stp', '.pdf', '.png', '.jpg', '.jpeg', '.gif', '.webp'];

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const lines = (value: unknown): string[] => (Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string' && !!line.trim()) : typeof value === 'string' && value.trim() ? value.split('\n').filter((line) => line.trim()) : []);

/**
 * The public quote-request page (docs/api-surveys.md "The quote-request page"). Every call runs in a tenant
 * transaction of its own for the organization of the host (the routes are outside the request's): a progress
 * lookup that opens nothing is recorded as a failure, committed, and only then answered with the neutral 404.
 */
@Injectable()
export class QuoteRequestService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly quotes: QuoteRequestRepository,
    private readonly surveys: SurveyRepository,
    private readonly outbox: EventOutbox,
    private readonly throttle: PageThrottle,
    private readonly ai: AiProvider,
    private readonly customers: Customers,
  ) {}

  /** What the page needs: the shop's letterhead basics, its switches, materials, limits and currency. 404 when switched off. */
  async page(visit: QuoteVisit) {
    return this.tenant.run(visit.organization.id, async (manager) => {
      const switches = await quotePageSwitches(manager);
      if (!switches.enabled) throw new QuotePageNotFound();
      const stored = await this.quotes.settings(Object.values(LETTERHEAD_SETTINGS));
      return {
        organization: {
          name: text(stored[LETTERHEAD_SETTINGS.name]) ?? visit.organization.name,
          addressLines: lines(stored[LETTERHEAD_SETTINGS.addressLines]),
          phone: text(stored[LETTERHEAD_SETTINGS.phone]),
          email: text(stored[LETTERHEAD_SETTINGS.email]),
          website: text(stored[LETTERHEAD_SETTINGS.website]),
          language: visit.organization.defaultLocale,
        },
        enabled: switches.enabled,
        instantPrices: switches.instantPrices,
        materials: await this.quotes.materials(),
        limits: { maxFiles: MAX_QUOTE_FILES, maxFileBytes: MAX_REQUEST_FILE_BYTES, accept: ACCEPTED_TYPES, maxQuantities: 20 },
        currency: await organizationCurrency(manager),
      };
    });
  }

  /**
   * Stores a request: the customer matched by the email's domain (never a free-mail one) or made, a survey from the
   * quote page with the files as its inputs (each read at once by its job), the request with its token's hash, and
   * the two mails (staff's, the customer's acknowledgement) as outbox events, all in one transaction. A filled
   * honeypot is answered like a success and stores nothing.
   */
  async submit(visit: QuoteVisit, input: QuoteRequestDto, files: UploadedSurveyFile[]) {
    return this.tenant.run(visit.organization.id, async (manager) => {
      const switches = await quotePageSwitches(manager);
      if (!switches.enabled) throw new QuotePageNotFound();
      const recent = await this.quotes.recentRequests(visit.address, QUOTE_REQUEST_LIMIT.windowMinutes);
      if (recent.count >= QUOTE_REQUEST_LIMIT.perAddress) throw new PageThrottled(secondsLeft(new Date(recent.oldest!), QUOTE_REQUEST_LIMIT.windowMinutes, new Date(recent.now)));

      const company = requiredText('company', input.company);
      const name = requiredText('name', input.name);
      const email = requiredText('email', input.email);
      const quantities = quoteQuantities(input.quantities);
      const materialText = optionalText(input.materialText);
      const material = input.materialId ? await this.quotes.materialExists(input.materialId) : undefined;
      if (input.materialId && !material) throw new FieldInvalid('materialId', 'quote_material_unknown');
      const thickness = quoteThickness(input.thickness);
      const note = optionalText(input.note);
      if (files.length === 0) throw new FieldInvalid('files', 'quote_files_required');
      // The same checks as staff's uploads (count, size, type by content), before anything is stored.
      const inputs = checkedFileInputs('', files, null, MAX_QUOTE_FILES);

      if (input.website?.trim()) return { id: randomUUID(), token: newPageToken().token, message: translate(visit.locale, 'quote_request_received') };

      const domain = companyDomain(email);
      const customerId = (domain ? await this.customers.atDomain(domain) : null) ?? (await this.customers.create({ company, contactName: name, email, language: visit.locale }));
      const number = await nextDocumentNumber(manager, 'survey');
      const surveyId = await this.quotes.insertSurvey({ number, title: `${company} – ${name}`.slice(0, 255), customerId });
      const { token, hash } = newPageToken();
      const id = await this.quotes.insert({
        surveyId,
        customerId,
        company,
        name,
        email,
        quantities,
        materialId: material?.id ?? null,
        materialText: material ? null : materialText,
        thickness,
        note,
        language: visit.locale,
        address: visit.address,
        tokenHash: hash,
      });
      for (const file of inputs) {
        const inputId = await this.surveys.insertInput({ ...file, surveyId });
        // Without an AI provider a PDF or image waits for staff, said at once rather than left waiting.
        if (file.reader === 'ai' && !this.ai.configured()) await this.surveys.restart(inputId, 'error', { key: 'ai_not_configured' });
        else await this.outbox.emit(jobOf(file), { surveyInputId: inputId, run: 1 });
      }
      await this.outbox.emit('surveys.quote-staff-mail', { quoteRequestId: id });
      await this.outbox.emit('surveys.quote-acknowledgement', { quoteRequestId: id });
      return { id, token, message: translate(visit.locale, 'quote_request_received') };
    });
  }

  /** The request's progress for its page: each drawing's state, the indicative prices as they come. A wrong key: the neutral 404, counted. */
  async progress(visit: QuoteVisit, id: unknown, token: unknown) {
    const answer = await this.tenant.run(visit.organization.id, async (manager) => {
      await this.throttle.refuseWhenThrottled(manager, 'quote', visit.address);
      const switches = await quotePageSwitches(manager);
      const wellFormed = switches.enabled && typeof id === 'string' && UUID.test(id) && typeof token === 'string' && PAGE_TOKEN.test(token);
      const request = wellFormed ? await this.quotes.opened(id as string, hashPageToken(token as string)) : undefined;
      if (!request) {
        await this.throttle.recordFailure(manager, 'quote', visit.address);
        return null;
      }
      return this.progressOf(request, visit.locale, switches.instantPrices, await organizationCurrency(manager));
    });
    if (!answer) throw new QuotePageNotFound();
    return answer;
  }

  /**
   * What staff see of a survey from the quote page (its API record's `quoteRequest`), in the reader's language; null
   * for a survey staff made. Read in the request's transaction.
   */
  async forSurvey(surveyId: string, locale: Locale) {
    const request = await this.quotes.ofSurvey(surveyId);
    if (!request) return null;
    const manager = this.quotes.manager;
    const progress = await this.progressOf(request, locale, (await quotePageSwitches(manager)).instantPrices, await organizationCurrency(manager));
    return {
      id: request.id,
      company: request.company,
      name: request.name,
      email: request.email,
      quantities: request.quantities,
      materialId: request.materialId,
      material: progress.material,
      thickness: progress.thickness,
      note: request.note,
      language: request.language,
      createdAt: request.createdAt,
      currency: progress.currency,
      indicativePrices: progress.drawings,
    };
  }

  private async progressOf(request: QuoteRequestRow, locale: Locale, instantPrices: boolean, currency: string) {
    const drawings = request.surveyId ? await this.quotes.drawings(request.surveyId) : [];
    const said = (phrase: Phrase, warnings?: Phrase[]) =>
      warnings?.length ? translate(locale, phrase.key, { ...phrase.params, warnings: warnings.map((warning) => say(locale, warning)).join('; ') }) : say(locale, phrase);
    return {
      id: request.id,
      company: request.company,
      name: request.name,
      quantities: request.quantities,
      material: request.materialName ?? request.materialText,
      thickness: request.thickness === null ? null : Number(request.thickness),
      createdAt: request.createdAt,
      instantPrices,
      currency,
      indicativeNote: translate(locale, 'quote_indicative_note'),
      drawings: drawings.map((drawing) => {
        const state = drawingState({ ...drawing, verdict: storedVerdict(request.indicativePrices[drawing.id]) });
        if (state.state === 'reading') return { id: drawing.id, fileName: drawing.fileName, state: 'reading', reason: translate(locale, 'quote_staff_reading'), parts: [] };
        if (state.state === 'staff') return { id: drawing.id, fileName: drawing.fileName, state: 'staff', reason: said(state.reason, state.warnings), parts: [] };
        return { id: drawing.id, fileName: drawing.fileName, state: 'priced', reason: null, parts: state.verdict.parts.map(({ name, count, tiers }) => ({ name, count, tiers })) };
      }),
    };
  }
}

