import { EntityManager } from 'typeorm';
import { PageMaterialRepository, PageMaterialRow, WishedMaterialRow } from './page-materials.repository';

export type PageMaterial = PageMaterialRow;
export type WishedMaterial = WishedMaterialRow;

/**
 * The materials the public quote page offers and the one a request wishes: master data owns materials, so the page
 * reads them here. In the caller's tenant transaction.
 */
export const PageMaterials = {
  /** Every material of the organization, names and thicknesses only, by name. */
  offered(manager: EntityManager): Promise<PageMaterial[]> {
    return new PageMaterialRepository(manager).offered();
  },

  /** The wished material; undefined: no such material here. */
  wished(manager: EntityManager, id: string): Promise<WishedMaterial | undefined> {
    return new PageMaterialRepository(manager).wished(id);
  },
};
