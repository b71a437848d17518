import { Injectable } from '@nestjs/common';
import { loadPriceData } from '@fabquote/calculations';
import { organizationCurrency, TenantTransactions } from '@fabquote/database';
import { decimalParam, Locale, MessageKey, translate } from '@fabquote/i18n';
import { materialPriceInEffect, MaterialPriceInEffect } from '@fabquote/pricing';
import { RecordNotFound } from '../common/app-exception';
import { CatalogueRepository } from './catalogue.repository';

/** The price in effect with its currency and unit, as the material has them, and why in the reader's language. */
export type MaterialPriceInEffectAnswer = MaterialPriceInEffect & { currency: string; priceUnit: string; date: string; reason: string };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Which price the engine takes for a material today: its own dated price, its group's
 * list at its sheet thickness (its `height`), or its price per unit. Read with the loader calculations use and
 * decided by the engine's own rule (`materialPriceInEffect`), so the page never says other than a calculation.
 */
@Injectable()
export class MaterialPrices {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly catalogue: CatalogueRepository,
  ) {}

  async inEffect(id: string, locale: Locale): Promise<MaterialPriceInEffectAnswer> {
    const manager = this.tenant.manager();
    const row = await this.catalogue.materialPricing(id);
    if (!row) throw new RecordNotFound();
    // The price data of a product made of this material alone: the material, its price history, its group and the group's list.
    const data = await loadPriceData(manager, [{ id, name: '', materialId: id }]);
    const material = data.materials?.find((candidate) => candidate.id === id);
    if (!material) throw new RecordNotFound();
    const group = data.groups?.find((candidate) => candidate.id === material.groupId) ?? null;
    const currency = await organizationCurrency(manager);
    const date = today();
    const inEffect = materialPriceInEffect(material, group, date, { thickness: row.thickness, language: locale, currency });
    return { ...inEffect, currency, priceUnit: row.price_unit, date, reason: reasonOf(locale, inEffect) };
  }
}

/** Why this price, in the reader's language. */
function reasonOf(locale: Locale, inEffect: MaterialPriceInEffect): string {
  const group = inEffect.groupName ?? '';
  const keys: Record<MaterialPriceInEffect['source'], MessageKey> = {
    own: 'material_price_own',
    group_list: inEffect.thickness === null ? 'material_price_group_list_any' : 'material_price_group_list',
    // Without a thickness of its own, a list by thickness still applies to the products it covers.
    price_per_unit: inEffect.thickness === null && inEffect.groupList.length > 0 ? 'material_price_per_unit_no_thickness' : 'material_price_per_unit',
    none: 'material_price_none',
  };
  return translate(locale, keys[inEffect.source], { group, thickness: decimalParam(inEffect.thickness ?? '0') });
}
