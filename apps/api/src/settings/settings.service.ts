import { Injectable } from '@nestjs/common';
import { postgresRefusal, Setting, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { FieldInvalid, FieldTaken, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { OFFER_RATING_WEIGHTS } from './offer-rating-weights';
import { CreateSettingDto, UpdateSettingDto } from './setting.dto';
import { checkedSetting, PART_MAX_THICKNESS, PART_MIN_THICKNESS } from './setting-kinds';

export const LIST: ListSpec = {
  sortable: { slug: 'setting.slug', createdAt: 'setting.created_at', updatedAt: 'setting.updated_at' },
  filters: { slug: 'setting.slug' },
  searchable: ['setting.slug', 'setting.value'],
  defaultSort: 'slug',
};

/**
 * The shop's settings. No query here filters by organization: row-level security
 * does, inside the request's tenant transaction.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
  ) {}

  private get settings() {
    return this.tenant.manager().getRepository(Setting);
  }

  list(query: Record<string, unknown>): Promise<Page<Setting>> {
    return readPage(this.settings.createQueryBuilder('setting'), parseListRequest(query, LIST), LIST);
  }

  async get(id: string): Promise<Setting> {
    const setting = await this.settings.findOneBy({ id });
    if (!setting) throw new RecordNotFound();
    return setting;
  }

  async create(input: CreateSettingDto): Promise<Setting> {
    const value = checkedSetting(input.slug, input.value);
    await this.thicknessesInOrder(input.slug, value);
    const saved = await this.uniqueSlug(() => this.settings.insert({ slug: input.slug, value }));
    await this.changed(input.slug);
    return this.get(saved.identifiers[0].id as string);
  }

  async update(id: string, input: UpdateSettingDto): Promise<Setting> {
    const setting = await this.get(id);
    // A setting is found by its key (the code reads `quantity-tiers`, `vat-rate`, …): renaming one would
    // quietly drop it. A new key is a new setting.
    if (input.slug !== undefined && input.slug !== setting.slug) throw new FieldInvalid('slug', 'setting_slug_fixed');
    const value = checkedSetting(setting.slug, input.value ?? setting.value);
    await this.thicknessesInOrder(setting.slug, value);
    await this.settings.update({ id }, { value });
    await this.changed(setting.slug);
    return this.get(id);
  }

  async remove(id: string): Promise<Setting> {
    const setting = await this.get(id);
    await this.settings.delete({ id });
    await this.changed(setting.slug);
    return setting;
  }

  /**
   * The part limits' thickness range: a minimum above the stored maximum, or a maximum below the
   * stored minimum, is a 422 on `value` (`part_thickness_order`). A limit not stored or not a number is no bound.
   */
  private async thicknessesInOrder(slug: string, value: unknown): Promise<void> {
    const other = slug === PART_MIN_THICKNESS ? PART_MAX_THICKNESS : slug === PART_MAX_THICKNESS ? PART_MIN_THICKNESS : null;
    if (!other || typeof value !== 'string') return;
    const stored = (await this.settings.findOneBy({ slug: other }))?.value;
    const bound = typeof stored === 'string' ? Number(stored.trim().replace(',', '.')) : NaN;
    if (!Number.isFinite(bound) || bound <= 0) return;
    const [min, max] = slug === PART_MIN_THICKNESS ? [Number(value), bound] : [bound, Number(value)];
    if (min > max) throw new FieldInvalid('value', 'part_thickness_order', { min, max });
  }

  /** New offer-rating weights re-rate the open purchase requests (one event; its job fans out per request). */
  private async changed(slug: string): Promise<void> {
    if (slug === OFFER_RATING_WEIGHTS) await this.outbox.emit('procurement.rate-offers', {});
  }

  private async uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (postgresRefusal(error)?.constraint === 'settings_slug_unique') {
        throw new FieldTaken('slug', 'setting_slug_taken');
      }
      throw error;
    }
  }
}
